"""Small battlefields for the unit tests, built the same way in every module."""

from __future__ import annotations

from pathlib import Path

from vertigo.battlefield import Battlefield, Section

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
"""The bundled scenarios (``static/scenarios/``)."""


def field(elevations: dict[str, float], borders: list[tuple[str, str]]) -> Battlefield:
    """Sections named after their ids (``"top"`` → ``"Top"``), one drawing unit wide, with the given borders."""
    sections = [Section(sid, sid.capitalize(), e, i, i + 1) for i, (sid, e) in enumerate(elevations.items())]
    return Battlefield.build(sections, borders)


def chain(*elevations: float) -> Battlefield:
    """Sections ``s0``, ``s1``, … (names ``S0``, ``S1``, …) in a row, each bordering the next."""
    return field({f"s{i}": e for i, e in enumerate(elevations)},
                 [(f"s{i}", f"s{i + 1}") for i in range(len(elevations) - 1)])
