"""The sim surface."""
