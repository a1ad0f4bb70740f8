"""The rules of Paper Tales, one module per section of the rulebook: the Kingdom, then the six
phases of a turn in order, the end of the game, the 2-player variant (inside the phases it
changes) and the solo mode against the Lich King."""
