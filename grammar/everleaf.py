"""Everleaf: added in the next commit."""
