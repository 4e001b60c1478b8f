"""Number formatting shared by parsers and explanations."""

from __future__ import annotations

__all__ = ["fmt"]


def fmt(value: float) -> str:
    """Format a Height, range or count the way the rules write it.

    Whole numbers print without a decimal point (``3``), others in the
    shortest form that round-trips (``1.5``).

    Args:
        value: an int or float.

    Returns:
        The text, e.g. ``"2"``, ``"-6"``, ``"1.5"``.
    """
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))
