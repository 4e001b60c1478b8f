"""The panel pieces of Combat at Different Levels: the fighter card's Size Modifier and weapons (G4), and a
levels verdict with both directions, the strange position and the DM's override (G1–G7, H7).  ElementTree
elements, every name escaped as text; the buttons carry ``data-action`` for its mode
(:mod:`vertigo.rules.levels.mode`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from vertigo.numbers import signed
from vertigo.rules.levels.rules.fields import SM, WEAPONS
from vertigo.rules.levels.rules.levels import Direction, LevelsVerdict
from vertigo.scenario import Fighter
from vertigo.table import Table
from vertigo.text import isolate
from vertigo_view.panels import button, cell_table, el, fact_term, step_list

__all__ = ["card_parts", "levels_verdict"]


def card_parts(fighter: Fighter) -> list[ET.Element]:
    """The fighter card's Size Modifier and weapons, each melee weapon's reach with the SM bonus (G4)."""
    card = ET.Element("div")
    el(card, "p", f"Size Modifier {signed(fighter[SM])}" + (
        " (G4: adds to its melee reach)" if fighter[SM] > 0 else ""), class_="meta", data_testid="fighter-sm")
    el(card, "h3", "Weapons")
    ul = el(card, "ul", class_="actions", data_testid="fighter-weapons")
    for w in fighter[WEAPONS]:
        if w.reach is None:
            el(ul, "li", f"{w.shown} (ranged: Combat at Different Levels governs melee only)")
            continue
        held = w.reach.with_size(fighter[SM])
        more = f" → reach {held} with SM {signed(fighter[SM])}" if str(held) != str(w.reach) else ""
        el(ul, "li", w.shown + more)
    if not fighter[WEAPONS]:
        el(ul, "li", "No weapons.")
    return list(card)


def _direction(box: ET.Element, table: Table, v: LevelsVerdict, d: Direction) -> None:
    """One direction of a levels verdict: defense, weapons, hit locations, the DM's override (G2–G7, H7)."""
    a, b = isolate(table.name(d.attacker)), isolate(table.name(d.defender))
    # Possible at this difference is not a strike if no melee weapon reaches across the distance (G4, G5): the
    # line says so, in the refused colour, rather than a green "Possible".
    unreached = d.final and d.out_of_reach
    sec = el(box, "section", class_="direction " + ("allowed" if d.final and not unreached else "refused"),
              data_testid="direction", data_attacker=d.attacker)
    role = f" ({d.attacker_side})" if d.attacker_side else ""
    el(sec, "h3", f"{a}{role} strikes {b}")
    line = "possible" if d.final else "impossible"
    if d.override is not None:
        line += f" — overridden by the DM (the rules say {'possible' if d.allowed else 'impossible'})"
    if unreached:
        line += f" at this difference, but no weapon of {a} reaches {d.distance_yd} yd (G4, G5)"
    if d.allowed or d.final:
        line += f"; {b} defends at {signed(d.defense_modifier)}"
    el(sec, "p", line[:1].upper() + line[1:] + ".", class_="summary", data_testid="direction-summary")
    _weapons(sec, d, a)
    _locations(sec, v, d, a)
    row = el(sec, "div", class_="buttons")
    if d.override is None:
        label = "Rule it out" if d.allowed else "Let it happen"
        button(row, label, "override-levels", f"{d.attacker}:{'forbid' if d.allowed else 'allow'}",
                class_="override", aria_label=f"{label}: DM override on {a} striking {b}")
    else:
        button(row, "Take back the override", "take-back-levels", d.attacker, class_="override",
                aria_label=f"Take back the override: DM override on {a} striking {b}")
    details = el(sec, "details", class_="why")
    el(details, "summary", "Every step")
    step_list(details, d.steps)


def _weapons(sec: ET.Element, d: Direction, a: str) -> None:
    """A direction's weapons: reach with the SM bonus, the distance, whether it reaches (G4, G5)."""
    rows: list[tuple[str, ...]] = []
    for w in d.weapons:
        if not w.melee:
            rows.append((w.name, "ranged", f"{w.distance_yd} yd", "001 governs melee only"))
            continue
        reach = w.reach or ""
        if w.reach_with_bonus != w.reach:
            reach += f" → {w.reach_with_bonus}"
        rows.append((w.name, reach, f"{w.distance_yd} yd", "reaches" if w.reaches else "out of reach"))
    if rows:
        cell_table(sec, f"Weapons of {a} (G4 reach with SM, G5 distance)",
                    ("Weapon", "Reach", "Distance", "Reaches?"), rows, "weapons")
    else:
        el(sec, "p", f"{a} has no weapons.", class_="meta")
    for w in d.weapons:
        if not w.melee:
            el(sec, "p", w.why, class_="meta")


def _locations(sec: ET.Element, v: LevelsVerdict, d: Direction, a: str) -> None:
    """A direction's hit locations: base / level / net, or why not (G2, G3, G6, G7)."""
    rows: list[tuple[str, ...]]
    if not d.allowed:
        el(sec, "p", d.steps[0].text if d.steps else "Combat is impossible.", class_="meta")
    elif v.hit_locations:
        rows = []
        for r in d.locations:
            name = r.name[:1].upper() + r.name[1:]
            if r.allowed and r.level is not None and r.net is not None:
                rows.append((name, signed(r.base), signed(r.level), signed(r.net)))
            else:
                rows.append((name, signed(r.base), "—", "not allowed"))
        cell_table(sec, f"Hit locations {a} may strike (G6)", ("Location", "Base", "Level", "Net"), rows,
                    "locations")
        for why in dict.fromkeys(r.why.split(": not allowed: ", 1)[-1] for r in d.locations if not r.allowed):
            el(sec, "p", f"Not allowed: {why}", class_="meta")
    else:
        struck = [r for r in d.locations if r.allowed]
        if [r.name for r in struck] == ["torso"]:
            g7 = next((s.text for s in d.steps if s.rule == "G7"), "Hit locations off: the attack hits the torso.")
            el(sec, "p", g7, class_="meta", data_testid="locations-off")
        else:
            rows = [(r.name[:1].upper() + r.name[1:], signed(r.base)) for r in struck]
            cell_table(sec, f"Hit locations off (G7), but {a} may strike only these: at the normal penalty, no "
                             "level modifier", ("Location", "Penalty"), rows, "locations")


def levels_verdict(table: Table, v: LevelsVerdict) -> ET.Element:
    """Two fighters at different levels (G1–G7): the summary and one line per direction (each
    :attr:`Direction.summary`), the difference with its arithmetic, the band, the upper fighter, the
    strange-position toggle (G3, over 6 ft), then both directions' tables in one ``div.directions``, each with its
    DM override (H7)."""
    (fa, fb) = v.fighters
    a, b = isolate(fa.name), isolate(fb.name)
    box = el(None, "div", class_="verdict levels " + ("allowed" if v.possible else "refused"),
              data_testid="levels")
    el(box, "h2", f"{a} and {b}: combat at different levels")
    el(box, "p", v.summary, class_="summary", data_testid="levels-summary")
    # Both directions at once before the facts and the tables, so a phone's sheet shows both answers without
    # scrolling (issue 22): each the direction's own one line, the log's words.
    ways = el(box, "ul", class_="both-ways", data_testid="levels-both-ways")
    for d in v.directions:
        el(ways, "li", d.summary, class_="allowed" if d.final and not d.out_of_reach else "refused")
    dl = el(box, "dl", class_="facts")
    g1 = next((s.text for s in v.steps if s.rule == "G1" and s.text.startswith("Difference")), v.summary)
    for term, rule, text, testid in (
            ("Difference", "G1", g1.removeprefix("Difference: ").rstrip("."), "levels-difference"),
            ("Band", "G2", v.band.label, "levels-band"),
            ("Upper fighter", None, isolate(table.name(v.upper)) if v.upper else "none (1 ft or less)",
             "levels-upper")):
        fact_term(dl, term, rule)
        el(dl, "dd", text, data_testid=testid)
    if v.strange_position:
        fact_term(dl, "Lying down", "G3")
        el(dl, "dd", next((s.text.split(": ", 1)[-1] for s in v.steps if s.rule == "G3"
                            and s.text.startswith("Strange")), ""), data_testid="levels-strange")
    band = next((s for s in v.steps if "Band:" in s.text), None)
    if band is not None:
        el(box, "p", band.text, class_="band-text")
    if not v.possible:
        el(box, "p", "Combat is impossible at this difference" + (
            " even lying down." if v.strange_position else
            " unless the upper fighter lies down at the edge (G3)."), class_="impossible",
            data_testid="levels-impossible")
    if v.strange_offered:
        row = el(box, "div", class_="buttons")
        button(row, "Upper fighter lies down at the edge", "strange", None, class_="toggle",
                aria_pressed="true" if v.strange_position else "false", data_testid="strange")
    if not v.hit_locations:
        el(box, "p", "Hit locations are off in this scenario (G7): no location modifiers.", class_="meta")
    # The two directions in one box: a wide screen sets them side by side (static/style.css, ``.directions``).
    pair = el(box, "div", class_="directions")
    for d in v.directions:
        _direction(pair, table, v, d)
    other = fb.id
    row = el(box, "div", class_="buttons")
    button(row, f"Select {b} instead (S)", "select", other, aria_keyshortcuts="S")
    return box
