/* The battlefield editor's page mechanics (issue 26): drags on the side view, the draft kept on this device, and one
 * editing tab at a time.
 *
 * Browser mechanics only — no rule is decided here; py/app_edit.py (imported when the referee first presses Edit)
 * calls window.vertigoEdit and hears the drops.
 *
 * - start() / stop(): Edit mode on and off (body.editing, the Edit button's aria-pressed).
 * - Drags, by Pointer Events, in Edit mode only: a press on a section (g.section[data-section], or its tap region
 *   .tap[data-section]: static/view.js, tapRegions), a grip (.grip[data-grip][data-section]: the selected section's
 *   ends x0 / x1 and its elevation y, py/vertigo_view/edit_marks.py) or a fighter (g.fighter[data-fighter]) in #view's
 *   drawing belongs to the editor: the zoom library (@panzoom/panzoom, which listens on .view-port) never hears it, so
 *   it does not pan.  A press that moves less than DRAG_PX is left to be a click (Python selects).  Past DRAG_PX it is
 *   a drag: the pointer is captured, and once a frame only the dragged element moves (a transform="translate(dx dy)"
 *   in SVG user units, class "dragging"), snapped to svg[data-snap] (scenario units); a grip at x0 / x1 moves across
 *   only, the y grip up and down only.  On release vertigoEdit.onDrop(what, id, grip, dx, dy, x, y) is called in
 *   scenario units and the click that follows is swallowed; the moved element stays where it was dropped for Python
 *   to draw the view again (a handler that returns without drawing it sends it back).  Escape or a cancelled
 *   pointer puts it back.
 * - saveDraft / loadDraft / clearDraft: the draft in IndexedDB (its quota is not localStorage's, which the tables
 *   and the reload picture fill).
 * - lock() / unlock(): Web Locks (navigator.locks), or where there are none a BroadcastChannel ping answered within
 *   LOCK_WAIT_MS by a tab that holds the editor.
 */
(() => {
  "use strict";
  const DRAG_PX = 4;  // CSS px a press moves before it is a drag (less: a click)
  const CLICK_AFTER_MS = 800;  // a click this soon after a drag's release is the drag's own, and is swallowed
  // The renderer writes SVG numbers to 2 decimals: a fighter's feet come back from them up to 0.005 units low, under
  // the surface it stands on; the drop point is lifted by one such step so it stays on that surface.
  const DRAWN_STEP = 0.01;
  const DB = "vertigo-editor", STORE = "drafts", KEY = "draft";
  const LOCK = "vertigo-editor", LOCK_WAIT_MS = 150;
  const NO_DB = "this browser keeps no drafts (private window?)";
  const FULL = "the browser's storage for this site is full";

  let on = false;  // between start() and stop()
  const view = () => document.getElementById("view");
  // Drags are on between start() and stop(), while the page is in Edit mode (body.editing: py/app_edit.py sets it
  // already on the start panel, where the table in play is shown and nothing of it is to be dragged).
  const editing = () => on && document.body.classList.contains("editing");
  // Scenario numbers without binary noise (0.30000000000000004) or a minus zero.
  const round6 = (v) => Math.round(v * 1e6) / 1e6 || 0;

  /* ---------------------------------------------------------------------------------------------- Edit mode */

  function start() {
    on = true;
    document.body.classList.add("editing");
    const b = document.getElementById("edit");
    if (b) b.setAttribute("aria-pressed", "true");
  }

  function stop() {
    cancel();
    on = false;
    document.body.classList.remove("editing");
    const b = document.getElementById("edit");
    if (b) b.setAttribute("aria-pressed", "false");
  }

  /* ---------------------------------------------------------------------------------------------- Drags */

  /* The press under way: {el (the piece pressed), mover (what the transform moves), what, id, grip, pointerId,
     cx, cy (client px at the press), at (the press in the drawing's user units), anchor (the drop point's start,
     user units: a fighter's feet, else the press), base (the mover's own transform attribute), state ("pressed",
     "dragging", "cancelled"), last (latest client point), frame (requested animation frame), dxS, dyS (the move so
     far, scenario units)}; null between presses. */
  let press = null;
  let swallowUntil = 0;  // performance.now() before which a click is a drag's (see CLICK_AFTER_MS)

  /* The drawing an element of #view belongs to, or null. */
  function drawingOf(el) {
    const svg = el && el.closest ? el.closest("svg") : null;
    const v = view();
    return svg && v && v.contains(svg) ? svg : null;
  }

  /* What a press on `target` drags: {el, what, id, grip}, or null for none (the sky, a label, the overlay). */
  function pieceAt(target) {
    const svg = drawingOf(target);
    if (!svg) return null;
    const grip = target.closest(".grip[data-grip][data-section]");
    if (grip) return {el: grip, what: "grip", id: grip.dataset.section, grip: grip.dataset.grip};
    if (target.closest("#overlay")) return null;  // rings and marks of a verdict: not pieces
    const f = target.closest("g.fighter[data-fighter]");
    if (f) return {el: f, what: "fighter", id: f.dataset.fighter, grip: ""};
    let s = target.closest("g.section[data-section]");
    const tap = s ? null : target.closest(".tap[data-section]");
    if (tap) s = sectionGroup(svg, tap.dataset.section);
    return s ? {el: s, what: "section", id: s.dataset.section, grip: ""} : null;
  }

  /* A section's group in the drawing, by its id. */
  function sectionGroup(svg, id) {
    const byId = document.getElementById("section-" + id);
    if (byId && svg.contains(byId) && byId.matches("g.section")) return byId;
    return svg.querySelector(`g.section[data-section="${CSS.escape(id)}"]`);
  }

  /* The element whose transform attribute moves a piece: the piece itself, or, for one drawn inside a marker (a grip
     in a .px group, scaled by --k in CSS: a transform attribute there would be overridden, and counted in px), the
     marker's pin, whose own translate is in the drawing's units. */
  function moverOf(el) {
    const px = el.closest(".px, .px-across");
    return px && px.parentElement && px.parentElement.matches(".pin") ? px.parentElement : el;
  }

  /* A client point in the drawing's user units. */
  function toUser(svg, x, y) {
    const m = svg.getScreenCTM();
    return m ? new DOMPoint(x, y).matrixTransform(m.inverse()) : new DOMPoint(0, 0);
  }

  /* The drawing's scales: user units per scenario unit across (data-per-unit) and up (a Height view's data-level per
     Height level, else the same as across), and the snap step in scenario units (0: none). */
  function scalesOf(svg) {
    const across = +svg.dataset.perUnit || 1;
    const up = +svg.dataset.level || across;
    const snap = +(svg.dataset.snap || 0);
    return {across, up, snap: snap > 0 && Number.isFinite(snap) ? snap : 0};
  }

  /* v to the nearest whole number of steps (none: as it is). */
  function snapTo(v, step) {
    return round6(step ? Math.round(v / step) * step : v);
  }

  /* Where a fighter stands, in user units: its foot mark's pin (py/vertigo_view/tokens.py, _foot: the x the rules
     judge it at, on its surface), else its token's pin across and its feet up (data-feet on a figure drawn to
     scale; a token on a ladder stands on its point). */
  function feetOf(f) {
    const foot = f.querySelector(".pin > .foot-pin");
    const pin = foot ? foot.parentElement : f.querySelector(".pin");
    const t = pin && pin.transform.baseVal.consolidate();
    if (!t) return null;
    const feet = f.dataset.feet !== undefined ? +f.dataset.feet : t.matrix.f;
    return {x: t.matrix.e, y: feet - DRAWN_STEP};
  }

  /* pointerdown on #view, in Edit mode: a press on a piece is the editor's (kept from the zoom library, which
     listens on .view-port above #view); a second finger while one is down is kept from it too. */
  function onDown(e) {
    if (!editing()) return;
    if (press) { e.stopPropagation(); return; }
    if (e.pointerType === "mouse" && e.button !== 0) return;  // the right button: view.js's menu of pieces
    const hit = pieceAt(e.target);
    if (!hit) return;  // the sky: the zoom library pans
    e.stopPropagation();
    if (e.pointerType === "mouse") e.preventDefault();  // no text selection (as the zoom library does)
    const svg = drawingOf(hit.el), at = toUser(svg, e.clientX, e.clientY);
    const feet = hit.what === "fighter" ? feetOf(hit.el) : null;
    const mover = moverOf(hit.el);
    press = {...hit, svg, mover, pointerId: e.pointerId, cx: e.clientX, cy: e.clientY, at: {x: at.x, y: at.y},
             anchor: feet || {x: at.x, y: at.y}, base: mover.getAttribute("transform"), state: "pressed",
             last: {x: e.clientX, y: e.clientY}, frame: 0, dxS: 0, dyS: 0};
    for (const [type, fn] of PRESS_EVENTS) window.addEventListener(type, fn, true);
  }

  /* The move so far, snapped: scenario units (dxS across, dyS up) and user units (dxU, dyU), along the axes the
     piece moves on (a grip at an end: across; the elevation grip: up). */
  function movement(p, clientX, clientY) {
    const {across, up, snap} = scalesOf(p.svg);
    const now = toUser(p.svg, clientX, clientY);
    const dxS = p.grip === "y" ? 0 : snapTo((now.x - p.at.x) / across, snap);
    const dyS = p.grip === "x0" || p.grip === "x1" ? 0 : snapTo(-(now.y - p.at.y) / up, snap);
    return {dxS, dyS, dxU: dxS * across, dyU: -dyS * up};
  }

  /* A move in the drawing's user units, in the coordinates of the mover's parent (where its transform applies):
     the same unless the mover stands inside a scaled group. */
  function inParent(p, dxU, dyU) {
    const root = p.svg.getScreenCTM(), parent = p.mover.parentNode.getScreenCTM && p.mover.parentNode.getScreenCTM();
    if (!root || !parent || p.mover.parentNode === p.svg) return {x: dxU, y: dyU};
    const back = parent.inverse();
    const a = new DOMPoint(p.at.x, p.at.y).matrixTransform(root).matrixTransform(back);
    const b = new DOMPoint(p.at.x + dxU, p.at.y + dyU).matrixTransform(root).matrixTransform(back);
    return {x: b.x - a.x, y: b.y - a.y};
  }

  /* Show the piece moved to the pointer's latest point (once a frame: pointermove is coalesced here). */
  function paint() {
    const p = press;
    if (!p) return;
    p.frame = 0;
    if (p.state !== "dragging") return;
    const m = movement(p, p.last.x, p.last.y);
    p.dxS = m.dxS;
    p.dyS = m.dyS;
    const d = inParent(p, m.dxU, m.dyU);
    const t = `translate(${+d.x.toFixed(3)} ${+d.y.toFixed(3)})` + (p.base ? " " + p.base : "");
    if (p.mover.getAttribute("transform") !== t) p.mover.setAttribute("transform", t);
  }

  /* Put a dragged piece back where it was drawn. */
  function restore(p) {
    if (p.frame) cancelAnimationFrame(p.frame);
    p.frame = 0;
    if (p.base === null) p.mover.removeAttribute("transform");
    else p.mover.setAttribute("transform", p.base);
    p.el.classList.remove("dragging");
  }

  /* The press is over: stop listening, let go of the pointer. */
  function release() {
    const p = press;
    press = null;
    if (!p) return;
    for (const [type, fn] of PRESS_EVENTS) window.removeEventListener(type, fn, true);
    const v = view();
    if (v && v.hasPointerCapture && v.hasPointerCapture(p.pointerId)) v.releasePointerCapture(p.pointerId);
  }

  /* pointermove: past DRAG_PX from the press the press becomes a drag; a drag's next frame shows the latest point. */
  function onMove(e) {
    const p = press;
    if (!p || e.pointerId !== p.pointerId || p.state === "cancelled") return;
    if (!p.mover.isConnected) { release(); return; }  // drawn again under the finger: nothing left to drag
    p.last = {x: e.clientX, y: e.clientY};
    if (p.state === "pressed") {
      if (Math.hypot(e.clientX - p.cx, e.clientY - p.cy) < DRAG_PX) return;
      p.state = "dragging";
      p.el.classList.add("dragging");
      // Captured by #view, which stays when Python draws the view again: moves off the view still reach the drag.
      const v = view();
      if (v && v.setPointerCapture) try { v.setPointerCapture(p.pointerId); } catch (err) { /* pointer gone */ }
    }
    if (!p.frame) p.frame = requestAnimationFrame(paint);
  }

  /* pointerup: a drag ends in a drop (Python hears it); a press that never moved as far as DRAG_PX is a click. */
  function onUp(e) {
    const p = press;
    if (!p || e.pointerId !== p.pointerId) return;
    release();
    if (p.state === "pressed") return;
    swallowUntil = performance.now() + CLICK_AFTER_MS;
    if (p.state === "cancelled") return;
    p.last = {x: e.clientX, y: e.clientY};
    paint();
    if (p.frame) cancelAnimationFrame(p.frame);
    p.frame = 0;
    drop(p);
  }

  /* Tell Python where the piece was dropped: the move and the drop point in scenario units (see the header).  The
     piece stays where it was dropped for Python to draw the view again; if its handler is done (or its promise
     settled) without drawing it, the piece goes back. */
  function drop(p) {
    const fn = api.onDrop;
    if (!fn) { restore(p); return; }  // nobody to hear it: nothing will draw it again
    const {across, up} = scalesOf(p.svg);
    const x = round6(p.anchor.x / across + p.dxS), y = round6(-p.anchor.y / up + p.dyS);
    const moved = p.mover.getAttribute("transform");
    const settle = () => { if (p.mover.isConnected && p.mover.getAttribute("transform") === moved) restore(p); };
    let r;
    try {
      r = fn(p.what, p.id, p.grip, p.dxS, p.dyS, x, y);
    } catch (err) {
      restore(p);
      throw err;
    }
    if (r && typeof r.then === "function") r.then(settle, settle);
    else settle();
  }

  /* The drag under way is called off: the piece goes back (pointercancel, Escape, Edit mode off). */
  function cancel() {
    const p = press;
    if (!p) return;
    if (p.state === "dragging") restore(p);
    if (p.state === "pressed") { release(); return; }
    p.state = "cancelled";  // its pointer is still down: the release to come is no click
  }

  function onCancel(e) {
    if (!press || e.pointerId !== press.pointerId) return;
    cancel();
    release();
  }

  /* Escape during a drag puts the piece back, and is not also the page's Escape (which clears the selection). */
  function onKey(e) {
    if (e.key !== "Escape" || !press || press.state !== "dragging") return;
    e.preventDefault();
    e.stopImmediatePropagation();  // py/app_edit.py's keys listen on window too, after this
    cancel();
  }

  /* The click a drag's release makes on the view is not a click (it would select, or on the sky clear the
     selection).  A touch's drag makes none: the next press anywhere ends the wait for it. */
  function onClick(e) {
    if (!swallowUntil) return;
    const v = view(), mine = performance.now() < swallowUntil && v && v.contains(e.target);
    swallowUntil = 0;
    if (mine) { e.stopImmediatePropagation(); e.preventDefault(); }  // (py/app_edit.py listens on window too)
  }

  /* #view lost the drag's pointer: the drag is off (a touch's own capture, handed over to #view, is no loss). */
  function onLost(e) {
    if (press && press.state === "dragging" && e.target === view()) onCancel(e);
  }

  const PRESS_EVENTS = [["pointermove", onMove], ["pointerup", onUp], ["pointercancel", onCancel],
                        ["lostpointercapture", onLost]];

  function listen() {
    const v = view();
    if (!v) return;
    // Bubbling at #view: after view.js's own listeners there (a drag is never a click; a long press's menu), before
    // the zoom library's on .view-port.
    v.addEventListener("pointerdown", onDown);
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("click", onClick, true);
    window.addEventListener("pointerdown", () => { swallowUntil = 0; }, true);
  }

  /* ---------------------------------------------------------------------------------------------- Drafts */

  let opening = null;  // Promise<IDBDatabase> of the open database, or null

  /* The drafts' database, opened once (and again after a failure, or when another tab upgrades it). */
  function database() {
    if (opening) return opening;
    opening = new Promise((resolve, reject) => {
      if (!window.indexedDB) { reject(new Error(NO_DB)); return; }
      let req;
      try { req = indexedDB.open(DB, 1); } catch (err) { reject(new Error(NO_DB)); return; }
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => { db.close(); opening = null; };
        db.onclose = () => { opening = null; };
        resolve(db);
      };
      req.onerror = () => reject(new Error(reason(req.error)));
      req.onblocked = () => reject(new Error("another tab of this site keeps the drafts' store open"));
    });
    opening.catch(() => { opening = null; });
    return opening;
  }

  /* A storage error as the sentence the editor shows after "Draft NOT saved: ". */
  function reason(err) {
    const name = err && err.name;
    if (name === "QuotaExceededError") return FULL;
    if (name === "InvalidStateError" || name === "SecurityError") return NO_DB;
    return `the browser refused to keep it (${name || (err && err.message) || "unknown error"})`;
  }

  /* One transaction on the store: run(store) makes its request; resolves with that request's result once the
     transaction has committed (a full disk shows only then), rejects with the reason as a sentence. */
  async function transact(mode, run) {
    const db = await database();
    return new Promise((resolve, reject) => {
      let tx, req;
      try {
        tx = db.transaction(STORE, mode);
        req = run(tx.objectStore(STORE));
      } catch (err) {
        reject(new Error(reason(err)));
        return;
      }
      tx.oncomplete = () => resolve(req.result);
      tx.onabort = tx.onerror = () => reject(new Error(reason(tx.error || req.error)));
    });
  }

  /* Keep the draft's text: "" when it is kept, else why not. */
  async function saveDraft(text) {
    try {
      await transact("readwrite", (s) => s.put({text: String(text), saved: Date.now()}, KEY));
      return "";
    } catch (err) {
      return err.message || NO_DB;
    }
  }

  /* The draft's text kept on this device, or null when there is none (or no store to read). */
  async function loadDraft() {
    try {
      const v = await transact("readonly", (s) => s.get(KEY));
      return v && typeof v.text === "string" ? v.text : null;
    } catch (err) {
      return null;
    }
  }

  /* Forget the kept draft (nothing to forget is no error). */
  async function clearDraft() {
    try { await transact("readwrite", (s) => s.delete(KEY)); } catch (err) { /* no store: nothing kept */ }
  }

  /* ---------------------------------------------------------------------------------------------- One editing tab */

  let held = false;  // this tab edits
  let letGo = null;  // resolves the Web Lock's callback, which gives the lock back
  let given = null;  // the Web Lock's request: it settles once the lock is given back
  let channel = null, me = Math.random(), waiting = false;  // the BroadcastChannel fallback

  /* Take the editor for this tab: true when it is this tab's now (or already was), false when another tab has it. */
  function lock() {
    if (held) return Promise.resolve(true);
    if (navigator.locks && navigator.locks.request) return webLock().catch(() => pingLock());
    return pingLock();
  }

  /* Web Locks: the lock is held for as long as the callback's promise is pending (until unlock, or the tab closes). */
  function webLock() {
    return new Promise((resolve, reject) => {
      const request = navigator.locks.request(LOCK, {ifAvailable: true}, (l) => {
        if (!l) { resolve(false); return undefined; }
        held = true;
        given = request;
        resolve(true);
        return new Promise((r) => { letGo = r; });
      });
      request.catch(reject);
    });
  }

  /* No Web Locks: ask on a BroadcastChannel whether a tab holds the editor, and take it if none answers within
     LOCK_WAIT_MS.  Two tabs asking at once: the one with the lower random number answers the other, and wins. */
  function pingLock() {
    if (!window.BroadcastChannel) { held = true; return Promise.resolve(true); }  // no way to tell: this tab edits
    if (!channel) {
      channel = new BroadcastChannel(LOCK);
      channel.onmessage = (e) => {
        const m = e.data || {};
        if (m.type === "ping" && (held || (waiting && me < m.from))) channel.postMessage({type: "pong", to: m.from});
        if (m.type === "pong" && m.to === me) waiting = false;
      };
    }
    waiting = true;
    channel.postMessage({type: "ping", from: me});
    return new Promise((resolve) => setTimeout(() => {
      const free = waiting;  // nobody answered
      waiting = false;
      held = free;
      resolve(free);
    }, LOCK_WAIT_MS));
  }

  /* Give the editor back: another tab may take it once the returned promise has resolved. */
  function unlock() {
    held = false;
    const done = given;
    if (letGo) { letGo(); letGo = null; }
    given = null;
    return done ? done.then(() => undefined, () => undefined) : Promise.resolve();
  }

  /* ---------------------------------------------------------------------------------------------- */

  const api = {start, stop, onDrop: null, saveDraft, loadDraft, clearDraft, lock, unlock,
               get dragging() { return !!press && press.state === "dragging"; }};
  window.vertigoEdit = api;
  // Loaded after view.js at the end of <body>: #view is parsed.
  if (view()) listen();
  else document.addEventListener("DOMContentLoaded", listen);
})();
