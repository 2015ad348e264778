"""Writes of the improver app, one module per concept."""
