"""The rules of Paper Tales, one module per section of the rulebook, each a set of functions over
the state (:class:`~tabletop.games.paper_tales.state.PaperTalesState`):

========================================  ==========================================
rulebook section                          module
========================================  ==========================================
Set-up                                    ``setup.py``
The Kingdom (spots, resources, strength)  ``kingdom.py`` (and how abilities are asked)
A turn of six phases, the end             ``turn.py`` (and the phases' names)
1 Recruitment (the draft; 2 players)      ``recruitment.py``
2 Deployment                              ``deployment.py``
3 Wars (2 players: one War)               ``wars.py``
4 Income                                  ``income.py``
5 Construction                            ``construction.py``
6 Aging                                   ``aging.py``
End of the game                           ``endgame.py``
Solo: Army of the Lich King               ``solo.py``
========================================  ==========================================
"""
