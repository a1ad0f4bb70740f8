"""The cli surface."""
