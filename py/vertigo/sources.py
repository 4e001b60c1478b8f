"""Names of the rule texts the core cites (see ``../shared/seeds/README.md``)."""

__all__ = ["HEIGHT", "HEIGHT_FALLING", "HEIGHT_COMBAT", "HEIGHT_RANGE", "HEIGHT_EXPLORATION"]

HEIGHT = "000_519d8b8e373365db.txt"
"""The Height rules (sections, falling, ranged across Height)."""

HEIGHT_FALLING = f"{HEIGHT} › Falling"
HEIGHT_COMBAT = f"{HEIGHT} › Combat"
HEIGHT_RANGE = f"{HEIGHT} › Height and Range"
HEIGHT_EXPLORATION = f"{HEIGHT} › Exploration"
