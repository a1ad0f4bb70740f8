"""The rules of Paupers' Ladder, one module per rulebook section, as functions over the state
(state.py); the decisions (decisions.py) and the effects' handlers (effects.py) call them.

==========================  =====================================================================
rulebook section            module
==========================  =====================================================================
Setting Up the Game,        ``setup.py`` (the board, Paupers, Birds, the Recipe draft, the first
Starting the Game           purchase)
Playing a Turn              ``turn.py`` (a turn with both characters; what follows every answer)
1: Moving                   ``moving.py``
2: Exploring, Encounters    ``exploring.py`` (wild Regions, drawing and encountering cards; in
                            solo, hiding and the face-down cards)
Fighting Hazards,           ``fighting.py`` (Outcome cards and allies, bonuses, weapons, boosts,
The Lucky Charm             the lucky charm, rewards)
Card Decks                  ``decks.py`` (drawing, discarding, reshuffling, the Outcome decks)
Region cards' effects       ``choices.py`` (what a card's choice does: cards given up or kept);
                            each effect's handler is in effects.py
Exploring a City Region     ``cities.py`` (City Shops: buying and selling)
Equipment Cards             ``equipment.py`` (the Inventory, using Equipment, ACQUIRE)
Quests                      ``quests.py`` (Quest cards, wild Quests, Quests and Natural Disasters)
Recipes                     ``recipes.py`` (ingredients, learning Recipes, the Dispensary)
Game Objective (Virtues)    ``virtues.py``
End of the Game             ``ending.py`` (and a solo game won or lost)
Bird Cards                  ``birds.py`` (training, the trained abilities)
Survival Mode               ``survival.py`` (Lives, potions, healing, the Duty of Vigour)
Playing Solo                ``solo.py`` (the Time token, removing cards, solo set-up and Recipes)
Solo Scenarios              ``scenarios/`` (one module per scenario, registered by its id)
==========================  =====================================================================

A section calls those below it; what runs later (a fight's next draw, the end of an event, a card
effect) is queued on the state's effect queue and run through the tables of effects.py, and a
scenario's rules are found by its id (``scenarios.SCENARIOS``), so no section imports one above
it."""
