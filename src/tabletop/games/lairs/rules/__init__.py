"""The rules of Lairs, one module per section of the rulebook: building (with Hazard Selection),
set-up, turns, energy, exploring, checks, treasure, the Adventurer's Pack, solo; the effect queue
and the Builder's hidden moves of Monsters."""
