"""One package per game. Every package here is imported by the registry and registers itself."""
