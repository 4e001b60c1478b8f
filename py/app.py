"""The page layer: wires DOM events to the controller and writes its updates.

With :mod:`app_dom` (its DOM helpers), the only module that imports ``js`` (the
browser's objects).  Each handler reads the event, calls one
:class:`vertigo_page.controller.Controller` method, and writes the returned
:class:`~vertigo_page.controller.Update` into the page.
"""

import contextlib
import html
from dataclasses import replace

from app_dom import (
    BUNDLED,
    BUNDLED_FILES,
    ITEMS,
    NO_SCROLL,
    NOT_TEXT,
    PICTURE,
    STORE,
    TOOLS,
    _view_item,
    bundled,
    by_id,
    download,
    first_table,
    focus_area,
    follow_rule,
    honour_overlay,
    import_file,
    localStorage,
    on,
    on_storage,
    point_at,
    remember_seed_hidden,
    saving,
    scenario_x,
    seed_switch,
    show_in_picker,
    show_saving,
    side_to_top,
    store_table,
    tool_rove,
    with_secure_note,
)
from js import CSS, Object, document, requestAnimationFrame, setTimeout, window
from pyodide.ffi import create_once_callable, create_proxy, to_js

from vertigo.errors import RulesError
from vertigo.limits import PICTURE_BUDGET, utf16_length
from vertigo_page.controller import Controller, Update
from vertigo_view import panels, side_view


def apply(up: Update, starting: bool = False, view_first: bool = False):
    """Write an update into the page (``starting``: the first): the side view first; the rest at once, or, with
    ``view_first`` (a view click that changed only its highlights or fighters), next frame (:func:`text_later`)."""
    waiting = _text["update"]
    if waiting is not None and waiting.log_items and not up.log_reset:
        # The log lines of a text not yet written go out with this one (which replaces it).
        up = replace(up, log_items=waiting.log_items + up.log_items, log_reset=waiting.log_reset)
    if (up.error is not None or up.svg is not None) and not starting:
        # A refusal, or another battlefield: back to the side panel's top, asked before anything is written (after,
        # it laid out the new drawing inside the click, 70-490 ms on a first Load); not at the start (20 ms).
        side_to_top()
    if up.svg is not None:
        focused = document.activeElement.id if document.activeElement else ""
        by_id("view").innerHTML = up.svg
        show_in_picker(ctl.table.scenario)
        if not up.focus and focused.startswith(("fighter-", "section-")) and by_id(focused):
            by_id(focused).focus()
    else:
        if up.fighters is not None or up.fighter_groups:
            focused = document.activeElement.id if document.activeElement else ""
            if up.fighters is not None:
                by_id("fighters").outerHTML = up.fighters
            else:
                # Only the fighters drawn anew (the one moved, those beside it): the others keep their elements,
                # and with them where the labels' pass measured and placed their names.
                for fid, text in up.fighter_groups:
                    by_id(f"fighter-{fid}").outerHTML = text
            if not up.focus and focused.startswith("fighter-") and by_id(focused):
                by_id(focused).focus()
        if up.overlay is not None:
            by_id("overlay").outerHTML = up.overlay
        elif up.marks is not None:
            by_id("overlay-marks").outerHTML = up.marks
    if up.svg is not None or up.overlay is not None or up.marks is not None or up.fighters is not None \
            or up.fighter_groups:
        honour_overlay()  # the marks' requests: a Height tag the dimension line repeats, a figure lying down
    if up.svg is not None:
        _rove["last"] = None
    rove("" if up.svg is not None else "#fighters " if up.fighters is not None
         else tuple(f"fighter-{fid}" for fid, _ in up.fighter_groups) if up.fighter_groups else None)
    if view_first and up.svg is None and up.error is None and not up.focus and not starting:
        text_later(up)
    else:
        write_text(up, keep_focus=not up.focus)
    if up.save or up.log_items:  # queued after the text: the log it scrolls is written by then
        later(save=up.save, scroll=bool(up.log_items))
    if up.focus:
        target = by_id(up.focus)
        if target:
            target.focus()


_text = {"round": 0, "update": None}
"""The update whose text (side panel, status, log) is still to be written, and the round of the last one written
or queued."""


def write_text(up: Update, keep_focus=True):
    """Write an update's text now, cancelling one queued by :func:`text_later`: the side panel, the status line,
    the log's new lines, the error box, the dice line and Undo. ``keep_focus``: a button of the panel that had the
    focus hands it to the same button of the new panel."""
    _text["round"] += 1
    _text["update"] = None
    panel = by_id("panel")
    panel.removeAttribute("aria-busy")
    active = document.activeElement
    again = None
    if keep_focus and active and active.closest and active.closest("#panel") and active.getAttribute("data-action"):
        arg = active.getAttribute("data-arg")
        again = f'[data-action="{CSS.escape(active.getAttribute("data-action"))}"]'
        if arg:
            again += f'[data-arg="{CSS.escape(arg)}"]'
    panel.innerHTML = panels.long_names(up.panel, ctl.table.scenario)  # a long name on one line, cut (issue 22)
    if again:
        button = panel.querySelector(again)
        if button:
            # Without scrolling to it: the new answer is read from the panel's top (a phone's sheet scrolled down
            # to the Move entry's button would hide the verdict and its Confirm).
            button.focus(NO_SCROLL)
    status = by_id("status")
    status.innerHTML = panels.long_names(html.escape(up.status, quote=False), ctl.table.scenario)
    # With a message in the error box, the status line would only say its first sentence again.
    status.hidden = up.error is not None
    log = by_id("log")
    if up.log_reset:
        log.innerHTML = ""
    if up.log_items:
        log.insertAdjacentHTML("beforeend", "".join(up.log_items))
        extra = log.childElementCount - up.log_keep
        for _ in range(max(0, extra)):
            log.firstElementChild.remove()
    box = by_id("error")
    box.hidden = up.error is None
    box.textContent = up.error or ""
    by_id("seed").textContent = ctl.seed_line()
    by_id("undo").disabled = not (ctl.table.can_undo or ctl.replaced)
    tool_rove()


def text_later(up: Update):
    """Write the update's text (:func:`write_text`) in the frame after the one that shows the click in the side
    view, so that frame draws only the view's change: a levels verdict's panel (20 KB of tables) is most of the
    click's Python, and 6-8 ms of style and layout on its own. Until then the panel says it is busy
    (``aria-busy``). A later update, queued or written at once, replaces this one (the controller has moved on:
    this update's panel can no longer be read)."""
    _text["round"] += 1
    _text["update"] = up
    now = _text["round"]
    by_id("panel").setAttribute("aria-busy", "true")

    def write(*_):
        if _text["round"] == now and _text["update"] is up:
            write_text(up)

    # A task queued from the view's frame runs once that frame is done (one queued now could hold the frame back
    # by the whole panel); of ordinary priority (a background one waited up to LATER_MS).
    requestAnimationFrame(create_once_callable(lambda _t: setTimeout(create_once_callable(write), 0)))
    setTimeout(create_once_callable(write), LATER_MS)  # a hidden page draws no frames


def flush_text():
    """Write the text an update queued, now (the page is being hidden, or a handler needs it on the page)."""
    up = _text["update"]
    if up is not None:
        write_text(up)


def say(message):
    """Put a message of the page's own on the status line, after any click's text still to be written (which
    would otherwise replace it)."""
    flush_text()
    by_id("status").textContent = message
_rove = {"last": None, "stops": ()}


def rove(redrawn=None):
    """Exactly the controller's Tab stops of the side view get tabindex 0, every other element -1. ``redrawn``: the
    CSS scope just written (``""`` the view, ``"#fighters "``; None: only highlights), or the fighter groups' ids."""
    if ctl is None:
        return
    view = by_id("view")
    if isinstance(redrawn, tuple):
        for name in redrawn:
            el = by_id(name)
            if el:
                el.setAttribute("tabindex", "-1")
    elif redrawn is not None:
        for el in view.querySelectorAll(", ".join(redrawn + part.strip() for part in ITEMS.split(","))):
            el.setAttribute("tabindex", "-1")
    for name in _rove["stops"]:
        el = by_id(name)
        if el:
            el.setAttribute("tabindex", "-1")
    focused = _view_item(document.activeElement)
    stops = ctl.tab_stops(focused.id if focused else None, _rove["last"])
    for name in stops:
        el = by_id(name)
        if el:
            el.setAttribute("tabindex", "0")
    _rove["stops"] = stops


@on("focusin", "#view")
def on_view_focus(event):
    """A side-view button took the focus (Tab, an arrow key, a click): it is the view's Tab stop now."""
    el = _view_item(event.target)
    if el:
        _rove["last"] = el.id
        rove()


@on("focusin", ".bar")
def on_bar_focus(event):
    """A toolbar control took the focus: it is the toolbar's Tab stop now."""
    if event.target.id in TOOLS:
        tool_rove(event.target.id)


def toolbar_key(event):
    """←/→ (Home/End) move along the toolbar; in the picker ↑/↓ stay its own and Enter loads the one chosen."""
    here = event.target.id
    if here == "scenario" and event.key == "Enter":
        event.preventDefault()
        on_load(event)
        return
    if event.key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
        return
    enabled = [name for name in TOOLS if not by_id(name).disabled]
    if here not in enabled:
        return
    i = enabled.index(here)
    to = {"Home": 0, "End": len(enabled) - 1, "ArrowLeft": max(0, i - 1),
          "ArrowRight": min(len(enabled) - 1, i + 1)}[event.key]
    event.preventDefault()
    by_id(enabled[to]).focus()


def view_key(event):
    """Arrow keys, Home and End in the side view: to the next fighter (no selection) or the next of the
    selected fighter's destinations and enemies (:meth:`Controller.arrow`).  Returns whether the key was used."""
    if event.key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
        return False
    el = _view_item(event.target)
    to = ctl.arrow(el.id if el else None, event.key)
    event.preventDefault()
    target = by_id(to) if to else None
    if target:
        target.focus()
    return True


def back_to_view():
    """Focus the side view where the keyboard last was in it (Escape from the panel)."""
    rove()
    for name in _rove["stops"]:
        el = by_id(name)
        if el:
            el.focus()
            return


_later = {"queued": False, "save": False, "scroll": False, "round": 0}


def later(save, scroll):
    """Save the table and scroll the log once the click is drawn, never on its path: when the browser is idle after
    the frame that shows the click (~10 ms saved off a large table's click), at the latest after LATER_MS."""
    _later["save"] |= save
    _later["scroll"] |= scroll
    if not _later["queued"]:
        _later["queued"] = True
        _later["round"] += 1
        now = _later["round"]
        requestAnimationFrame(create_once_callable(lambda _t: _when_idle(now)))
        setTimeout(create_once_callable(lambda: _after_click(now)), LATER_MS)


def _when_idle(round_):
    """From the frame that shows the click: :func:`_after_click` once that frame is done and the browser idle
    (asked for only now: an idle moment left over from the frame before the click would come first)."""
    if IDLE:
        window.requestIdleCallback(create_once_callable(lambda _deadline: _after_click(round_)),
                                   to_js({"timeout": LATER_MS}, dict_converter=Object.fromEntries))
    else:
        setTimeout(create_once_callable(lambda: _after_click(round_)), 0)

LATER_MS = 250
"""The latest a save waits for the frame that shows the click (ms)."""
IDLE = hasattr(window, "requestIdleCallback")
"""Whether the browser has idle callbacks (Safari has none)."""


def _after_click(round_=None):
    """Do what :func:`later` queued (``round_``: only if it is still that round's work; None: whatever is queued)."""
    if not _later["queued"] or (round_ is not None and round_ != _later["round"]):
        return  # already done (by the frame's task, the fallback timer or keep_picture), or a later round's
    save, scroll = _later["save"], _later["scroll"]
    _later.update(queued=False, save=False, scroll=False)
    if scroll:
        # The log is its own scrolling box: show its newest line there, never scroll the page (on a phone that
        # would carry the verdict just written off the top of the screen).
        log = by_id("log")
        log.scrollTop = log.scrollHeight
    if save and not saving["paused"] and not saving["other_tab"] and localStorage is not None:
        try:
            store_table(ctl)
        except Exception as e:  # quota exceeded or storage disabled: say so until a save succeeds
            saving["failed"] = str(e)
        else:
            saving["failed"] = None
        show_saving()


def keep_picture(event=None):
    """When the page is hidden or left: keep the picture static/boot.js draws first on a reload (dropped silently
    when it does not fit: the table comes first)."""
    flush_text()
    _after_click()
    if (localStorage is None or ctl is None or saving["paused"] or saving["other_tab"]
            or document.visibilityState == "visible"):
        return
    with contextlib.suppress(Exception):
        localStorage.removeItem(PICTURE)
        # The drawing at its fit with its labels placed as on screen (static/view.js), else Python's drawing.
        seen = window.vertigoView.picture() if getattr(window, "vertigoView", None) else None
        text = seen if isinstance(seen, str) and seen else side_view.render(ctl.table)
        if utf16_length(text) <= PICTURE_BUDGET:  # the room kept for it beside the table (vertigo.limits)
            localStorage.setItem(PICTURE, text)


def run(action, view_first=False):
    """Call the controller; a rules error is shown and changes nothing (``view_first``: see :func:`apply`)."""
    was = focus_area()
    try:
        up = action()
    except RulesError as e:
        up = ctl.error(e)
    apply(up, view_first=view_first)
    if not up.focus:
        keep_focus(was)


def keep_focus(was):
    """If the update took away the focused element (an undone load redraws the view without it; Undo turns
    itself off when nothing is left to undo), the focus stays in the same area: the side view's Tab stop, or
    the toolbar's (the enabled control Tab would reach), never the page's body."""
    el = document.activeElement
    if was is None or (el and el != document.body and not el.matches(":disabled")):
        return
    if was == "view":
        back_to_view()
        return
    for name in TOOLS:
        control = by_id(name)
        if control.getAttribute("tabindex") == "0" and not control.matches(":disabled"):
            control.focus()
            return


def activate(el, at=None):
    """A fighter or section of the side view was clicked (``at``: where, scenario units) or activated from the
    keyboard (``at`` None)."""
    fighter, section = el.getAttribute("data-fighter"), el.getAttribute("data-section")
    # A new answer is read from its start: on a phone the panel is a sheet that keeps its own scroll.  Put back
    # to the top before the answer is written, while the page's layout is still the one on screen: after, the
    # scroll position would make the browser lay out the whole new panel at once, inside the click.
    side_to_top()
    if fighter:
        run(lambda: ctl.click_fighter(fighter), view_first=True)
    elif section:
        run(lambda: ctl.click_section(section, at), view_first=True)


@on("click", "#view")
def on_view_click(event):
    """Click in the side view: the fighter or section under the pointer (and where on the section); on neither, the
    selection is cleared. A double-click's second click is none of its own (it deselected at once)."""
    if event.detail > 1:
        return
    el = event.target.closest("[data-fighter],[data-section]")
    if el:
        point_at(el)
        activate(el, None if el.getAttribute("data-fighter") else scenario_x(event))
    elif ctl.selected is not None:  # a tap on the sky clears, as Escape does (a phone has no Escape)
        run(ctl.escape)


@on("keydown", "body")
def on_key(event):
    """Escape clears, Ctrl+Z undoes, Shift+←/→ nudges a placed fighter, S selects the targeted fighter instead;
    arrow keys move in the toolbar and the side view; Enter or Space activates the focused fighter or section."""
    tag = event.target.tagName
    typing = tag in ("INPUT", "SELECT", "TEXTAREA")
    # Ctrl+Z is the field's own undo only in a text field: the Battlefield picker (where Enter leaves the focus
    # after a load) and the file input have none, so there it undoes the table's last change.
    text_field = tag == "TEXTAREA" or bool(getattr(event.target, "isContentEditable", False)) or (
        tag == "INPUT" and event.target.type not in NOT_TEXT)
    plain = not (event.ctrlKey or event.metaKey or event.altKey)
    # Enter or Space on a focused control presses that control: never a mode's key (a planned jump's Enter
    # would otherwise confirm it from its own "+ 1").
    pressing = event.key in ("Enter", " ") and tag in ("BUTTON", "A", "SUMMARY")
    if event.key == "Escape":
        # The panel, or the glossary entry one of its rule tags led to.
        came_from_panel = bool(event.target.closest and event.target.closest("#panel, #rules"))
        in_glossary = bool(event.target.closest and event.target.closest("#rules"))
        run(ctl.escape)
        if came_from_panel:
            back_to_view()
        if in_glossary:
            side_to_top()  # the side panel was scrolled down to the entry: back to its status and verdict
    elif event.key in ("z", "Z") and (event.ctrlKey or event.metaKey) and not text_field:
        event.preventDefault()
        run(ctl.undo)
    elif plain and not typing and not pressing and ctl.takes_key(event.key, event.shiftKey):
        # The active mode's keys: S selects the fighter a verdict was asked against, Shift+←/→ nudges a placed
        # fighter.  A fighter newly selected from outside the side view gets the focus there.
        event.preventDefault()
        before, in_view = ctl.selected, bool(_view_item(event.target))
        run(lambda: ctl.key(event.key, event.shiftKey))
        if not in_view and ctl.selected is not None and ctl.selected != before:
            el = by_id(f"fighter-{ctl.selected}")
            if el:
                el.focus()
    elif event.target.id in TOOLS:
        if plain and not event.shiftKey:
            toolbar_key(event)
    elif event.target.closest and event.target.closest("#view"):
        if plain and not event.shiftKey and view_key(event):
            return
        if event.key in ("Enter", " "):
            el = event.target.closest("[data-fighter],[data-section]")
            if el:
                event.preventDefault()
                section = el.getAttribute("data-section")
                if section and not el.getAttribute("data-fighter"):
                    run(lambda: ctl.enter_section(section))
                else:
                    activate(el)
                if not _view_item(document.activeElement):  # the focus stays where it was unless moved on
                    again = by_id(el.id)
                    if again:
                        again.focus()


@on("click", "#panel")
def on_panel_click(event):
    """A button of the side panel: Move entry, Confirm, DM override, Select instead; or a rule tag's link."""
    link = event.target.closest("a.rule-link")
    if link:
        if not (event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button):
            event.preventDefault()  # a tag opened in a new tab or window still goes there by its #rule-… link
            follow_rule(link)
        return
    button = event.target.closest("[data-action]")
    if not button:
        return
    if _text["update"] is not None:
        # A button of the panel as it was before the last click in the side view, whose own panel is not written
        # yet: it must not act on that click's verdict (an old Confirm moved the fighter to the new section).
        flush_text()
        say("Nothing done: that button was the previous verdict's, and the panel now shows the last click's. "
            + by_id("status").textContent)
        return
    action, arg = button.getAttribute("data-action"), button.getAttribute("data-arg")
    run(lambda: ctl.panel_action(action, arg))


@on("click", "#undo")
def on_undo(event):
    """The Undo button."""
    run(ctl.undo)


@on("click", "#load")
def on_load(event):
    """The Load button: the battlefield chosen in the picker."""
    file = by_id("scenario").value
    if file not in BUNDLED_FILES:
        say("Choose a battlefield in the picker, then Load.")
        return
    run(lambda: ctl.load(bundled(file), "Loaded"))


@on("change", "#hide-seed")
def on_hide_seed(event):
    """The Hide dice seed switch: the log, the panel and the status line show the dice seed or not; remembered."""
    run(lambda: ctl.hide_seed(remember_seed_hidden(event.target.checked)))


@on("click", "#export")
def on_export(event):
    """The Export button: download the scenario as it stands."""
    name = ctl.export_name()
    download(ctl.export_text(), name)
    say(f"Scenario exported as {name}.")


@on("click", "#damaged-discard")
def on_damaged_discard(event):
    """Discard the damaged saved table and save the table in play in its place."""
    localStorage.removeItem(STORE)
    saving["paused"] = False
    say("The damaged saved table was discarded; this table is saved from now on.")
    later(save=True, scroll=False)


@on("click", "#other-tab-keep")
def on_other_tab_keep(event):
    """Keep this tab's table: save it over the other tab's now, and save from here on."""
    saving["other_tab"] = False
    later(save=True, scroll=False)
    _after_click()
    say("This tab's table is saved over the other tab's; it is saved from now on.")


@on("click", "#edit")
async def on_edit(event):
    """The Edit button: the battlefield editor, imported on its first use (the snapshot's heap is fixed)."""
    import app_edit
    await app_edit.toggle(ctl, run)


@on("change", "#import-file")
async def on_import(event):
    """A file chosen for import: read, checked and drawn in steps, a frame apart (:func:`app_dom.import_file`)."""
    await import_file(event, ctl, run, say)


@on("click", "#share")
async def on_share(event):
    """Share…: a link to this table, a ruling record, a replay, a picture (py/app_share.py, imported on first use)."""
    import app_share
    await app_share.open_dialog(ctl, run, say)


def on_link(event=None):
    """A share link (``#v1=…``) opened, at the start or in this tab: asked before it replaces the table."""
    if window.location.hash.startswith("#v1="):
        import app_share
        app_share.offer_link(ctl, run, say)


ENABLED_WHEN_READY = ("scenario", "load", "export", "import-file", "hide-seed", "edit", "share")
"""The controls index.html disables until Python is ready (Undo's state is set by :func:`apply`)."""


def start():
    """Fill the picker, restore or load a table, draw it, and mark the page ready."""
    window.addEventListener("pagehide", create_proxy(keep_picture))
    window.addEventListener("storage", create_proxy(on_storage))
    document.addEventListener("visibilitychange", create_proxy(keep_picture))
    picker = by_id("scenario")
    picker.replaceChildren()  # tools/site.py built the same options in, for the first paint
    for item in BUNDLED:
        option = document.createElement("option")
        option.value = item["file"]
        option.textContent = item["title"]
        picker.appendChild(option)
    if not by_id("rules").hasChildNodes():  # tools/site.py wrote it into the page; an unbuilt page has none
        by_id("rules").innerHTML = panels.to_html(panels.glossary())
    if window.location.hash.startswith("#rule-"):
        # A link to a glossary entry (an older page left it in the URL, or a tag opened in a new tab): the page
        # opens on the verdict, not scrolled down to the glossary, and a reload does not scroll there again.
        window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search)
        side_to_top()
    table, problem = first_table()
    global ctl
    ctl = Controller(table, seed_hidden=seed_switch())
    up = ctl.show()
    apply(up if problem is None else Update(up.svg, None, up.panel, up.status, up.log_items, True, problem),
          starting=True)
    by_id("status").textContent = with_secure_note(by_id("status").textContent)
    show_saving()
    by_id("loading").hidden = True
    for name in ENABLED_WHEN_READY:
        by_id(name).disabled = False
    tool_rove("scenario")
    by_id("app").removeAttribute("aria-busy")
    document.body.dataset.ready = "true"
    window.addEventListener("hashchange", create_proxy(on_link))
    setTimeout(create_once_callable(on_link), 0)  # after the ready page is drawn: the link's question comes next


ctl = None
start()
