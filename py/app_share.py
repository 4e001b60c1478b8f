"""Share…'s page layer: a link to the table, a ruling record, a replay, a picture; and a shared link opened.

Imported by ``py/app.py`` the first time the referee presses **Share…** or the page is opened from a link, never
before the page is ready: the memory snapshot's heap is fixed, and nothing of sharing is in it.  What to offer
and what to say is :mod:`vertigo_page.sharing`'s; the link, the record and the replay are the core's.  The
JavaScript used here only reads and writes ``location.hash`` and the clipboard, and draws a picture
(``static/picture.js``, ``window.vertigoPicture``).  Every name is written as text (``textContent``).

Source: issue 27.
"""

import contextlib

from app_dom import BUNDLED_FILES, _in_play, by_id, download
from js import Object, document, navigator, window
from pyodide.ffi import create_proxy, to_js

from vertigo.errors import QuestionError, RulesError, ScenarioError
from vertigo.text import shown_name
from vertigo_page import sharing
from vertigo_view import picture, side_view

state = {"ctl": None, "run": None, "say": None, "offer": None, "proxies": [], "css": None, "playback": None,
         "table": None, "watching": False}
"""Sharing's page state: ``py/app.py``'s controller, ``run`` and ``say``; the link waiting for an answer; the
listeners' proxies; the view's stylesheet for pictures; the replay being played back and the table the record's
or replay's box stands beside (None: no box, or one left behind); whether the log and the view are watched."""


def _listen(selector, kind, handler):
    """Listen to ``kind`` events on the element ``selector`` names (kept for the page's life)."""
    proxy = create_proxy(handler)
    state["proxies"].append(proxy)
    document.querySelector(selector).addEventListener(kind, proxy)


def _wire(ctl, run, say):
    """Keep ``py/app.py``'s controller and functions, and listen to the dialogs' buttons once."""
    first = state["ctl"] is None
    state.update(ctl=ctl, run=run, say=say)
    if not first:
        return
    for name, handler in (("share-copy", on_copy), ("share-file", on_file), ("share-record", on_record),
                          ("share-replay", on_replay), ("share-svg", on_svg), ("share-png", on_png),
                          ("link-open", on_open), ("link-keep", on_keep)):
        _listen(f"#{name}", "click", handler)
    _listen("#link-offer", "cancel", on_keep)  # Escape keeps the table in play
    _listen("#sharing", "click", on_sharing_click)


def _bundled_files():
    """Every bundled battlefield's file name → its text (read from the page's files)."""
    out = {}
    for name in sorted(BUNDLED_FILES):
        with open(f"scenarios/{name}", encoding="utf-8") as f:
            out[name] = f.read()
    return out


def _base():
    """The page's address without its fragment."""
    loc = window.location
    return f"{loc.origin}{loc.pathname}{loc.search}"


def _note(text):
    by_id("share-note").textContent = text


# -- Share… --------------------------------------------------------------------

async def open_dialog(ctl, run, say):
    """Share… pressed: make the link (copied where the clipboard can be used), list the rulings, open the dialog."""
    _wire(ctl, run, say)
    table = ctl.table
    file = _in_play.get("file") or ""
    bundled = None
    if file:
        with open(f"scenarios/{file}", encoding="utf-8") as f:
            bundled = (file, f.read())
    made = sharing.make_link(table, _base(), bundled)
    field = by_id("share-link")
    field.value = made.link or ""
    field.disabled = made.link is None
    by_id("share-copy").disabled = made.link is None
    by_id("share-file").hidden = made.link is not None
    _fill_rulings(table)
    by_id("share-dialog").showModal()
    if made.link is None:
        _note(made.message)
        by_id("share-file").focus()
        return
    copied = await _copy(made.link)
    _note(made.message + (" Copied to the clipboard." if copied else
                          " Select it and copy it: this page cannot use the clipboard here (it needs HTTPS)."))
    field.focus()
    field.select()


async def _copy(text):
    """Write ``text`` to the clipboard if the page may (a secure context); whether it was written."""
    if not window.isSecureContext or not getattr(navigator, "clipboard", None):
        return False
    try:
        await navigator.clipboard.writeText(text)
    except Exception:  # refused (no focus, no permission): the field is there to copy from
        return False
    return True


async def on_copy(event):
    """Copy link."""
    link = by_id("share-link").value
    copied = await _copy(link)
    by_id("share-link").select()
    _note("Copied to the clipboard." if copied else "Select the link and copy it (Ctrl+C): the clipboard cannot "
          "be used here.")


def on_file(event):
    """Export the file, offered when the link would be too long."""
    by_id("share-dialog").close()
    by_id("export").click()


def _fill_rulings(table):
    """The rulings a record can be made of, newest first, as the select's options (headlines as text)."""
    select = by_id("share-ruling")
    select.replaceChildren()
    found = sharing.rulings(table)
    for e in found:
        option = document.createElement("option")
        option.value = str(e.number)
        option.textContent = f"{e.number}. {e.text}"
        select.appendChild(option)
    if not found:
        option = document.createElement("option")
        option.textContent = "No ruling logged since this battlefield was loaded"
        select.appendChild(option)
    select.disabled = not found
    by_id("share-record").disabled = not found


def _chosen():
    """The log entry the ruling select names, or None."""
    value = by_id("share-ruling").value
    return sharing.ruling(state["ctl"].table, int(value)) if value.isdigit() else None


def on_record(event):
    """Download its record: the chosen ruling as an ``ask`` question file with the answer given."""
    entry = _chosen()
    if entry is None:
        _note("Choose a ruling first.")
        return
    table = state["ctl"].table
    try:
        text = sharing.record_text(table, entry)
    except (QuestionError, RulesError) as e:
        _note(f"No record: {e}")
        return
    name = f"{sharing.file_stem(table)}-ruling-{entry.number}.json"
    download(text, name)
    _note(f"Record downloaded as {name}: python -m vertigo ask {name} checks it again.")


def on_replay(event):
    """Download the replay: the battlefield as loaded and every action since."""
    table = state["ctl"].table
    try:
        text = sharing.replay_text(table)
    except RulesError as e:
        _note(f"No replay: {e}")
        return
    name = f"{sharing.file_stem(table)}-replay.json"
    download(text, name)
    _note(f"Replay downloaded as {name}: python -m vertigo replay {name} checks every step.")


async def _picture():
    """The side view as a standalone SVG with the chosen ruling (else the newest log entry) as its caption."""
    table = state["ctl"].table
    if state["css"] is None:
        response = await window.fetch("./static/style.css")
        state["css"] = await response.text()
    # The drawing at its fit with its labels placed as on screen (static/view.js), else Python's drawing.
    seen = window.vertigoView.picture() if getattr(window, "vertigoView", None) else None
    drawing = seen if isinstance(seen, str) and seen else side_view.render(table)
    entry = _chosen() or (table.log[-1] if table.log else None)
    caption = picture.caption_lines(entry.text, entry.details) if entry is not None else ()
    return picture.standalone_svg(drawing, caption, title=f"Vertigo: {table.scenario.title}",
                                  css=picture.view_css(state["css"], drawing))


async def on_svg(event):
    """Picture: SVG."""
    name = f"{sharing.file_stem(state['ctl'].table)}.svg"
    window.vertigoPicture.svg(await _picture(), name)
    _note(f"Picture downloaded as {name}.")


async def on_png(event):
    """Picture: PNG, drawn at twice the size."""
    name = f"{sharing.file_stem(state['ctl'].table)}.png"
    try:
        await window.vertigoPicture.png(await _picture(), name)
    except Exception as e:  # the browser could not draw it (a canvas too large)
        _note(f"No PNG: {e}")
        return
    _note(f"Picture downloaded as {name} (drawn at twice the size).")


# -- a shared link opened ----------------------------------------------------------

def _forget_link():
    """Take the link's fragment out of the address, so a reload does not ask again."""
    window.history.replaceState(window.history.state, "", _base())


def offer_link(ctl, run, say):
    """The page was opened from a link (or one was pasted into this tab): ask before it replaces the table."""
    _wire(ctl, run, say)
    if document.body.classList.contains("editing"):  # the draft is the editor's: the link waits in the address
        say("A shared link was opened while Edit mode is on: leave Edit mode, then reload the page to open it.")
        return
    fragment = window.location.hash
    got = sharing.offer(fragment, _bundled_files(), ctl.table)
    if got.table is None:
        _forget_link()
        run(lambda: ctl.update("The link was not opened.", error=got.error))
        return
    state["offer"] = got
    by_id("error").hidden = True  # an earlier refusal is not this link's
    by_id("link-offer-text").textContent = got.question
    notes = by_id("link-offer-notes")
    notes.replaceChildren()
    for line in got.notes:
        li = document.createElement("li")
        li.textContent = line
        notes.appendChild(li)
    by_id("link-offer").showModal()
    by_id("link-open").focus()


def on_open(event):
    """Open the shared table: it replaces the table in play (Undo brings that back)."""
    got = state["offer"]
    state["offer"] = None
    by_id("link-offer").close()
    if got is None:
        return
    _forget_link()  # answered: a reload does not ask again
    ctl = state["ctl"]
    state["run"](lambda: ctl.load(got.table, "Opened from a link:"))
    with contextlib.suppress(Exception):
        window.vertigoView.refresh()
    _to_view()


def on_keep(event):
    """Keep this table: the link is not opened."""
    if state["offer"] is None:
        return
    state["offer"] = None
    _forget_link()
    if by_id("link-offer").open:
        by_id("link-offer").close()
    state["say"]("The table in play was kept; the link was not opened.")
    _to_view()


# -- a record or a replay imported ---------------------------------------------------

def open_file(doc, filename, ctl, run, say):
    """Import… chose a ruling record or a replay (:func:`vertigo_page.sharing.kind_of`): show its verdict, or put
    its battlefield in play to step through."""
    _wire(ctl, run, say)
    kind = sharing.kind_of(doc)
    name = shown_name(filename)
    try:
        shown = sharing.open_record(doc) if kind == "record" else sharing.Playback.open(doc)
    except (QuestionError, ScenarioError, RulesError) as e:
        msg = f"{name} was not loaded; the current battlefield is unchanged.\n{e}"
        run(lambda: ctl.update(f"{name} was not loaded.", error=msg))
        return
    _close_box()
    run(lambda: ctl.load(shown.table, f"{'Record' if kind == 'record' else 'Replay'} {name}:"))
    state["playback"] = None if kind == "record" else shown
    _show_box(sharing.record_html(shown) if kind == "record" else shown.html(), ctl.table)


def _show_box(markup, table):
    """Show the record's or the replay's box, made for ``table`` (the table in play it stands beside)."""
    box = by_id("sharing")
    box.innerHTML = markup
    box.hidden = False
    state["table"] = table
    if not state["watching"]:  # any other change of the table in play leaves the box behind (_watch)
        state["watching"] = True
        observer = window.MutationObserver.new(create_proxy(_watch))
        state["proxies"].append(observer)
        for where in ("log", "view"):
            observer.observe(by_id(where), to_js({"childList": True}, dict_converter=Object.fromEntries))


def _to_view():
    """The focus to the side view's Tab stop (a dialog or a box it came from is gone)."""
    stop = document.querySelector('#view [tabindex="0"]')
    if stop:
        stop.focus()


def _close_box():
    box = by_id("sharing")
    box.hidden = True
    box.replaceChildren()
    state.update(playback=None, table=None)


def _watch(*_):
    """The log or the view was written: if the table in play is no longer the one the box stands beside (a move,
    a Load, an Undo), a record's box goes, and a replay's says it stops there — its Next step would otherwise
    replace the table in play, and the work done on it, with the replay's."""
    if state["table"] is None or state["ctl"].table is state["table"]:
        return
    playback = state["playback"]
    if playback is None or state["ctl"].table.scenario is not playback.start.scenario:  # another battlefield
        _close_box()
        return
    state["table"] = None
    by_id("sharing").innerHTML = playback.html(left=True)


def on_sharing_click(event):
    """The record's or the replay's buttons: Next step, To the end, Close."""
    button = event.target.closest("[data-share]")
    if not button:
        return
    what = button.getAttribute("data-share")
    playback, ctl = state["playback"], state["ctl"]
    if what != "close" and document.body.classList.contains("editing"):  # the view is the editor's now
        state["say"]("Leave Edit mode to play the replay on.")
        return
    if what == "close" or playback is None or ctl.table is not state["table"]:
        _close_box()
        _to_view()
        return
    played, error = playback, None
    try:
        while not played.done:
            played = played.next()
            if what == "next":
                break
    except RulesError as e:  # an action the rules refuse now: the table stays at the last step that played
        error = f"The replay stopped at step {len(played.steps) + 1} of {len(played.actions)}: {e}"
    state["playback"] = played
    if played is not playback:
        state["run"](lambda: ctl.play_back(played.table, played.status()))
    if error is not None:
        state["run"](lambda: ctl.update("The replay stopped.", error=error))
    _show_box(played.html(), ctl.table)
    box = by_id("sharing")
    again = box.querySelector(f'[data-share="{what}"]:not(:disabled)') or box.querySelector('[data-share="close"]')
    if again:
        again.focus()
