"""The web surface."""
