"""The page layer's DOM helpers that hold no controller: the browser's storage and its keys, the bundled
scenarios and the table a visit starts with, event wiring (:func:`on`), the toolbar's roving tabindex, focus
and scroll options, the saving banner, the note outside a secure context and downloads.  :mod:`app`
(``py/app.py``) wires the controller's updates into the page with them; both import ``js``, nothing else does.
"""

import contextlib
import json

from js import URL, Blob, Object, Promise, document, performance, requestAnimationFrame, setTimeout, window
from pyodide.ffi import create_once_callable, create_proxy, to_js

from vertigo import scenario as scenario_mod
from vertigo.errors import RulesError, ScenarioError
from vertigo.numbers import count
from vertigo.table import Table
from vertigo.text import isolate, shown_name
from vertigo_page.controller import MAX_IMPORT_BYTES, Controller
from vertigo_view import side_view


def _local_storage():
    """The browser's localStorage, or None where the browser blocks it (reading the property throws)."""
    try:
        return window.localStorage
    except Exception:
        return None


localStorage = _local_storage()
STORE = "vertigo.table.v1"
DAMAGED = STORE + ".damaged"
PICTURE = "vertigo.picture.v1"
"""The SVG text of the table as a reload will first draw it, shown by static/boot.js before Python is ready."""
SEED_HIDDEN = "vertigo.hide-seed.v1"
"""``"1"`` while the Hide dice seed switch is on (issue 22): remembered across visits."""
with open("scenarios/index.json") as _index:
    BUNDLED = json.loads(_index.read())
BUNDLED_BY_TITLE = {item["title"]: item["file"] for item in BUNDLED}
BUNDLED_FILES = frozenset(BUNDLED_BY_TITLE.values())


_bundled_scenarios = {}
"""Each bundled file's scenario (immutable), read the first time it is asked for."""


def bundled_scenario(file):
    """The scenario of a bundled file, read once: Load starts a table from it, the picker compares with it."""
    if file not in _bundled_scenarios:
        with open(f"scenarios/{file}") as f:
            _bundled_scenarios[file] = scenario_mod.loads(f.read())
    return _bundled_scenarios[file]


def bundled(file):
    """A fresh table for a bundled scenario file."""
    return Table.start(bundled_scenario(file))


def first_table():
    """The stored table if it restores, else the first bundled scenario; and any problem to tell the user.

    A stored text that does not restore is copied to DAMAGED before it is removed from STORE, never the
    other way round: if the copy fails (storage full), the original stays where it is and saving is held
    back (``saving_paused``) so this session cannot write over it.  Only the newest damaged copy is kept;
    the message says when an older one is dropped.
    """
    try:
        text = localStorage.getItem(STORE)
    except Exception as e:  # storage blocked by the browser (localStorage is None, or it throws)
        saving["failed"] = "this browser blocks its storage for this page"
        return bundled(BUNDLED[0]["file"]), f"This browser's storage cannot be read, so nothing will be kept: {e}"
    if not text:
        return bundled(BUNDLED[0]["file"]), None
    try:
        return Controller.restore(text), None
    except RulesError as e:
        problem = f"The saved table could not be restored: {e}"
    with contextlib.suppress(Exception):  # its picture goes with it, and leaves room for the copy aside
        localStorage.removeItem(PICTURE)
    older = localStorage.getItem(DAMAGED) or None  # a missing key is JavaScript's null
    try:
        localStorage.setItem(DAMAGED, text)
    except Exception:
        if older is not None:  # make room: the newest damaged copy is the one kept
            localStorage.removeItem(DAMAGED)
            problem += f"\nAn older damaged copy under {DAMAGED} was dropped to make room."
            older = None
            with contextlib.suppress(Exception):
                localStorage.setItem(DAMAGED, text)
    if localStorage.getItem(DAMAGED) == text:
        localStorage.removeItem(STORE)
        problem += f"\nIt is kept as {DAMAGED}."
        if older is not None and older != text:
            problem += " An older damaged copy that was kept there has been replaced."
    else:
        saving["paused"] = True
        problem += (f"\nBrowser storage is too full to copy it aside, so it is left under {STORE} and this "
                    "table will not be saved over it. Download it (below) or free storage, then reload.")
    return bundled(BUNDLED[0]["file"]), problem


saving = {"paused": False, "failed": None, "other_tab": False, "last": None}
"""Whether saving is held back (a damaged table could not be copied aside, or another tab saved its own table
since: ``other_tab``), the last save's error, and the text this tab last saved (``last``)."""


def on(event_type, selector):
    """Decorator: ``handler(event)`` listens for ``event_type`` events on every element ``selector`` matches
    now (each of the page's is a single element). PyScript's ``when`` does the same through ``pyscript.web``,
    whose import and element wrappers took 40 ms of the page's start; an ``async def`` handler runs as a task,
    as there."""
    def listen(handler):
        proxy = create_proxy(handler)
        for element in document.querySelectorAll(selector):
            element.addEventListener(event_type, proxy)
        return handler
    return listen


def by_id(name):
    """The element with this id."""
    return document.getElementById(name)


def store_table(ctl):
    """Save the controller's table; the picture of the last visit gives way if the table needs its room."""
    text = ctl.saved()
    try:
        localStorage.setItem(STORE, text)
    except Exception:
        if localStorage.getItem(PICTURE) is None:
            raise
        localStorage.removeItem(PICTURE)
        localStorage.setItem(STORE, text)
    saving["last"] = text


def seed_switch():
    """The Hide dice seed switch as this browser remembers it: set on the page, and returned (a bool)."""
    hidden = False
    with contextlib.suppress(Exception):  # storage blocked: the seed is shown
        hidden = localStorage.getItem(SEED_HIDDEN) == "1"
    by_id("hide-seed").checked = hidden
    return hidden


def remember_seed_hidden(hidden):
    """Remember the Hide dice seed switch (where the browser lets the page store anything); returns ``hidden``."""
    with contextlib.suppress(Exception):
        if hidden:
            localStorage.setItem(SEED_HIDDEN, "1")
        else:
            localStorage.removeItem(SEED_HIDDEN)
    return bool(hidden)


_in_play = {"file": ""}
"""The bundled file of the battlefield in play, as the picker names it ("": an imported one)."""


@on("change", "#scenario")
def picker_note(event=None):
    """Beside the picker: "Load to play it" while the battlefield chosen there is not the one in play (a choice
    in the picker changes nothing until Load; issue 22), else nothing."""
    chosen = by_id("scenario").value
    by_id("picker-note").textContent = "Load to play it" if chosen and chosen != _in_play["file"] else ""


def show_in_picker(scenario):
    """The Battlefield picker names the battlefield in play: its bundled entry when it is that very scenario, or
    else (an imported one, even one exported from a bundled battlefield after a move, which has the bundled title
    and other places to start from) an option of its own with its title as text, first in the list and disabled
    (not a choice to Load: Load there put the bundled start back in play over the imported places)."""
    title = scenario.title
    picker = by_id("scenario")
    own = by_id("scenario-in-play")
    file = BUNDLED_BY_TITLE.get(title)
    if file is not None and scenario == bundled_scenario(file):
        if own:
            own.remove()
        picker.value = _in_play["file"] = file
        picker_note()
        return
    if not own:  # getElementById's null (Pyodide's jsnull, not None)
        own = document.createElement("option")
        own.id = "scenario-in-play"
        own.value = ""
        own.disabled = True
        picker.prepend(own)
    own.textContent = f"{isolate(title)} (imported)"  # beside the bundled entry of the same title, told apart
    picker.value = _in_play["file"] = ""
    picker_note()


# -- the keyboard: two roving tabindexes (the header's toolbar and the side view), arrows inside each ----------
ITEMS = "[role=button][data-fighter], [role=button][data-section]"
"""The side view's keyboard buttons (the overlay's highlights carry data-section too, but no role)."""
TOOLS = ("scenario", "load", "undo", "export", "import-file", "edit", "share", "hide-seed")
"""The header toolbar's controls in order: one Tab stop among them, ←/→ move between them."""


def _view_item(el):
    """The side-view button ``el`` is, or None."""
    if el and el.closest and el.closest("#view") and el.getAttribute("role") == "button" and el.id:
        return el
    return None


def tool_rove(current=None):
    """One Tab stop in the header toolbar: ``current`` (an id), else the present stop while it is enabled,
    else the first enabled control."""
    items = [by_id(name) for name in TOOLS]
    enabled = [e.id for e in items if not e.disabled]
    now = [e.id for e in items if e.getAttribute("tabindex") == "0"]
    if current not in enabled:
        current = now[0] if now and now[0] in enabled else (enabled[0] if enabled else TOOLS[0])
    for e in items:
        e.setAttribute("tabindex", "0" if e.id == current else "-1")


_marked = {"els": []}
"""The drawing's elements :func:`honour_overlay` marked last time (unmarked first on the next call)."""


def honour_overlay():
    """Do what the overlay's marks ask of the rest of the drawing (``py/vertigo_view/overlay.py``): a Height tag
    that a levels verdict's dimension line repeats (its ``data-carries``, "floor|table") gives way (``.given-way``,
    issue 22: two "3 ft" tags side by side), and a fighter drawn lying down (``.lying-down[data-fighter]``, G3)
    has its standing figure drawn faint (``.lying``).  Called after every update that wrote the view; the marks
    of the previous call are taken off first."""
    for el in _marked["els"]:
        el.classList.remove("given-way", "lying")
    marked = []
    overlay = by_id("overlay")
    if overlay is not None:
        view = by_id("view")
        for dim in overlay.querySelectorAll(".levels-dimension[data-carries]"):
            for key in dim.getAttribute("data-carries").split():  # ids are [A-Za-z0-9_.-]: safe in the quotes
                marked += list(view.querySelectorAll(f'#labels .border-mark[data-border="{key}"]'))
        for el in marked:
            el.classList.add("given-way")
        for lying in overlay.querySelectorAll(".lying-down[data-fighter]"):
            fighter = by_id(f"fighter-{lying.getAttribute('data-fighter')}")
            if fighter is not None:
                fighter.classList.add("lying")
                marked.append(fighter)
    _marked["els"] = marked


NEAREST = to_js({"block": "nearest"}, dict_converter=Object.fromEntries)
"""Options for ``scrollIntoView()`` that scroll only as far as needed to show the element whole."""

NO_SCROLL = to_js({"preventScroll": True}, dict_converter=Object.fromEntries)
"""Options for ``focus()`` that leave every scroll position as it is."""

POINTED = to_js({"preventScroll": True, "focusVisible": False}, dict_converter=Object.fromEntries)
"""Options for ``focus()`` after a click or tap: no scrolling, and no focus ring (the browser would otherwise draw
one where the focus it moves had one, as after Enter on Confirm); the next arrow key, which moves the focus, draws
it again."""


def on_storage(event):
    """Another tab of this page saved its table (the browser's ``storage`` event reaches every other tab): from
    now on this tab would save over it, and a reload of either would lose the other's moves. So this tab stops
    saving and says so, until the referee picks one: reload here to take the other tab's table, or keep this
    one, which saves it over the other (and that tab is told the same)."""
    if event.key != STORE or event.newValue is None or event.newValue == saving["last"]:
        return
    saving["other_tab"] = True
    show_saving()


INSECURE = "This page came over plain http: offline copy and install need https or localhost."
"""Said once, after the first status, where the browser gives the page no service worker (issue 21): a LAN
address over plain http is no secure context, so nothing is kept for offline use and the page cannot be
installed; the page referees as usual."""


def with_secure_note(status):
    """The first status line, with :data:`INSECURE` after it outside a secure context."""
    return status if window.isSecureContext else f"{status} {INSECURE}"


def show_saving():
    """The lasting notice while the table in play is not being saved (it stays until a save succeeds)."""
    notice = by_id("saving")
    if saving["paused"]:
        notice.textContent = (f"Not saved: a damaged saved table fills the browser's storage under {STORE}. "
                              "Export this battlefield to keep it, or download the damaged table and discard it.")
    elif saving["failed"]:
        notice.textContent = ("Not saved: the browser refused to store the table "
                              f"({saving['failed']}). A reload would lose the moves since the last save; "
                              "Export keeps the battlefield. Vertigo tries again at every change.")
    elif saving["other_tab"]:
        notice.textContent = ("Not saved: another tab of Vertigo has saved its own table since. So that neither "
                              "is lost, this tab no longer saves. Reload to go on from the other tab's table, "
                              "or keep this tab's table, which saves it over the other.")
    notice.hidden = not (saving["paused"] or saving["failed"] or saving["other_tab"])
    by_id("damaged-actions").hidden = not saving["paused"]
    by_id("other-tab-actions").hidden = saving["paused"] or not saving["other_tab"]


def focus_area():
    """Where the keyboard is: ``"view"`` (a fighter or section), ``"bar"`` (a toolbar control) or None."""
    el = document.activeElement
    if _view_item(el):
        return "view"
    return "bar" if el and el.id in TOOLS else None


def side_to_top():
    """Scroll the side panel (verdict, status, errors; a sheet of its own on a phone) back to its top, if it is
    not there: only then is its layout asked for."""
    side = document.querySelector(".side")
    if side and side.scrollTop:
        side.scrollTop = 0


def scenario_x(event):
    """The horizontal position of a click in the scenario's unit: the screen point mapped into the SVG's user
    space, divided by the SVG units per scenario unit (``data-per-unit`` on the root ``<svg>``)."""
    svg = by_id("view").querySelector("svg")
    ctm = svg.getScreenCTM() if svg else None
    if not ctm:  # null (jsnull) while the drawing is not rendered
        return None
    pt = svg.createSVGPoint()
    pt.x, pt.y = event.clientX, event.clientY
    per_unit = float(svg.getAttribute("data-per-unit") or getattr(side_view, "UX", 48.0))
    return pt.matrixTransform(ctm.inverse()).x / per_unit


def point_at(el):
    """A click or tap on a fighter or section moves the keyboard's focus there too, as Tab and the arrow keys
    would: Enter then acts on what the referee last chose (a Confirm leaves the focus on the fighter that moved,
    and Enter after a tap on another fighter acted on the one that had moved). Without scrolling anything; a
    pointer's focus draws no focus ring (style.css draws it for :focus-visible)."""
    item = _view_item(el)
    if item is None and el.classList.contains("tap"):  # a section's tap region (static/view.js, tapRegions)
        item = _view_item(by_id(f"section-{el.getAttribute('data-section')}"))
    if item and document.activeElement != item:
        item.focus(POINTED)


NOT_TEXT = frozenset({"button", "checkbox", "color", "file", "hidden", "image", "radio", "range", "reset",
                      "submit"})
"""The ``<input>`` types that take no typed text, so have no undo of their own for Ctrl+Z."""


def follow_rule(link):
    """A rule tag of the panel was followed (a click, or Enter on it): open the glossary, scroll its entry into
    view within the side panel and give it the focus, so Tab goes on from there and Escape goes back to the side
    view. The URL is left as it is: a ``#rule-h5`` kept there made every reload open with the panel scrolled
    down to the glossary instead of the verdict, and each tag followed was one more Back press."""
    entry = by_id(link.getAttribute("href")[1:])
    if not entry:
        return
    details = entry.closest("details")
    if details:
        details.open = True
    entry.scrollIntoView(NEAREST)
    entry.focus(NO_SCROLL)


def download(text, name):
    """Offer ``text`` as a file download."""
    blob = Blob.new([text], to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
    link = document.createElement("a")
    link.href = URL.createObjectURL(blob)
    link.download = name
    link.click()
    URL.revokeObjectURL(link.href)


@on("click", "#damaged-download")
def on_damaged_download(event):
    """Download the damaged saved table that could not be copied aside."""
    text = localStorage.getItem(STORE)
    if text:
        download(text, "vertigo-damaged-table.json")


@on("click", "#other-tab-reload")
def on_other_tab_reload(event):
    """Take the other tab's table: reload, which restores what it saved."""
    window.location.reload()


# -- importing a file: in steps, a frame drawn between them, the status line saying which step it is on -------
IMPORT_STEPS = ("reading and checking the file", "setting up the table", "drawing the battlefield")
"""The steps of an import (:func:`import_file`), as the status line names them."""
BUSY_WHILE_IMPORTING = ("import-file", "load", "scenario")
"""The controls that could start another load, off while an import is under way."""


def next_frame():
    """A promise settled once the browser has drawn a frame: a task queued from the next frame (as the click's
    text waits in ``py/app.py``), or after 100 ms where a hidden page draws none."""
    def executor(resolve, reject):
        done = create_once_callable(lambda *_: resolve(None))
        requestAnimationFrame(create_once_callable(lambda _t: setTimeout(done, 0)))
        setTimeout(create_proxy(lambda: resolve(None)), 100)
    return Promise.new(create_once_callable(executor))


MAX_WARNINGS_SHOWN = 5
"""Most drawing warnings the status line lists after an import, one a line; a last line counts the rest."""


def show_drawing_warnings(scenario):
    """An imported battlefield's drawing warnings (issue 26: a figure through a slab, stairs that run against
    their borders, sections whose drawn areas intersect; ``docs/rules.md#drawing-warnings``) added to the status
    line under "Imported …", each ``place: message`` on a line of its own, as text (the DOM escapes it). Nothing
    when there are none. Advice only: the battlefield is in play as it is.

    The editing package is imported here, on the first import, never at start-up: the memory snapshot's heap is
    fixed (``docs/design.md``)."""
    from vertigo.editing.drawing_checks import drawing_warnings

    warnings = drawing_warnings(scenario)
    if not warnings:
        return
    lines = [f"{count(len(warnings), 'drawing warning')} (advice only: the battlefield is in play as it is):",
             *(str(w) for w in warnings[:MAX_WARNINGS_SHOWN])]
    if len(warnings) > MAX_WARNINGS_SHOWN:
        lines.append(f"… and {len(warnings) - MAX_WARNINGS_SHOWN} more; Edit lists them all.")
    status = by_id("status")
    for line in lines:
        status.append(document.createElement("br"), line)


def _measured(name, start):
    """A performance measure ``vertigo import: name`` from mark ``start`` to now (DevTools and the bench read it)."""
    performance.measure(f"vertigo import: {name}", start)


async def import_file(event, ctl, run, say):
    """A file chosen for import: read and checked, its table set up, then drawn, one step per frame.

    The largest battlefield the limits allow held the page for 1.2-1.5 s in one task; each step is now a task
    of its own with a frame drawn before the next, and the status line says "Importing … (step 2 of 3: setting
    up the table)" meanwhile (issue 22).  A file over :data:`MAX_IMPORT_BYTES` is refused unread.  ``run`` and
    ``say`` are ``py/app.py``'s: call the controller and write its update, put a message on the status line.
    Each step leaves a performance measure (:func:`_measured`)."""
    files = event.target.files
    if not files.length:
        return
    file = files.item(0)
    if file.size > MAX_IMPORT_BYTES:  # refused unread: no scenario is that large
        event.target.value = ""
        run(lambda: ctl.import_too_large(file.name, file.size))
        return
    name = shown_name(file.name)
    busy = [by_id(n) for n in BUSY_WHILE_IMPORTING if not by_id(n).disabled]
    for control in busy:
        control.disabled = True
    try:
        def step(k):
            say(f"Importing {name}… (step {k} of {len(IMPORT_STEPS)}: {IMPORT_STEPS[k - 1]})")
            return next_frame()

        await step(1)
        performance.mark("vertigo import: 1")
        text = await file.text()
        event.target.value = ""
        try:
            doc = scenario_mod.decode(text)
            if isinstance(doc, dict) and ("replay" in doc or "ask" in doc):  # a ruling record or a replay
                import app_share  # after the page is ready: the snapshot's heap is fixed (issue 27)
                app_share.open_file(doc, file.name, ctl, run, say)
                return
            scenario = scenario_mod.load(doc)
        except ScenarioError as e:
            run(lambda e=e: ctl.import_refused(file.name, e))
            return
        finally:
            _measured("1 parse and validate", "vertigo import: 1")
        await step(2)
        performance.mark("vertigo import: 2")
        table = Table.start(scenario, "Imported")
        side_view.render(table)  # the drawing's parts, kept by the renderer for the next step
        _measured("2 build the table and its drawing", "vertigo import: 2")
        await step(3)
        performance.mark("vertigo import: 3")
        run(lambda: ctl.load(table, "Imported"))
        _measured("3 draw: controller and DOM", "vertigo import: 3")
        if ctl.table is table:
            show_drawing_warnings(scenario)
    finally:
        for control in busy:
            control.disabled = False
