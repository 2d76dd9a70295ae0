"""prosec: compile OpenProse coordination patterns into typed, checked Python."""

__version__ = "0.1.0"
