"""Edit mode's page layer: wires the editor's DOM events to :class:`vertigo_page.editor.Editor` (issue 26).

Imported by ``py/app.py`` the first time the referee presses **Edit**, never before the page is ready: the
memory snapshot's heap is fixed, and nothing of the editor is in it.  While Edit mode is on (``body.editing``)
its listeners, on ``window`` in the capture phase, take every click in the side view and the side panel and the
editor's keys before the play handlers of ``py/app.py`` see them; drags are ``static/edit.js``'s
(``window.vertigoEdit``), which calls :func:`on_drop` at the end of one, keeps the draft in IndexedDB and holds
the lock that keeps a second tab out of the editor.
"""

import contextlib
import dataclasses
import json
import math

from app_dom import BUNDLED, BUNDLED_FILES, by_id, download
from js import document, window
from pyodide.ffi import create_proxy

from vertigo.editing import templates
from vertigo_page.edit_state import doc_text
from vertigo_page.editor import Editor, EditUpdate
from vertigo_view import panels
from vertigo_view.edit_panel import replace_question, start_panel

EDIT_KEYS = ("Edit mode keys: Tab to a piece; ←/→/↑/↓ move it one snap step, Shift+←/→ narrow or widen it, "
             "PageUp/PageDown raise or lower it, Enter selects it, Delete removes the selected piece, S snaps on or "
             "off, Ctrl+Z / Ctrl+Shift+Z undo and redo edits; Escape selects nothing.")
"""The header's keys line while Edit mode is on."""

LOCKED_CONTROLS = ("scenario", "load", "undo", "export", "import-file", "share")
"""The toolbar's controls that act on the table in play: off while Edit mode is on."""

state = {"editor": None, "on": False, "ctl": None, "run": None, "draft": None, "proxies": []}
"""Edit mode's page state: the editor (None on the start panel), whether Edit mode is on, ``py/app.py``'s
controller and its ``run``, the draft text found on this device, the listeners' proxies."""


def say(status, error=None):
    """Write the status line and the error box."""
    by_id("status").textContent = status
    box = by_id("error")
    box.hidden = error is None
    box.textContent = error or ""


async def toggle(ctl, run):
    """The Edit button: Edit mode on (after the tab lock), or off, back to the table in play."""
    state["ctl"], state["run"] = ctl, run
    if state["on"]:
        leave()
        return
    if not await window.vertigoEdit.lock():
        say("Another tab is editing a battlefield: finish there, or close that tab, then press Edit again.")
        return
    if not state["proxies"]:
        for kind, handler in (("click", on_click), ("keydown", on_key), ("input", on_input), ("change", on_input),
                              ("pointerdown", on_press)):
            proxy = create_proxy(handler)
            state["proxies"].append(proxy)
            window.addEventListener(kind, proxy, True)
        proxy = create_proxy(on_focus)
        state["proxies"].append(proxy)
        window.addEventListener("focusin", proxy)  # bubbling: after py/app.py's roving tabindex on #view
        window.vertigoEdit.onDrop = create_proxy(on_drop)
        state["saved"] = create_proxy(_saved)  # one proxy for every save's answer, not one per edit
    state["on"] = True
    state["keys"] = by_id("keys").textContent
    by_id("keys").textContent = EDIT_KEYS
    document.body.classList.add("editing")
    by_id("edit").setAttribute("aria-pressed", "true")
    for name in LOCKED_CONTROLS:
        by_id(name).disabled = True
    draft = await window.vertigoEdit.loadDraft()
    state["draft"] = draft if isinstance(draft, str) else None
    state["editor"] = None
    bundled = tuple((item["file"], item["title"]) for item in BUNDLED)
    note = ("A draft from your last edit is kept on this device; another start asks before it replaces it."
            if state["draft"] else "")
    by_id("panel").innerHTML = panels.to_html(start_panel(templates(), bundled, bool(state["draft"]), note))
    say("Edit mode: choose what to start from.")
    button = by_id("panel").querySelector("button")
    if button:
        button.focus()


def leave(play=None):
    """Edit mode off: the table in play (or ``play``, the edited battlefield) back in the view."""
    state["on"] = False
    by_id("status").setAttribute("aria-live", "polite")
    by_id("keys").textContent = state.get("keys") or by_id("keys").textContent
    window.vertigoEdit.stop()
    window.vertigoEdit.unlock()
    document.body.classList.remove("editing")
    by_id("edit").setAttribute("aria-pressed", "false")
    for name in LOCKED_CONTROLS:
        by_id(name).disabled = False
    ctl = state["ctl"]
    if play is not None:
        state["run"](lambda: ctl.load(play, "Playing the edited battlefield"))
    else:
        state["run"](ctl.show)


def begin(arg):
    """A start chosen on the start panel (``edit-start``): a template, a bundled battlefield, this battlefield
    or the draft kept on this device."""
    arg, _, replacing = (arg or "").partition("|")
    how, _, key = arg.partition(":")
    if state["draft"] and how != "draft" and replacing != "replace":
        # One click must not throw away a kept draft: ask first.
        by_id("panel").innerHTML = panels.to_html(replace_question(_start_name(how, key), arg))
        say("A draft is kept on this device: replace it, resume it, or export it first.")
        by_id("panel").querySelector("button").focus()
        return
    doc = None
    if how == "template":
        doc = next((t.doc for t in templates() if t.key == key), None)
    elif how == "bundled" and key in BUNDLED_FILES:
        with open(f"scenarios/{key}") as f:
            doc = json.loads(f.read())
    elif how == "current":
        doc = json.loads(state["ctl"].export_text())
    elif how == "draft" and state["draft"]:
        try:
            doc = json.loads(state["draft"])
        except ValueError:
            say("The draft kept on this device is damaged; start from something else.")
            return
    if not isinstance(doc, dict):
        say("Choose one of the starts listed.")
        return
    state["editor"] = Editor(doc)
    window.vertigoEdit.start()
    write(state["editor"].draw("Editing: click a piece to select it, drag it to move it; the keys are listed in "
                               "the panel.", draft=True))


def _start_name(how, key):
    """A start as its button on the start panel reads it ("The cliff", "This battlefield")."""
    if how == "current":
        return "this battlefield"
    if how == "bundled":
        return next((item["title"] for item in BUNDLED if item["file"] == key), key)
    return next((t.title for t in templates() if t.key == key), key)


def write(up: EditUpdate):
    """Write an editor update into the page: the view, the panel, the status line; keep the draft; play."""
    if up.play is not None or up.leave:
        leave(up.play)
        return
    held = _held_focus()
    if up.svg is not None:
        by_id("view").innerHTML = up.svg
    if up.panel:
        keep = _field_focus()
        by_id("panel").innerHTML = up.panel
        _restore_focus(keep)
    # A field typed in, key by key, is not announced: its live region is off for that write.
    by_id("status").setAttribute("aria-live", "off" if up.quiet else "polite")
    say(up.status, up.error)
    if up.draft is not None:
        window.vertigoEdit.saveDraft(up.draft).then(state["saved"])
    el = _focus_target(up.focus) if up.focus else _held_again(held)
    if el:
        if target_in_view(el):
            el.setAttribute("tabindex", "0")
        el.focus()


def _held_focus():
    """The piece of the side view (its id) or the panel's button (its ``data-action`` and ``data-arg``) with the
    focus, to put back once they are written anew: a key pressed on a piece, or Enter on Add ground, leaves the
    focus where it was, not on the page's body."""
    el = document.activeElement
    if not el or not el.closest:
        return None
    if target_in_view(el) and el.id:
        return ("view", el.id)
    if el.closest("#panel") and el.getAttribute("data-action"):
        return ("button", el.getAttribute("data-action"), el.getAttribute("data-arg"))
    return None


def _held_again(held):
    """The element :func:`_held_focus` names in the page written anew, when it is there and lost the focus."""
    if held is None or (document.activeElement and document.activeElement.isConnected
                        and document.activeElement != document.body):
        return None
    if held[0] == "view":
        return by_id(held[1])
    for el in by_id("panel").querySelectorAll("[data-action]"):
        if el.getAttribute("data-action") == held[1] and el.getAttribute("data-arg") == held[2] and not el.disabled:
            return el
    return None


def _focus_target(name):
    """The element an update's ``focus`` names: by its id, else the panel's button of that ``data-action``
    (``edit-delete-below``: the deletion's question), else the first button of the panel's part of that
    ``data-testid`` (``edit-problems``: the first problem's link)."""
    panel = by_id("panel")
    return (by_id(name) or panel.querySelector(f'[data-action="{name}"]')
            or panel.querySelector(f'[data-testid="{name}"] button'))


def _saved(reason):
    """A draft saved (``""``) or not (the reason): a draft that cannot be kept says so at once."""
    editor = state["editor"]
    if editor is None:
        return
    note = "Draft saved on this device." if not reason else f"Draft NOT saved: {reason}. Export it to keep it."
    if note != editor.draft_note:
        editor.draft_note = note
        write(editor.draw(note if reason else "Draft saved on this device.", svg=False))


def _field_focus():
    """The form field with the focus (its ``data-edit`` and ``data-piece``), its caret and, in a text field, the
    text as typed, to put back after the panel is written anew."""
    el = document.activeElement
    if not el or not el.closest or not el.closest("#panel") or not el.getAttribute("data-edit"):
        return None
    try:
        caret = el.selectionStart
    except Exception:
        caret = None
    typed = el.value if el.tagName == "TEXTAREA" or (el.tagName == "INPUT" and el.type == "text") else None
    return el.getAttribute("data-edit"), el.getAttribute("data-piece"), caret, typed


def _restore_focus(keep):
    """Put the focus, the text as typed and the caret back in the same field of the new panel: the field being
    typed in keeps the referee's text, not the draft's reading of it (a list of entries drops a line's trailing
    space, so "Move 2" typed key by key came out "Move2")."""
    if keep is None:
        return
    key, piece, caret, typed = keep
    for el in by_id("panel").querySelectorAll("[data-edit]"):
        if el.getAttribute("data-edit") == key and el.getAttribute("data-piece") == piece:
            if typed is not None and el.value != typed:
                el.value = typed
            el.focus()
            if caret is not None:
                with contextlib.suppress(Exception):  # a number field has no caret
                    el.setSelectionRange(caret, caret)
            return


def on_click(event):
    """A click in the side view (select what is under it) or on a panel button of Edit mode."""
    if not state["on"]:
        return
    target = event.target
    in_view = target.closest("#view")
    button = target.closest("#panel [data-action]")
    if not in_view and not button:
        return
    event.stopPropagation()
    if button:
        action, arg = button.getAttribute("data-action"), button.getAttribute("data-arg")
        if action == "edit-start":
            begin(arg)
            return
        editor = state["editor"]
        if action == "edit-export-kept" and state["draft"]:
            download(state["draft"], "kept-draft.json")
            say("The kept draft is exported as kept-draft.json.")
        elif action == "edit-leave" and editor is None:
            leave()
        elif editor is not None and action == "edit-export":
            title = editor.doc.get("title")
            title = title if isinstance(title, str) else ""
            name = "".join(c if c.isalnum() or c in "-_" else "-" for c in title)[:60]
            download(doc_text(editor.doc), f"{name or 'draft'}.json")
            say(f"The draft is exported as {name or 'draft'}.json.")
        elif editor is not None:
            up = editor.action(action, arg)
            if up is not None:
                write(up)
                wrong = by_id("panel").querySelector('[aria-invalid="true"]') if action == "edit-go" else None
                if wrong:  # a problem's link: on to the field it is at
                    wrong.focus()
        return
    editor = state["editor"]
    down = state.get("down")
    if editor is None or (down and math.hypot(event.clientX - down[0], event.clientY - down[1]) > DRAG_PX):
        return  # the end of a pan of the sky (static/edit.js swallows a drag's own click): no click
    el = target.closest("[data-fighter],[data-section]")
    if not el:  # JavaScript's null (not Python's None): the sky, a label, a tag, the axis
        write(editor.select(None))
    elif el.getAttribute("data-fighter"):
        write(editor.click("fighter", el.getAttribute("data-fighter")))
    else:
        write(editor.click("section", el.getAttribute("data-section")))


DRAG_PX = 4
"""A press that moves further than this (CSS px) before its release is a drag or a pan, not a click (as static/edit.js
and static/view.js count it)."""


def on_press(event):
    """Where a press began: a click that ends far from it is a drag's end, not a click."""
    state["down"] = (event.clientX, event.clientY)


def on_key(event):
    """Edit mode's keys: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo edits (not in a text field, which keeps
    its own); in the side view arrows, Shift+arrows, PageUp/PageDown, Delete, S, and Enter or Space to select."""
    editor = state["editor"]
    if not state["on"]:
        return
    if editor is None:
        if event.key == "Escape":
            event.stopPropagation()  # play's Escape would write its own panel over the start panel
        return
    tag = event.target.tagName
    typing = tag in ("INPUT", "SELECT", "TEXTAREA")
    ctrl = event.ctrlKey or event.metaKey
    up = None
    if ctrl and not typing and event.key in ("z", "Z", "y", "Y"):
        up = editor.redo() if event.key in ("y", "Y") or event.shiftKey else editor.undo()
    elif event.key == "Escape" and not ctrl and not event.altKey:
        # Also in a form field: play's Escape wrote its own panel over the editor's.  The focus goes from a field
        # to the piece that was selected, as play's Escape goes back to the side view.
        was = editor.selected
        up = editor.select(None)
        if typing and was is not None and was[0] in ("section", "fighter"):
            up = dataclasses.replace(up, focus=f"{was[0]}-{was[1]}")
    elif typing or ctrl or event.altKey:
        return
    elif target_in_view(event.target) or event.target == document.body:
        item = (event.target.closest("[data-fighter],[data-section]") if event.target.closest else None) or None
        fighter = item.getAttribute("data-fighter") if item else None
        focused = None if not item else ("fighter", fighter) if fighter else (
            "section", item.getAttribute("data-section"))
        if event.key in ("Enter", " ") and focused is not None:
            up = editor.click(*focused)
        else:
            if focused is not None and focused != editor.selected and event.key in MOVE_KEYS:
                editor.select(focused)  # "Tab to a piece; ←/→ … move it": the piece Tab reached, not the last clicked
            up = editor.key(event.key, event.shiftKey)
    if up is None:
        return
    event.preventDefault()
    event.stopPropagation()
    write(up)


def on_focus(event):
    """A piece of the side view took the focus in Edit mode: every piece stays a Tab stop ("Tab to a piece": here
    the arrows move the selected piece, they do not go from piece to piece), where play's roving tabindex
    (``py/app.py``, ``rove``) leaves one and takes the others out of the Tab order as the focus passes them."""
    if state["on"] and state["editor"] is not None and target_in_view(event.target):
        for el in by_id("view").querySelectorAll("[data-section][tabindex], [data-fighter][tabindex]"):
            el.setAttribute("tabindex", "0")


MOVE_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown")
"""The Edit-mode keys that move a piece: the focused piece of the side view, which they select first.  Delete
removes only the selected piece (after Escape has selected nothing, it removes nothing)."""


def target_in_view(el):
    """Whether an element is in the side view."""
    return bool(el.closest and el.closest("#view"))


def on_input(event):
    """A form field typed in or changed: written to the draft and checked at once; the snap step."""
    editor = state["editor"]
    el = event.target
    if not state["on"] or editor is None or not el.closest or not el.closest("#panel"):
        return
    event.stopPropagation()
    if el.hasAttribute("data-edit-step"):
        if event.type == "change":
            write(editor.set_step(el.value))
        return
    key, piece = el.getAttribute("data-edit"), el.getAttribute("data-piece")
    if not key or not piece:
        return
    if event.type == "input" and el.tagName == "SELECT":
        return  # its change event follows
    value = ("true" if el.checked else "false") if el.type == "checkbox" else el.value
    if event.type == "change" and el.tagName not in ("SELECT",) and el.type != "checkbox":
        return  # typed text was taken as it was typed (input events)
    write(editor.typed(piece, key, value))


def on_drop(what, ident, grip, dx, dy, x, y):
    """The end of a drag in the side view (``static/edit.js``): the piece moved, resized or raised."""
    editor = state["editor"]
    if state["on"] and editor is not None:
        write(editor.drop(str(what), str(ident), str(grip or ""), float(dx), float(dy), float(x), float(y)))
