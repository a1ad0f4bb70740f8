"""The store surface."""
