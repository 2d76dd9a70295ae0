"""``python -m prosec``."""

from .cli import main

main()
