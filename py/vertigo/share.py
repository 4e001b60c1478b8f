"""Share links: a table in play carried in a URL fragment, ``#v1=`` + base64url of raw deflate of JSON.

A link's fragment is ``#v1=`` followed by base64url (RFC 4648 §5, no padding) of raw deflate (``zlib``,
``wbits=-15``, level 9) of the compact UTF-8 JSON of a payload object, in one of two forms::

    {"share": 1, "scenario": <the document Export writes: every fighter where it stands, the rolls made,
                              the per-fighter state>}
    {"share": 1, "bundled": "cliff.json", "sha256": "<first 16 hex of the file's SHA-256>",
     "positions": {fighter: place}, "rolls": N, "states": {fighter: {key: value}}}

The short, bundled form names a battlefield the page ships (``static/scenarios``) and lists only the
fighters not at their starting place (a place as the saved table writes it, :func:`vertigo.storage.place_json`)
and the states only when there are any.  Every link is at most :data:`MAX_FRAGMENT` characters: a longer one
is refused unread, and inflating stops at :data:`MAX_INFLATED` bytes, so a deflate bomb costs at most that.
A link that is damaged, hostile or of a newer format raises :class:`~vertigo.errors.ShareError` with a
specific one-line message and changes nothing; its names only ever reach the page as text.

Source: issue 27 ("Share links": the fragment, its caps, the short links to bundled battlefields, the page
saying when such a file has changed since).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import scenario as scenario_mod
from . import storage
from .errors import ScenarioError, ShareError
from .scenario import Scenario
from .table import Table, state_json
from .text import isolate, quote

__all__ = ["PREFIX", "MAX_FRAGMENT", "MAX_INFLATED", "SHARE_VERSION", "Opened", "fragment", "payload_of",
           "full_payload", "bundled_payload", "file_hash", "link_for", "open_payload", "open_link"]

PREFIX = "#v1="
"""What every share link's fragment starts with; a fragment without it is not a share link."""
MAX_FRAGMENT = 8000
"""Longest fragment made or read, in characters, ``#v1=`` included: longer ones are refused unread."""
MAX_INFLATED = 2_000_000
"""Most bytes inflating a fragment may produce (the largest scenario document, :data:`vertigo.limits.
MAX_DOCUMENT_CHARS`, is no more); a deflate stream that would produce more is stopped at the cap."""
SHARE_VERSION = 1
"""The payload version (``"share"``) written and read."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
"""RFC 4648 §5's alphabet, without padding."""
_HASH = re.compile(r"[0-9a-f]{16}")
"""A bundled file's hash as a link writes it: the first 16 lowercase hex digits of its SHA-256."""
_BUNDLED_KEYS = ("share", "bundled", "sha256", "positions", "rolls", "states")
"""The fields of the bundled form, in the order written; ``states`` may be left out."""


@dataclass(frozen=True, slots=True)
class Opened:
    """A share link opened: the table it carries, ready to play.

    Attributes:
        table: the table, its log starting ``Opened “title”`` (:meth:`vertigo.table.Table.start`), every
            fighter where the link put it, the rolls made and the per-fighter state.
        title: the battlefield's title (text only: show it isolated, :func:`vertigo.text.isolate`).
        notes: what the page should say beside it, one line each: a bundled battlefield that changed since
            the link was made, and each fighter or state the link held that could not be placed on it.
        bundled: the bundled battlefield's file name for a short link (``"cliff.json"``), None for a full one.
    """

    table: Table
    title: str
    notes: tuple[str, ...] = ()
    bundled: str | None = None


def _refused(problem: str) -> ShareError:
    """The error of a link refused for one reason (``problem``: one line, ``"link…: …"``)."""
    return ShareError([problem], "the link")


def fragment(payload: Mapping[str, Any]) -> str:
    """The fragment of a payload: ``#v1=`` + base64url (no padding) of raw deflate (level 9) of its compact
    UTF-8 JSON, keys in the order given.

    Args:
        payload: :func:`full_payload` or :func:`bundled_payload` (any JSON-ready mapping).

    Returns:
        The fragment, ``#v1=`` included, at most :data:`MAX_FRAGMENT` characters.

    Raises:
        ShareError: the fragment would be longer than :data:`MAX_FRAGMENT` (the message gives its length and
            says to share the file instead).
    """
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    made = PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    if len(made) > MAX_FRAGMENT:
        raise _refused(f"link: would be {len(made):,} characters; a link holds at most {MAX_FRAGMENT:,}: "
                       "share the file instead (Export)")
    return made


def payload_of(fragment: str) -> dict[str, Any]:
    """The payload a fragment carries, checked step by step before the next one runs.

    Its length is checked before anything is read; the base64url alphabet before decoding; inflating stops
    at :data:`MAX_INFLATED` bytes (``zlib.decompressobj(-15).decompress(data, max_length)``: a bomb never
    allocates more) and must end the deflate stream exactly; the text must be UTF-8 and JSON that the scenario
    reader's size and nesting guard accepts (:func:`vertigo.scenario.decode`); ``"share"`` must be 1.

    Args:
        fragment: the URL fragment, ``#`` included (``location.hash``).

    Returns:
        The payload object, keys in the order written; its form is checked by :func:`open_payload`.

    Raises:
        ShareError: over :data:`MAX_FRAGMENT` characters (unread), no ``#v1=``, a character outside
            base64url, deflate data that is damaged, cut short, followed by more data or inflating past
            :data:`MAX_INFLATED`, text that is not UTF-8 or not JSON, JSON that is not an object, or a
            ``"share"`` version other than 1 (a newer one says so).
    """
    if len(fragment) > MAX_FRAGMENT:
        raise _refused(f"link: is {len(fragment):,} characters; a link holds at most {MAX_FRAGMENT:,}, so it was "
                       "not read")
    if not fragment.startswith(PREFIX):
        raise _refused(f"link: does not start with {PREFIX}, so it is not a Vertigo share link: "
                       f"{quote(fragment[:len(PREFIX)])}")
    body = fragment[len(PREFIX):]
    if not body:
        raise _refused(f"link: is empty after {PREFIX}")
    if not _BASE64URL.fullmatch(body):
        at = next(i for i, c in enumerate(body) if not _BASE64URL.fullmatch(c))
        raise _refused(f"link: is damaged: character {at + 1} after {PREFIX} is {quote(body[at])}; a link holds "
                       "only letters, digits, - and _ there (base64url)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _refused(f"link: is damaged: its {len(body):,} characters after {PREFIX} are not whole base64url "
                       "(one character too many or too few: was it cut short?)") from None
    return _read(_inflated(packed))


def _inflated(packed: bytes) -> bytes:
    """The raw deflate stream ``packed`` inflated, at most :data:`MAX_INFLATED` bytes ever produced."""
    inflater = zlib.decompressobj(-15)
    try:
        out = inflater.decompress(packed, MAX_INFLATED + 1)
    except zlib.error as e:
        raise _refused(f"link: is damaged: its compressed data does not inflate ({e})") from None
    if len(out) > MAX_INFLATED:
        raise _refused(f"link: inflates to more than {MAX_INFLATED:,} characters, the most a link may hold; it "
                       f"was stopped there and not opened")
    if not inflater.eof:
        raise _refused("link: is damaged: its compressed data ends before its last block (was it cut short?)")
    if inflater.unused_data:
        raise _refused(f"link: is damaged: {len(inflater.unused_data):,} bytes follow the end of its compressed "
                       "data")
    return out


def _read(data: bytes) -> dict[str, Any]:
    """The payload object of inflated bytes: UTF-8, JSON (size and nesting guarded), an object, share 1."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _refused(f"link: is damaged: its contents are not UTF-8 text (byte {e.start + 1:,})") from None
    try:
        doc = scenario_mod.decode(text, "link", MAX_INFLATED)
    except ScenarioError as e:
        raise ShareError([p if p.startswith("link") else f"link: {p}" for p in e.problems], "the link") from None
    if not isinstance(doc, dict):
        raise _refused(f"link: must hold a JSON object: {quote(doc)}")
    version = doc.get("share")
    if isinstance(version, int) and not isinstance(version, bool) and version > SHARE_VERSION:
        raise _refused(f"link: this link was made by a newer Vertigo (share version {quote(version)}); this page "
                       f"reads version {SHARE_VERSION}")
    if isinstance(version, bool) or version != SHARE_VERSION:
        raise _refused(f'link: is not a Vertigo share link: its "share" must be {SHARE_VERSION}: {quote(version)}')
    return doc


def full_payload(table: Table) -> dict[str, Any]:
    """The full form: ``{"share": 1, "scenario": <the document Export writes of this table>}`` — every fighter
    where it stands, ``dice_rolls`` the rolls made, the per-fighter state as it is
    (:func:`vertigo.scenario.dump` with ``dict(table.stands)``, ``rolls=table.rolls``,
    ``states=table.export_states()``)."""
    doc = scenario_mod.dump(table.scenario, dict(table.stands), rolls=table.rolls, states=table.export_states())
    return {"share": SHARE_VERSION, "scenario": doc}


def file_hash(file_text: str) -> str:
    """The first 16 lowercase hex digits of the SHA-256 of ``file_text``'s UTF-8 bytes (a bundled link's
    ``"sha256"``)."""
    return hashlib.sha256(file_text.encode("utf-8")).hexdigest()[:16]


def bundled_payload(table: Table, file_name: str, file_text: str) -> dict[str, Any]:
    """The short form, for a table whose battlefield is the bundled file ``file_name`` (text ``file_text``).

    Returns:
        ``{"share": 1, "bundled": file_name, "sha256": file_hash(file_text), "positions": {fighter: place},
        "rolls": table.rolls, "states": {fighter: {key: value}}}``: only the fighters not at their starting
        place, in document order, each place as :func:`vertigo.storage.place_json` writes it; ``"states"``
        (:attr:`vertigo.table.Table.states`, each value as :func:`vertigo.table.state_json` writes it) only
        when the table has any.
    """
    starts = {f.id: f.start for f in table.scenario.fighters}
    doc: dict[str, Any] = {
        "share": SHARE_VERSION, "bundled": file_name, "sha256": file_hash(file_text),
        "positions": {fid: storage.place_json(at) for fid, at in table.stands if at != starts[fid]},
        "rolls": table.rolls,
    }
    if table.states:
        held: dict[str, dict[str, Any]] = {}
        for fid, key, value in table.states:
            held.setdefault(fid, {})[key] = state_json(value)
        doc["states"] = held
    return doc


def link_for(table: Table, bundled: tuple[str, str] | None) -> str:
    """The fragment that shares ``table``: the short form when ``bundled`` is ``(file name, file text)`` of a
    bundled battlefield whose scenario is the table's, else the full form.

    Raises:
        ShareError: the fragment would be longer than :data:`MAX_FRAGMENT` (share the file instead).
    """
    if bundled is not None:
        name, text = bundled
        try:
            same = scenario_mod.loads(text) == table.scenario
        except ScenarioError:
            same = False
        if same:
            return fragment(bundled_payload(table, name, text))
    return fragment(full_payload(table))


def open_link(fragment: str, bundled_files: Mapping[str, str]) -> Opened:
    """:func:`open_payload` of :func:`payload_of`: a fragment opened, or a :class:`ShareError`."""
    return open_payload(payload_of(fragment), bundled_files)


def open_payload(payload: Mapping[str, Any], bundled_files: Mapping[str, str]) -> Opened:
    """The table a payload carries.

    A full payload's scenario is loaded by the importer (:func:`vertigo.scenario.load`) and started.  A
    bundled payload's battlefield is the file of that name; its positions, rolls and states are checked as a
    saved table's are (:func:`vertigo.storage.restore`).  When the file's hash is not the link's, the file has
    changed since the link was made: the notes say so, every fighter the link placed that can still stand
    there is placed, and each one (or state) that cannot is named in a note.

    Args:
        payload: from :func:`payload_of`.
        bundled_files: file name → text of each bundled battlefield (``static/scenarios``).

    Returns:
        The opened table, its title and notes.

    Raises:
        ShareError: a payload of neither form or with a field of the wrong kind; a bundled name the page
            does not have; a battlefield the importer refuses (its problems kept, at their places); a place,
            roll count or state that is wrong for an unchanged battlefield.
    """
    extra = [k for k in payload if k not in _BUNDLED_KEYS and k != "scenario"]
    if extra or ("scenario" in payload) == ("bundled" in payload):
        raise _refused(f'link: must hold "share" and either "scenario" or "bundled", "sha256", "positions", '
                       f'"rolls" and "states"{f": not {quote(extra[0])}" if extra else ""}')
    if "scenario" in payload:
        if len(payload) != 2:
            raise _refused(f'link: a link with a "scenario" holds nothing else but "share": '
                           f'{quote(next(k for k in payload if k not in ("share", "scenario")))}')
        try:
            sc = scenario_mod.load(payload["scenario"])
        except ScenarioError as e:
            raise ShareError(e.problems, "the link's battlefield") from None
        return Opened(Table.start(sc, "Opened"), sc.title)
    return _bundled(payload, bundled_files)


def _bundled(payload: Mapping[str, Any], files: Mapping[str, str]) -> Opened:
    """A bundled payload opened on the file it names (:func:`open_payload`)."""
    missing = [k for k in _BUNDLED_KEYS[1:-1] if k not in payload]
    if missing:
        raise _refused(f"link: a link to a bundled battlefield must have {quote(missing[0])}")
    name, digest = payload["bundled"], payload["sha256"]
    if not isinstance(name, str) or name not in files:
        raise _refused(f"link.bundled: names no battlefield this page has: {quote(name)}")
    if not isinstance(digest, str) or not _HASH.fullmatch(digest):
        raise _refused(f"link.sha256: must be 16 lowercase hexadecimal digits: {quote(digest)}")
    try:
        sc = scenario_mod.loads(files[name])
    except ScenarioError as e:
        raise ShareError([f"link.bundled: the battlefield {quote(name)} does not load: {p}" for p in e.problems],
                         "the link") from None
    positions, rolls, states = payload["positions"], payload["rolls"], payload.get("states")
    ids = [f.id for f in sc.fighters]
    if file_hash(files[name]) == digest:
        if isinstance(positions, dict):
            for fid in positions:
                if fid not in ids:
                    raise _refused(f"link.positions: places no fighter of “{isolate(sc.title)}”: {quote(fid)}")
        return Opened(_restored(sc, positions, rolls, states), sc.title, (), name)
    _restored(sc, {}, rolls, None)  # the roll count, whatever has changed
    notes = [f"the battlefield “{isolate(sc.title)}” ({quote(name)}) has changed since this link was made: the "
             "fighters are placed where the link put them wherever that still exists"]
    placed = _kept(sc, positions, lambda fid, at: _restored(sc, {fid: at}, rolls, None), "positions", notes)
    held = _kept(sc, states or {}, lambda fid, at: _restored(sc, {}, rolls, {fid: at}), "states", notes)
    return Opened(_restored(sc, placed, rolls, held or None), sc.title, tuple(notes), name)


def _kept(sc: Scenario, given: Any, check: Callable[[str, Any], Table], field: str, notes: list[str]) -> dict[str, Any]:
    """The entries of a link's ``positions`` or ``states`` that ``check(fighter, value)`` accepts on a changed
    battlefield; a note for each refused one (it stays at its start, or as the battlefield starts it)."""
    if not isinstance(given, dict):
        raise _refused(f"link.{field}: must map fighter ids to {field}: {quote(given)}")
    kept: dict[str, Any] = {}
    ids = {f.id for f in sc.fighters}
    left = "stands at its start" if field == "positions" else "keeps its state as the battlefield starts it"
    for fid, value in given.items():
        if fid not in ids:
            notes.append(f"link.{field}: no fighter {quote(fid)} on the battlefield now, so it was left out")
            continue
        try:
            check(fid, value)
        except ShareError as e:
            notes.append(f"{e.problems[0]}; it {left}")
            continue
        kept[fid] = value
    return kept


def _restored(sc: Scenario, positions: Any, rolls: Any, states: Any) -> Table:
    """A table of ``sc`` with the link's positions (the fighters it leaves out at their start), rolls and
    states, each checked exactly as a saved table's are (:func:`vertigo.storage.restore`, whose messages
    name the field: ``link.positions: places fighter 'goat' on no section: 'ledge'``).

    Raises:
        ShareError: a place, roll count or state the saved table would refuse.
    """
    if isinstance(positions, dict):
        positions = {f.id: positions[f.id] if f.id in positions else storage.place_json(f.start)
                     for f in sc.fighters}
    saved: dict[str, Any] = {"table": storage.SAVED_VERSION, "scenario": scenario_mod.dump(sc),
                             "positions": positions, "rolls": rolls}
    if states is not None:
        saved["states"] = states
    try:
        table = storage.restore(json.dumps(saved, ensure_ascii=False))
    except ScenarioError as e:
        raise ShareError([f"link.{p.removeprefix('saved table.')}" if p.startswith("saved table.") else p
                          for p in e.problems], "the link") from None
    start = Table.start(replace(sc, dice_rolls=table.rolls), "Opened")
    return replace(start, scenario=sc, stands=table.stands, states=table.states)
