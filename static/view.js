/* The side view at the table: fit, zoom and pan, and labels that give way.
 *
 * View mechanics only — no rule is decided here, and nothing here talks to Python.  It works on
 * whatever side view is in #view (the one pre-rendered into the page, then each one Python draws),
 * so the first paint is already fitted and legible.
 *
 * - Fit and zoom: the <svg> fills the view box and fits the battlefield in it (viewBox, "meet"), or, where
 *   that would draw it smaller than MIN_UNIT_PX per unit (a very wide field), starts at that size from its
 *   left end (fitStart).  Zoom
 *   and pan are the pinned @panzoom/panzoom library (static/vendor/panzoom, from package-lock.json):
 *   wheel, pinch, drag, the + / − / Fit buttons and the + − 0 keys (the wheel zooms at the pointer; the
 *   buttons and keys about the selected fighter, else the focused one, else the middle of what is drawn in the window).  The library moves an empty
 *   stand-in (.view-proxy); the drawing follows by its viewBox, so the browser paints only what is in
 *   the window, sharp at every zoom.  A redraw of the same battlefield
 *   keeps the zoom; another battlefield starts fitted.  A drag is never a click.
 * - Constant-size markers: tokens, names and tags are drawn in CSS px inside ".px" groups
 *   (py/vertigo_view/side_view.py, _pin); --k on the <svg> (SVG units per CSS px) scales them back
 *   after every zoom, so they keep their size while the terrain grows.
 * - Level of detail: every ".lbl" carries a data-rank (0 the overlay's result labels, 1 fighters'
 *   names, 2 Height tags, 3 section names, 4 the Height axis).  After every zoom, pan or redraw, the
 *   labels on screen are placed in rank order and one that would overlap a label already placed (or a
 *   fighter's token, or on a battlefield drawn to scale a figure's head or body), or stand closer than
 *   LABEL_GAP to a label of its kind, is hidden (.lod-off) until a zoom makes room; a Height tag first tries
 *   sliding along its border's line (data-slide="v"), a figure's name sideways over its head
 *   (data-slide="h"), a token's name sideways, a line up or under its token.  A fighter's or section's own
 *   name focused from the keyboard is placed first of all and always shown (a focused section's name moves a
 *   line or two off a token it would cover); a levels verdict's measure and the names of the fighters the
 *   verdict is about (their rings in the overlay) come next and are shown too, unless a label placed before
 *   them leaves them no room.
 * - Tokens are never hidden and keep their size; two that would hide each other's initial slide apart
 *   sideways (partTokens) until a zoom makes room.
 * - Off-screen signs: when part of the battlefield is outside the view, the edges it runs past are
 *   marked (.more-left … on .view-wrap) and the zoom bar says so.
 */
(() => {
  "use strict";
  const MAX_ZOOM = 8;
  const STEP = Math.log(1.5);  // one press of + or −: × 1.5
  const DRAG_PX = 6;
  const LONG_PRESS_MS = 500;
  const CELL = 64;
  // The least room between two labels of one kind (rank) shown, in CSS px (times the markers' growth): two section
  // names that touch read as one name ("Broken pavement Alley under the wall"), so the later one gives way instead.
  // A name may stand close to a Height tag or a token: they do not read as one.
  const LABEL_GAP = 8;
  const MIN_UNIT_PX = 7;  // a battlefield is not fitted smaller than this many CSS px per unit of its scenario (the
  // renderer's data-min-unit-px says it for each unit system: 4 px a foot)
  // At most this far in at the start: past it the whole field is many windows wide, and − must still reach
  // all of it in a few presses (an imported field of 200,000 units started 100x in, on empty sky).
  const MAX_FIT_ZOOM = 4;
  const HEADROOM_PX = 4;  // free above the highest fighter's token and name at the fit
  // A Height battlefield (stretchBase): the least px per Height level up, the room under the lowest surface for its
  // name, and on the right of the rightmost section.
  const BELOW_PX = 30, RIGHT_PX = 8;
  const TAP_PX = 24;  // every section and fighter owns a square this size where a tap selects it (tapRegions)
  const MIN_TAP_PX = 28;  // a token's hit square (py/vertigo_view/tokens.py, MIN_TAP)
  const TAP_SECTIONS = 400;  // most sections in the window whose squares are worked out (past it: zoom)
  const TAP_SMALL = 120;  // most sections drawn small in the window that get a tap region placed (past it: zoom)
  // Where a small section's tap region may stand, in TAP_PX from under the middle of its surface ([across, down]),
  // nearest first: under it, then beside, then deeper, then above (over the fighters standing on it).
  const TAP_PLACES = [[0, 0], [-0.5, 0], [0.5, 0], [0, 1], [-1, 0], [1, 0], [-0.5, 1], [0.5, 1], [0, 2], [-1, 1], [1, 1],
                      [0, 3], [-0.5, 2], [0.5, 2], [-1, 2], [1, 2], [-1.5, 0], [1.5, 0], [0, 4], [-1.5, 1], [1.5, 1],
                      [0, -2.3], [-1, -2.3], [1, -2.3], [-2, 0], [2, 0], [0, 5], [-2, 1], [2, 1], [-1, 3], [1, 3],
                      [-2, 2], [2, 2], [0, 6], [-2.5, 0], [2.5, 0], [-1.5, -2.3], [1.5, -2.3], [0, -3.3]];
  const AXIS_GAP_PX = 24;  // the Height axis' numbers stand at least this far apart
  const FOLLOW_MARGIN_PX = 12;  // a focused element's middle this far inside the window needs no pan (follow)
  // Where a focused section's name may stand if its own place is taken: [share of its width across, marker px down],
  // nearest first.
  const OWN_SLIDES = [[0, 16], [0, -16], [-0.35, 0], [0.35, 0], [-0.35, 16], [0.35, 16], [-0.35, -16], [0.35, -16],
                      [0, 32], [0, -32], [-0.7, 0], [0.7, 0], [0, 48], [0, -48]];
  let pz = null, svg = null, proxy = null, viewBox = "", queued = false, fitScale = 1, fitAt = null;
  let refreshes = 0, began = 0, refreshed = 0, lodMs = 0, tapMs = 0;  // read by tools/bench.py
  let toFollow = null;  // the element focused since the last pass, brought into view by the next (follow)

  const wrap = () => document.querySelector(".view-wrap");
  const view = () => document.getElementById("view");

  function boxesOverlap(a, b) {
    return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  }

  /* What the last pass decided for each label (given way or not, and its slide in screen px), and each
     label's and token's box about its pin in marker px, measured once when it is first drawn.  A marker
     keeps its size in px at every zoom, so where it stands on screen after any zoom or pan is arithmetic
     (the pin's point, and its parting slide, through the drawing's screen matrix): a pass measures only what
     was drawn anew, and writes only what changed.  A label that gives way is taken out of layout
     (display: none), so on a large battlefield a change anywhere on the page lays out the few labels on
     show, not a thousand. */
  const placed = new WeakMap(), local = new WeakMap(), terrainBoxes = new WeakMap();
  /* The labels layer's elements shown because their section has the focus (.focus-shown): kept here, so a pass
     need not look through the whole drawing for them. */
  const focusShown = new Set();

  /* The pin of a label of the labels layer that holds that label alone (a Height tag, a section's name), else
     null.  A label that gives way takes its pin out of layout with it (.lod-gone): the thousands of empty pins
     of a large battlefield were laid out, painted and hit-tested for nothing (a click's hit tests, a third of
     the view's, went through them). */
  const solo = new WeakMap();
  function soloPin(l) {
    if (!solo.has(l)) {
      const p = l.closest(".pin");
      solo.set(l, p && p.parentElement && p.parentElement.id === "labels" && p.querySelectorAll(".lbl").length === 1 ? p : null);
    }
    return solo.get(l);
  }

  /* The overlay's elements that match a selector: looked for in the overlay alone (a query from the drawing's
     root goes through all of its thousands of elements). */
  function overlayAll(selector) {
    const ov = svg.querySelector("#overlay");
    return ov ? ov.querySelectorAll(selector) : [];
  }

  /* A token's name has a hit area of its own just before it (py/vertigo_view/side_view.py's _token: a click on
     the name selects its fighter): it moves and gives way with the name, else it stayed where the name was and
     caught the clicks meant for a neighbour's token there (a fresh user's click on Hawk selected Lookout). */
  const hits = new WeakMap();
  function nameHit(l) {
    if (!hits.has(l)) {
      const h = l.classList.contains("token-name") ? l.previousElementSibling : null;
      hits.set(l, h && h.classList.contains("hit") ? h : null);
    }
    return hits.get(l);
  }

  /* A box of the drawing ({x0, x1, y0, y1}, SVG units) on screen, through the drawing's screen matrix m. */
  function onScreen(m, b) {
    const xs = [m.a * b.x0 + m.c * b.y0 + m.e, m.a * b.x1 + m.c * b.y1 + m.e];
    const ys = [m.b * b.x0 + m.d * b.y0 + m.f, m.b * b.x1 + m.d * b.y1 + m.f];
    return {left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
  }

  /* How much markers (tokens, names, tags) grow on wide screens: up to 1.5x at 2100 px and wider, as the panels'
     text does. */
  function markerGrow() {
    return Math.min(1.5, Math.max(1, window.innerWidth / 1400));
  }

  /* The sideways slide partTokens gave a pin, in SVG units (0 for none). */
  const shifts = new WeakMap();
  function pinShift(pin) {
    if (!pin) return 0;
    let v = shifts.get(pin);
    if (v === undefined) { v = pin.dataset.parted ? parseFloat(pin.dataset.parted) || 0 : 0; shifts.set(pin, v); }
    return v;
  }

  /* Where an element of a marker stands on screen, by arithmetic once it has been measured (see placed, local);
     without the slide its label was given (slideOf: the label whose slide it shares, itself by default). */
  function screenBox(el, m, grow, slideOf) {
    let b = local.get(el);
    if (!b) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) return null;  // not laid out (given way before it was ever measured)
      const pin = el.closest(".pin"), t = pin && pin.transform.baseVal.consolidate();
      const ax = t ? t.matrix.e : 0, ay = t ? t.matrix.f : 0, x = ax + pinShift(pin);
      const s = placed.get(slideOf || el) || {dx: 0, dy: 0};
      const sx = m.a * x + m.c * ay + m.e, sy = m.b * x + m.d * ay + m.f;
      b = {pin, ax, ay, l: (r.left - s.dx - sx) / grow, r: (r.right - s.dx - sx) / grow,
           t: (r.top - s.dy - sy) / grow, b: (r.bottom - s.dy - sy) / grow};
      local.set(el, b);
    }
    const x = b.ax + pinShift(b.pin), sx = m.a * x + m.c * b.ay + m.e, sy = m.b * x + m.d * b.ay + m.f;
    return {left: sx + b.l * grow, right: sx + b.r * grow, top: sy + b.t * grow, bottom: sy + b.b * grow,
            width: (b.r - b.l) * grow};
  }

  /* Tokens so close on screen that one would hide the other's initial (fitted on a phone, fighters on stacked
     floors or crowded on one section) slide apart sideways, each by as little as it takes, and their rings in
     the overlay go with them; a zoom that makes room puts them back where they stand.  Tokens keep their size.
     A slide is written only where it changes (data-parted keeps it, in SVG units). */
  function partTokens(m, grow) {
    if (!(m.a > 0)) return;
    const items = [];
    for (const {f, token, initial, pin} of fixedParts().tokens) {
      // Where the token and its initial stand on screen is arithmetic (screenBox): tokens keep their size.
      const rc = screenBox(token, m, grow), rt = screenBox(initial, m, grow);
      if (!rc || !rc.width || !rt) continue;
      const was = pinShift(pin) * m.a;  // screen px it is slid by now: measured where it would stand unslid
      items.push({f, pin, x: (rc.left + rc.right) / 2 - was, y: (rc.top + rc.bottom) / 2, r: rc.width / 2,
                  iw: rt.width / 2, ih: (rt.bottom - rt.top) / 2, dx: 0});
    }
    if (items.length > 200) return;  // past the caps: never more than 50 fighters
    for (let pass = 0; pass < 20; pass++) {
      let moved = false;
      for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
        const a = items[i], b = items[j];
        // b's token would cover a's initial (or a's b's): their centres are too close on both axes.
        // ... or its hit square under TAP_PX wide (each token keeps a TAP_PX square of its own: tapRegions).
        const needX = Math.max(Math.max(a.r, b.r) + Math.max(a.iw, b.iw) + 1, (MIN_TAP_PX - 2) * grow),
          needY = Math.max(Math.max(a.r, b.r) + Math.max(a.ih, b.ih) + 1, (MIN_TAP_PX - 2) * grow);
        const dx = b.x + b.dx - (a.x + a.dx);
        if (Math.abs(dx) >= needX || Math.abs(b.y - a.y) >= needY) continue;
        const dir = dx >= 0 ? 1 : -1, push = (needX - Math.abs(dx)) / 2 + 0.05;
        a.dx -= dir * push;
        b.dx += dir * push;
        moved = true;
      }
      if (!moved) break;
    }
    // The overlay's rings stand on pins of their own: found in one query, not one per fighter.
    const rings = new Map();
    for (const r of overlayAll(".pin [data-fighter]")) {
      const id = r.getAttribute("data-fighter");
      if (!rings.has(id)) rings.set(id, []);
      rings.get(id).push(r.closest(".pin"));
    }
    for (const it of items) {
      const units = Math.abs(it.dx) < 0.05 ? "" : (it.dx / m.a).toFixed(3);
      for (const p of [it.pin, ...(rings.get(it.f.dataset.fighter) || [])]) {
        if (!p || (p.dataset.parted || "") === units) continue;
        labelsMoved = true;
        if (units) { p.style.translate = `${units}px 0px`; p.dataset.parted = units; }
        else { p.style.translate = ""; delete p.dataset.parted; }
        shifts.delete(p);  // read again from data-parted
      }
    }
  }

  /* What a pass reads of the drawing outside its overlay — every label outside #overlay in the order a pass
     places them (by rank, then document order), and each fighter's token, initial and pin — found once per
     drawing and kept until a redraw outside the overlay (scan): a click that redraws only the overlay's marks
     leaves a thousand labels where they were, and the pass then looks up only the overlay's few. */
  let fixed = null;
  function fixedParts() {
    if (fixed && fixed.svg === svg) return fixed;
    const overlay = svg.querySelector("#overlay");
    const labels = [...svg.querySelectorAll(".lbl")].filter((l) => !overlay || !overlay.contains(l));
    const keyed = labels.map((l, i) => ({l, rank: +l.dataset.rank || 0, at: i,
      before: !!overlay && !!(overlay.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_PRECEDING)}));
    keyed.sort((a, b) => a.rank - b.rank || a.at - b.at);
    const tokens = [];
    for (const f of svg.querySelectorAll("#fighters .fighter")) {
      const token = f.querySelector(".px .token"), initial = f.querySelector(".token-initial");
      if (token && initial) {
        tokens.push({f, token, initial, pin: f.querySelector(".pin"), name: f.querySelector(".token-name"),
                     body: f.querySelector(":scope > rect.hit")});
      }
    }
    // Battlefields drawn to scale: each figure's head and body, in SVG units (they zoom with the terrain).
    const figures = [];
    for (const el of svg.querySelectorAll("#fighters .figure-head, #fighters .figure-body")) {
      const b = el.getBBox();
      figures.push({x0: b.x, x1: b.x + b.width, y0: b.y, y1: b.y + b.height});
    }
    // Per drawing (the terrain is drawn again only with the whole drawing), not at each redraw of its fighters.
    if (!terrainBoxes.has(svg)) { const t = svg.querySelector("#terrain"); terrainBoxes.set(svg, t && t.getBBox()); }
    // A Height battlefield's ground is drawn on under its lowest surface: what is there to see ends at its band.
    const band = svg.dataset.band ? svg.dataset.band.split(/[ ,]+/).map(Number) : null;
    const tb = band && band.length === 5 ? {x: band[0], y: band[1], width: band[2] - band[0], height: band[3] - band[1]}
      : terrainBoxes.get(svg);
    fixed = {svg, keyed, before: keyed.filter((k) => k.before).length, tokens, figures,
             terrain: tb && (tb.width || tb.height) ? {x0: tb.x, x1: tb.x + tb.width, y0: tb.y, y1: tb.y + tb.height} : null,
             tokenEls: [...svg.querySelectorAll("#fighters .px .token")],
             givenWay: new Set([...svg.querySelectorAll(".given-way .lbl, .lbl.given-way")]),
             axis: svg.querySelector("#scale.height-axis")};
    return fixed;
  }

  /* Every label in the order a pass places them: by rank, then document order (the overlay's labels stand in
     the document after the labels before #overlay and before the rest). */
  function labelOrder() {
    const {keyed, before} = fixedParts();
    const extra = [...overlayAll(".lbl")].map((l, j) => ({l, rank: +l.dataset.rank || 0, at: j}));
    if (!extra.length) return keyed.map((k) => k.l);
    const n = extra.length;
    // Document position in the whole drawing: the overlay's j-th label is at before + j, a fixed label after
    // the overlay moves n places on.
    const pos = (k, inOverlay) => inOverlay ? before + k.at : (k.before ? k.at : k.at + n);
    extra.sort((a, b) => a.rank - b.rank || a.at - b.at);
    const out = [];
    let i = 0, j = 0;
    while (i < keyed.length || j < n) {
      const a = keyed[i], b = extra[j];
      if (!b || (a && (a.rank - b.rank || pos(a, false) - pos(b, true)) < 0)) { out.push(a.l); i++; } else { out.push(b.l); j++; }
    }
    return out;
  }

  /* The labels of a verdict that never give way: what blocks a shot and why (H5, H10, H11), the notes at a route's
     crossings (a door, a climb, a drop and its dice), the destination's dice badge and the Height tags of the borders
     on a move's route (the overlay's .blocker-label, .route-note, .destination and .route,
     py/vertigo_view/overlay.py). */
  function verdictMarks() {
    const out = [];
    for (const why of overlayAll(".blocker-label, .round-label, .route-note")) if (why.closest(".lbl")) out.push(why.closest(".lbl"));
    const dest = overlayAll(".destination[data-section]")[0];
    if (dest) {
      const badge = [...overlayAll(".dice-badge[data-section]")].find((b) => b.dataset.section === dest.dataset.section);
      if (badge && badge.closest(".lbl")) out.push(badge.closest(".lbl"));
    }
    const route = overlayAll(".route[data-sections]")[0];
    const ids = route ? route.dataset.sections.split(" ") : [];
    if (ids.length > 1) {
      const pairs = new Set();
      for (let i = 1; i < ids.length; i++) { pairs.add(ids[i - 1] + "|" + ids[i]); pairs.add(ids[i] + "|" + ids[i - 1]); }
      const parts = fixedParts();
      if (!parts.borderTags) {
        parts.borderTags = new Map();
        for (const px of svg.querySelectorAll("#labels .border-mark[data-border]")) {
          parts.borderTags.set(px.dataset.border, [...px.querySelectorAll(".lbl")]);
        }
      }
      for (const key of pairs) out.push(...(parts.borderTags.get(key) || []));
    }
    return out;
  }

  /* Boxes on screen ({left, right, top, bottom}, px) kept by CELL-px cell (a number per cell: no string keys in a
     pass): add(box); near(box), what was added in its cells (a box may come more than once); anyNear(box, test),
     whether test holds for one of them. */
  function cellGrid() {
    const cells = new Map();
    const each = (q, visit) => {
      for (let x = Math.floor(q.left / CELL); x <= Math.floor(q.right / CELL); x++) {
        for (let y = Math.floor(q.top / CELL); y <= Math.floor(q.bottom / CELL); y++) visit(x * 1e6 + y);
      }
    };
    const add = (q) => each(q, (k) => { const c = cells.get(k); if (c) c.push(q); else cells.set(k, [q]); });
    const near = (q) => { const out = []; each(q, (k) => { for (const o of cells.get(k) || []) out.push(o); }); return out; };
    const anyNear = (q, test) => {  // stops at the first (a labels' pass asks it for every label)
      for (let x = Math.floor(q.left / CELL); x <= Math.floor(q.right / CELL); x++) {
        for (let y = Math.floor(q.top / CELL); y <= Math.floor(q.bottom / CELL); y++) {
          const c = cells.get(x * 1e6 + y);
          if (c && c.some(test)) return true;
        }
      }
      return false;
    };
    return {add, near, anyNear};
  }

  /* Hide the labels that cannot be shown without overlap at this zoom, in rank order. */
  function levelOfDetail(grow) {
    if (!svg) return;
    const m = svg.getScreenCTM();
    if (!m) return;
    partTokens(m, grow);
    const area = view().getBoundingClientRect();
    let labels = labelOrder();  // already in placing order
    // The keyboard-focused fighter's or section's own name (own) is shown whatever (style.css shows it even where it gave
    // way): placed before every other label, so a label it would cover gives way to it instead of lying under it
    // (a fighter just moved keeps the focus).  Then the names of the fighters the verdict is about (the selected
    // one, its target, the other of a levels verdict: their rings in the overlay), also shown where nothing is
    // free, but never over a label placed before them: a focused section's name over the selected fighter's
    // name, both shown whatever, read "Mountain goatOverhang" on the cliff.
    const at = document.activeElement;
    const focusedFighter = at && at !== svg && svg.contains(at) && at.matches(":focus-visible") ? at.dataset.fighter
      : undefined;
    const named = new Set([...overlayAll(".selected-ring[data-fighter], .target-ring[data-fighter]")]
      .map((r) => r.dataset.fighter));
    const namesOf = (ids) => fixedParts().tokens.filter(({f}) => ids.has(f.dataset.fighter))
      .flatMap(({f}) => [...f.querySelectorAll(".lbl")]);
    const own = new Set(focusedFighter ? namesOf(new Set([focusedFighter])) :
      [...focusShown].filter((n) => svg.contains(n)).map((n) => n.closest(".lbl") || n));
    // The levels verdict's measure (the dimension line's tag) comes next, before the fighters' names: the one number
    // the verdict turns on (the staircase's "4 ft" gave way to Birch's and Cedar's figures, and read nowhere).
    // The verdict's own marks never give way (issue 22): the destination's dice badge, the Height tags of the borders
    // its route crosses, the names of the fighters it is about and a levels verdict's measure.  They are placed
    // right after the focused one's name, each where it is free if a slide finds room, and shown whatever.
    // A fighter merely selected (no verdict yet) has its name placed early too, but it gives way where no place near
    // its token is free (its token's initials still tell it apart).
    const verdict = overlayAll(".target-ring, .levels-dimension, .destination, .spot").length > 0;
    const must = new Set([...overlayAll(".levels-dimension .lbl"), ...(verdict ? namesOf(named) : []), ...verdictMarks()]);
    const first = new Set([...own, ...must, ...namesOf(named)]);
    if (first.size) labels = [...first, ...labels.filter((l) => !first.has(l))];
    const rects = labels.map((l) => screenBox(l, m, grow));
    // Boxes placed so far, by CELL-px cell of the screen.
    const {add, anyNear} = cellGrid();
    // Tokens are never hidden: a label may not cover one (it may stand close by).
    for (const t of fixedParts().tokenEls) {
      const r = screenBox(t, m, grow);
      if (r) add(r);
    }
    // Nor a figure's head or body: a name over a neighbour's head reads as that neighbour's.
    for (const b of fixedParts().figures) {
      const r = onScreen(m, b);
      if (r.right >= area.left && r.left <= area.right && r.bottom >= area.top && r.top <= area.bottom) add(r);
    }
    // Nor the Height axis' numbers on show (heightAxis: a ruler at the window's edge, never given way).
    const axis = fixedParts().axis;
    for (const t of axis ? axis.querySelectorAll(".tick:not(.off) text, .axis-title text") : []) {
      const r = t.getBoundingClientRect();
      if (r.width) add({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
    }
    const gap = LABEL_GAP * grow;
    const padded = (q) => ({left: q.left - gap, right: q.right + gap, top: q.top - 1, bottom: q.bottom + 1});
    const want = new Map();  // label -> {off, dx, dy}
    const away = {off: true, dx: 0, dy: 0};
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i];
      let r = rects[i];
      if (!r || r.width === 0) continue;
      // A Height tag the verdict's own measure carries (its dimension line's tag says the same: .given-way).
      if (fixedParts().givenWay.has(l)) { want.set(l, away); continue; }
      // Out of the window: hidden too (nothing to read there), shown again when a pan brings it in.
      if (r.right < area.left || r.left > area.right || r.bottom < area.top || r.top > area.bottom) {
        want.set(l, away);
        continue;
      }
      // A label cut by the view's edge slides inside it; one that would have to slide more than half its
      // size gives way, but for the focused one's own name, which is shown whatever.
      const dx = r.left < area.left + 2 ? area.left + 2 - r.left : (r.right > area.right - 2 ? area.right - 2 - r.right : 0);
      const dy = r.top < area.top + 2 ? area.top + 2 - r.top : (r.bottom > area.bottom - 2 ? area.bottom - 2 - r.bottom : 0);
      if (!own.has(l) && (Math.abs(dx) > r.width / 2 || Math.abs(dy) > (r.bottom - r.top) / 2)) { want.set(l, away); continue; }
      if (dx || dy) r = {left: r.left + dx, right: r.right + dx, top: r.top + dy, bottom: r.bottom + dy};
      const rank = +l.dataset.rank || 0;
      // Free of every box placed so far (labels, tokens, figures), or of the labels alone (a box with a rank).
      const clear = (q, all) => {
        const p = padded(q);
        return !anyNear(p, (o) => (all || o.rank !== undefined) && boxesOverlap(o, o.rank === rank ? p : q));
      };
      const free = (q) => clear(q, true);
      if (free(r)) { r.rank = rank; add(r); want.set(l, {off: false, dx, dy}); continue; }
      // Before it gives way: a Height tag may slide up or down its border's line; a figure's name sideways, as
      // long as it still spans the middle of its own head; a token's name sideways (still over its token) or a
      // line up.
      const w = r.right - r.left, q = (ex, ey) => ({ex, ey, q: {left: r.left + ex, right: r.right + ex, top: r.top + ey,
                                                             bottom: r.bottom + ey}});
      const tries = l.dataset.slide === "v" ? [-18, 18, -36, 36].map((d) => q(0, d)) :
        l.dataset.slide === "h" ? [[-0.2, 0], [0.2, 0], [-0.45, 0], [0.45, 0],
          ...(first.has(l) ? [[0, -14], [-0.3, -14], [0.3, -14], [0, -28], [-0.45, -28], [0.45, -28]] : [])]
          .map(([f, d]) => q(f * w, d * grow)) :
        l.classList.contains("token-name") ? [[-0.3, 0], [0.3, 0], [0, -14], [-0.3, -14], [0.3, -14],
          // Under the point the token stands on, where a fighter stands right under another (a floor above).
          [0, 49],
          // The focused fighter's name, which is shown whatever: further up, where a crowd leaves no room nearer.
          ...(first.has(l) ? [[0, -28], [-0.3, -28], [0.3, -28], [0, -42], [-0.6, 0], [0.6, 0], [-0.6, -14],
            [0.6, -14], [0, 63], [-1, 0], [1, 0], [0, -56]] : [])].map(([f, d]) => q(f * w, d * grow)) :
        // The focused section's name, shown whatever: off the tokens it would cover (a slab's name under it, where
        // the fighters of the floor below stand), a line or two down or up, or sideways.
        own.has(l) ? OWN_SLIDES.map(([f, d]) => q(f * w, d * grow)) : [];
      const slid = tries.find(({q: b}) => b.top >= area.top && b.bottom <= area.bottom && b.left >= area.left &&
                                          b.right <= area.right && free(b));
      // A name placed first shows even where nothing is free: the focused one's own name whatever (style.css
      // shows it anyway), a levels verdict's measure or a verdict's fighter's name where it covers no label placed
      // before it.
      const put = slid || (own.has(l) || must.has(l) ? {ex: 0, ey: 0, q: r} : null);
      if (!put) { want.set(l, away); continue; }
      put.q.rank = rank;
      add(put.q);
      want.set(l, {off: false, dx: dx + put.ex, dy: dy + put.ey});
    }
    // Write only what changed since the last pass.
    for (const [l, w] of want) {
      const was = placed.get(l) || {off: false, dx: 0, dy: 0};
      const hit = nameHit(l);
      if (hit && (was.off !== w.off || was.dx !== w.dx || was.dy !== w.dy)) labelsMoved = true;
      if (was.off !== w.off) {
        l.classList.toggle("lod-off", w.off);
        if (hit) hit.classList.toggle("lod-off", w.off);
        const pin = soloPin(l);
        if (pin) pin.classList.toggle("lod-gone", w.off);
      }
      if (was.dx !== w.dx || was.dy !== w.dy) {
        // The label's own units are marker px, which are screen px times the markers' growth (refresh).
        for (const el of hit ? [l, hit] : [l]) {
          if (w.dx || w.dy) el.setAttribute("transform", `translate(${(w.dx / grow).toFixed(1)} ${(w.dy / grow).toFixed(1)})`);
          else el.removeAttribute("transform");
        }
      }
      placed.set(l, w);
    }
  }

  /* The Height axis (py/vertigo_view/terrain.py, _height_axis) is a ruler at the window's left edge, whatever the
     zoom and pan: its lowest and highest Heights always numbered, and between them the steps of 1, 2 or 5 x 10^n
     levels that stand at least AXIS_GAP_PX apart (none nearer than that to either end). */
  let axisState = "";
  function heightAxis(m, grow) {
    const axis = fixedParts().axis;
    if (!axis || !(m.a > 0) || !(m.d > 0)) return;
    const area = view().getBoundingClientRect();
    const x = ((area.left + (+axis.dataset.axisPx || 24) * grow) - m.e) / m.a;
    const perLevel = m.d * +svg.dataset.level, lo = +axis.dataset.lo, hi = +axis.dataset.hi;  // px per Height level
    let step = 1;
    for (let k = 0; step * perLevel < AXIS_GAP_PX * grow && k < 40; k++) step *= String(step)[0] === "2" ? 2.5 : 2;
    const state = `${x.toFixed(2)} ${step}`;
    if (state === axisState && axis.dataset.state === state) return;
    axisState = state;
    axis.dataset.state = state;
    axis.setAttribute("transform", `translate(${x.toFixed(2)} 0)`);
    const gap = AXIS_GAP_PX * grow / perLevel;  // levels
    for (const t of axis.querySelectorAll(".tick")) {
      const v = +t.dataset.level;
      const on = t.classList.contains("end") || (Math.abs(v / step - Math.round(v / step)) < 1e-9 && v - lo >= gap && hi - v >= gap);
      t.classList.toggle("off", !on);
    }
  }

  /* Every section and fighter owns a square of at least TAP_PX px where a tap selects it (issue 22).  A fighter's is
     its token's hit square (tokens part until they stand TAP_PX apart: partTokens).  A section drawn at least
     TAP_PX both ways keeps a free square of its own body (reserved here, below any token on it).  A smaller one turns
     its tap region on (#taps, py/vertigo_view/terrain.py: a layer over the terrain, under the fighters) and the
     region is put at the nearest free place under or beside the middle of its surface — free of every token, every
     reserved square and every region placed before it, smaller sections first — so narrow neighbours stack their
     regions instead of sharing one.  Worked out again only when the view, the drawing, a name's place or the tokens'
     parting changes; past TAP_SECTIONS sections in the window, or more small ones than TAP_SMALL or than a quarter
     of the window holds squares for, the zoom has to make room instead. */
  const bodyBoxes = new WeakMap();  // a figure's hit rect's box in the drawing's units (tapRegions)
  let labelsMoved = false;  // labelsMoved: a pass moved a name with a hit area, or parted tokens
  function tapRegions(m, grow) {
    const parts = fixedParts();
    if (!parts.taps) {
      parts.taps = [...svg.querySelectorAll("#taps > .tap[data-box]")].map((el) => {
        const [x, y, w, h] = el.dataset.box.split(" ").map(Number), t = el.transform.baseVal.consolidate();
        return {el, box: {x0: x, y0: y, x1: x + w, y1: y + h}, rect: el.querySelector(".tap-area"),
                on: el.classList.contains("tap-on"), at: "", px: t ? t.matrix.e : x, py: t ? t.matrix.f : y};
      });
    }
    const key = [m.a, m.d, m.e, m.f, grow].map((v) => v.toFixed(3)).join(" ");
    if (parts.tapKey === key && !labelsMoved) return;
    labelsMoved = false;
    parts.tapKey = key;
    // A token's hit square, and its disc's white ring (2.5 px wide) past it.
    const area = view().getBoundingClientRect(), T = TAP_PX * grow, ring = 1.5 * grow, half = MIN_TAP_PX / 2 * grow + ring;
    // What is taken so far, by CELL-px cell of the screen (a large battlefield has hundreds of squares).
    const {add: take, near, anyNear} = cellGrid();
    const inside = (q) => q.left >= area.left && q.right <= area.right && q.top >= area.top && q.bottom <= area.bottom;
    const meets = (o, q) => o.left < q.right && q.left < o.right && o.top < q.bottom && q.top < o.bottom;
    const free = (q) => inside(q) && !anyNear(q, (o) => meets(o, q));
    // Free but for names' hit areas, which give way to a section's region where nothing else is free (the fighter
    // keeps its token).
    const freeButNames = (q) => inside(q) && !anyNear(q, (o) => !o.hit && meets(o, q));
    for (const h of parts.yielded || []) h.classList.remove("tap-yield");
    parts.yielded = [];
    // All by arithmetic from boxes measured once per drawing: a layout asked for here, after the labels' pass has
    // written, would lay the whole drawing out again inside the frame.
    for (const {token, name, body} of parts.tokens) {
      const r = screenBox(token, m, grow);
      if (r) { const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
               take({left: cx - half, right: cx + half, top: cy - half, bottom: cy + half}); }
      // A figure drawn to scale answers taps over its whole body (in the drawing's units), with its outline's
      // white ring (2.5 px wide) round it.
      if (body) {
        let bb = bodyBoxes.get(body);
        if (!bb) { const g = body.getBBox(); bb = {x0: g.x, x1: g.x + g.width, y0: g.y, y1: g.y + g.height}; bodyBoxes.set(body, bb); }
        const q = onScreen(m, bb);
        take({left: q.left - ring, right: q.right + ring, top: q.top - ring, bottom: q.bottom + ring});
      }
      // Its name answers taps too (a hit area that slides and gives way with the name: nameHit), where shown.
      const hit = name && nameHit(name);
      if (hit && !name.classList.contains("lod-off")) {
        const q = screenBox(hit, m, grow, name), p = placed.get(name) || {dx: 0, dy: 0};
        if (q) take({left: q.left + p.dx, right: q.right + p.dx, top: q.top + p.dy, bottom: q.bottom + p.dy, hit});
      }
    }
    const shown = [];
    for (const t of parts.taps) {
      t.want = null;  // off unless placed below (past TAP_SECTIONS in the window, none is)
      const b = onScreen(m, t.box);
      if (b.right > area.left && b.left < area.right && b.bottom > area.top && b.top < area.bottom) shown.push({t, b});
    }
    const small = [];
    if (shown.length <= TAP_SECTIONS) {
      for (const it of shown) {
        const {b} = it, l = Math.max(b.left, area.left), r = Math.min(b.right, area.right);
        const top = Math.max(b.top, area.top), bottom = Math.min(b.bottom, area.bottom);
        if (r - l < T || bottom - top < T) { small.push(it); continue; }
        // Its own square: the middle across, as near its surface as the tokens on it allow; and the middle of what
        // is drawn of it, where a tap meant for it lands first, kept free of the small sections' regions too.
        const xs = [(l + r) / 2 - T / 2, l, r - T], spot = [];
        for (let y = top; y + T <= bottom && spot.length < 24; y += T / 2) for (const x of xs) spot.push({left: x, right: x + T, top: y, bottom: y + T});
        const q = spot.find(free);
        if (q) take(q); else small.push(it);
        for (const cy of [(top + bottom) / 2, (b.top + b.bottom) / 2]) {  // (a ground runs on past the window's foot)
          const mid = {left: (l + r - T) / 2, right: (l + r + T) / 2, top: cy - T / 2, bottom: cy + T / 2};
          if (free(mid)) take(mid);
        }
      }
      // More small sections than a quarter of the window could give squares to: the zoom has to make room (nothing is
      // placed: a crowd of regions would take every tap from the sections drawn there).
      if (small.length > TAP_SMALL || small.length * T * T > area.width * area.height / 4) small.length = 0;
      small.sort((p, q) => (p.b.right - p.b.left) * (p.b.bottom - p.b.top) - (q.b.right - q.b.left) * (q.b.bottom - q.b.top));
      for (const it of small) {
        // About its pin: the middle of its surface.
        const ax = m.a * it.t.px + m.c * it.t.py + m.e, ay = m.b * it.t.px + m.d * it.t.py + m.f;
        let put = null, least = Infinity;
        for (const [dx, dy] of TAP_PLACES) {
          const q = {left: ax - T / 2 + dx * T, right: ax + T / 2 + dx * T, top: ay + dy * T, bottom: ay + dy * T + T};
          if (free(q)) { put = [dx, dy, q]; break; }
          if (least > 0 && freeButNames(q)) { put = [dx, dy, q]; least = 0; continue; }
          // None free: the place inside the window where the least of it is taken.
          if (!inside(q) || least === 0) continue;
          let lost = 0;
          for (const o of new Set(near(q))) {
            lost += Math.max(0, Math.min(o.right, q.right) - Math.max(o.left, q.left)) *
                    Math.max(0, Math.min(o.bottom, q.bottom) - Math.max(o.top, q.top));
          }
          if (lost < least) { least = lost; put = [dx, dy, q]; }
        }
        if (!put) put = [0, 0, {left: ax - T / 2, right: ax + T / 2, top: ay, bottom: ay + T}];
        for (const o of near(put[2])) {
          if (o.hit && meets(o, put[2])) { o.hit.classList.add("tap-yield"); parts.yielded.push(o.hit); o.hit = null; }
        }
        take(put[2]);
        it.t.want = put;
      }
    }
    for (const t of parts.taps) {
      const on = !!t.want, at = on ? `${t.want[0]} ${t.want[1]}` : "";
      if (on !== t.on) { t.on = on; t.el.classList.toggle("tap-on", on); }
      if (on && at !== t.at && t.rect) {
        t.at = at;
        t.rect.setAttribute("x", String(-TAP_PX / 2 + t.want[0] * TAP_PX));
        t.rect.setAttribute("y", String(t.want[1] * TAP_PX));
      }
    }
  }

  /* Which edges the battlefield runs past, and the zoom readout. */
  function offScreen() {
    const w = wrap(), m = svg && svg.getScreenCTM(), box = m && fixedParts().terrain;
    if (!w || !box) return;
    // The terrain's box on screen, by arithmetic from its box in the drawing (found once per drawing: asking the
    // browser for it at every pass measured the whole terrain each time).
    const a = view().getBoundingClientRect(), t = onScreen(m, box);
    const more = {left: t.left < a.left - 2, right: t.right > a.right + 2, top: t.top < a.top - 2,
                  bottom: t.bottom > a.bottom + 2};
    for (const [edge, on] of Object.entries(more)) w.classList.toggle("more-" + edge, on);
    const readout = document.getElementById("zoom-level");
    if (readout) {
      const scale = pz ? pz.getScale() / fitScale : 1;  // 100 % is the fit
      const hidden = Object.values(more).some(Boolean);
      // At the fit of a battlefield too wide for it, Fit shows no more: zooming out does.
      const back = Math.abs(scale - 1) < 1e-6 ? "zoom out (−)" : "Fit (0)";
      // Short enough for two lines beside the buttons on a 360-px phone: a third line would make the bar, and so the
      // view, change height between one battlefield and the next, and the view would be fitted a frame late.
      const text = `${Math.round(scale * 100)} %` + (hidden ? ` · more off screen: drag, or ${back}` : "");
      if (readout.textContent !== text) readout.textContent = text;
    }
  }

  function refresh() {
    queued = false;
    began = performance.now();
    if (!svg || !svg.isConnected) return;
    if (toFollow) { const el = toFollow; toFollow = null; follow(el); }
    const m = svg.getScreenCTM();
    const grow = markerGrow();
    // Written only when it changes: every marker's style hangs on it.
    if (m && m.a > 0 && svg.style.getPropertyValue("--k") !== String(grow / m.a)) svg.style.setProperty("--k", String(grow / m.a));
    if (m && m.d > 0 && svg.style.getPropertyValue("--ky") !== String(grow / m.d)) svg.style.setProperty("--ky", String(grow / m.d));
    if (m) heightAxis(m, grow);
    const t = performance.now();
    levelOfDetail(grow);
    const t2 = performance.now();
    if (m) tapRegions(m, grow);
    tapMs = performance.now() - t2;
    offScreen();
    refreshed = performance.now();
    lodMs = refreshed - t;
    refreshes++;
  }

  function later() {
    if (!queued) { queued = true; requestAnimationFrame(refresh); }
  }

  /* The drawing follows the zoom through its viewBox, never a CSS transform: the browser then paints only
     the part of the battlefield in the window, at its true resolution, however far it is zoomed. */
  function frame() {
    if (!svg || !svg.isConnected || !pz) return;
    const base = (svg.dataset.base || "").split(/[ ,]+/).map(Number);
    const port = proxy.parentElement, W = port.clientWidth, H = port.clientHeight;
    // The drawing's size in px, not 100 %: an <svg> sized in percent is laid out again, with every one of
    // its thousands of shapes, whenever anything else on the page is (a status line, the panel); in px it
    // is left alone until the view's own box changes (this runs on every resize of it).
    if (W && H && (svg.style.width !== W + "px" || svg.style.height !== H + "px")) {
      svg.style.width = W + "px";
      svg.style.height = H + "px";
    }
    if (base.length !== 4 || !(base[2] > 0) || !(base[3] > 0) || !W || !H) return;
    const [vx, vy] = base, s = pz.getScale(), p = pz.getPan();
    const {fx, fy, ox, oy} = fitOf(base, W, H);
    // panzoom's transform of the proxy is scale(s) translate(x, y) about the middle: the window shows the
    // proxy's own px from (W/2)(1 - 1/s) - x across, W/s wide.
    const qx = (W / 2) * (1 - 1 / s) - p.x, qy = (H / 2) * (1 - 1 / s) - p.y;
    const box = [vx + (qx - ox) / fx, vy + (qy - oy) / fy, W / (s * fx), H / (s * fy)];
    svg.setAttribute("viewBox", box.map((n) => +n.toFixed(3)).join(" "));
    later();
  }

  /* "Fit": the whole battlefield in the window (panzoom's scale 1), unless that would draw it smaller than
     MIN_UNIT_PX per scenario unit (a row of 60 sections on a phone is a strip a few px high): then it is fitted
     at that size (never more than filling the window's height), from its left end, and the edge signs say the
     rest is off screen; − zooms out to all of it. */
  function fitStart() {
    const base = (svg && svg.dataset.base || "").split(/[ ,]+/).map(Number), unit = svg ? +svg.dataset.perUnit : 0;
    const port = proxy.parentElement, W = port.clientWidth, H = port.clientHeight;
    let s = 1;
    if (base.length === 4 && base[2] > 0 && base[3] > 0 && W && H && unit > 0) {
      if (stretched()) {
        // Worked out with its base box (stretchBase): across, as below; up, a Height battlefield too tall for 12 px
        // per level is fitted whole, and the zoom brings its levels apart.
        s = +svg.dataset.startScale || 1;
      } else {
        const all = Math.min(W / base[2], H / base[3]);
        const least = +svg.dataset.minUnitPx || MIN_UNIT_PX;
        s = Math.max(1, Math.min(MAX_FIT_ZOOM, Math.min(H / base[3], least / unit) / all));
      }
    }
    let startX = (W / 2) * (1 - 1 / s);
    if (s > 1 && base.length === 4) {
      // From its left end, unless no fighter stands there (one section from -100000 to 100000 with its fighters in
      // the middle started on empty ground): then about the first fighter, in the window's middle.
      const {fx, ox} = fitOf(base, W, H), xs = [];
      for (const pin of svg.querySelectorAll("#fighters .fighter > .pin")) {
        const t = pin.transform.baseVal.consolidate();
        if (t) xs.push(ox + (t.matrix.e - base[0]) * fx);  // proxy px across at scale 1
      }
      if (xs.length && !xs.some((x) => x <= W / s)) startX = W / 2 - Math.min(...xs);
    }
    return {startScale: s, startX, startY: -(H / 2) * (1 - 1 / s), maxScale: MAX_ZOOM * s};
  }

  function refit() {
    fitAt = fitStart();
    fitScale = fitAt.startScale;
    pz.setOptions(fitAt);
  }

  /* Put the stand-in where panzoom's state says, now: panzoom applies each change a frame later, but bounds
     the next zoom or pan by the stand-in's size on screen. */
  function sync() {
    const at = pz.getPan();
    place(proxy, {scale: pz.getScale(), x: at.x, y: at.y});
  }

  /* Back to the fit: its scale, then its pan (panzoom's reset bounds the new pan by the old scale's size). */
  function toFit() {
    const at = fitAt || {startScale: 1, startX: 0, startY: 0};
    sync();
    pz.zoom(at.startScale, {animate: false, force: true});
    sync();
    pz.pan(at.startX, at.startY, {animate: false, force: true});
    sync();
  }

  function attach(next) {
    // The renderer's view box; the fit's (data-base) may reach higher, for the markers (headroom).
    const drawn = next.dataset.drawn || next.getAttribute("viewBox") || "";
    // In Edit mode every edit draws the whole view again: a drawing that fits inside the one on screen keeps its
    // zoom and pan (and that one's box), so the pieces stay under the pointer; one that grows past it is fitted.
    const kept = !!svg && !!viewBox && drawn !== viewBox && document.body.classList.contains("editing")
      && inside(drawn, viewBox);
    const same = drawn === viewBox || kept;
    if (!next.dataset.base) next.dataset.base = same && svg && svg.dataset.base ? svg.dataset.base : drawn;
    if (same && svg && svg.dataset.startScale && !next.dataset.startScale) next.dataset.startScale = svg.dataset.startScale;
    next.dataset.drawn = drawn;
    svg = next;
    if (!kept) viewBox = drawn;
    if (!pz) return;
    // A Height battlefield's fit is worked out here (fitOf, stretchBase): the browser's own "meet" would leave its sky
    // empty.  (One drawn to scale keeps "meet": its picture for a reload keeps its aspect.)
    if (stretched()) next.setAttribute("preserveAspectRatio", "none");
    // The same battlefield drawn again keeps its zoom; another starts fitted.
    if (!same) {
      if (stretched()) stretchBase();
      refit();
      toFit();
      if (!stretched()) headroom();
      toScaleBox();
    }
    frame();
  }

  /* Whether view box ``a`` ("x y w h") lies within view box ``b``. */
  function inside(a, b) {
    const [ax, ay, aw, ah] = a.split(/[\s,]+/).map(Number), [bx, by, bw, bh] = b.split(/[\s,]+/).map(Number);
    const e = 1e-6;
    return ax >= bx - e && ay >= by - e && ax + aw <= bx + bw + e && ay + ah <= by + bh + e;
  }

  /* Whether the drawing is a Height battlefield's, whose vertical scale is chosen apart from the horizontal one
     (data-band, py/vertigo_view/side_view.py): Height levels are abstract, so its band fills the view's box. */
  function stretched() {
    return !!(svg && svg.dataset.band);
  }

  /* The fit of a base box in a W x H window: px per SVG unit across (fx) and up (fy) and the offset of the box's
     corner (ox, oy).  A Height battlefield's base box is worked out for the window (stretchBase) and fills it;
     one drawn to scale keeps its aspect, "xMidYMax meet". */
  function fitOf(base, W, H) {
    const [, , vw, vh] = base;
    if (stretched()) return {fx: W / vw, fy: H / vh, ox: 0, oy: 0};
    const fit = Math.min(W / vw, H / vh);
    return {fx: fit, fy: fit, ox: (W - vw * fit) / 2, oy: H - vh * fit};
  }

  /* A Height battlefield's base box for this window: across, the sections' ends with AXIS room on the left (the
     Height axis' numbers) and RIGHT_PX on the right; up, from BELOW_PX under the lowest surface (its name) to
     HEADROOM_PX over the highest marker — a fighter's token and name, a Height tag — with the scale up chosen
     so that this band fills the window's height, between 12 px and the window's height per Height level.
     A battlefield too tall for 12 px per level is fitted whole all the same (zoom brings its levels apart). */
  function stretchBase() {
    const port = proxy.parentElement, W = port.clientWidth, H = port.clientHeight;
    const band = svg.dataset.band.split(/[ ,]+/).map(Number), level = +svg.dataset.level;
    if (!W || !H || band.length !== 5 || !(level > 0)) return;
    const [x0, top, x1, bottom, tags] = band, grow = markerGrow(), unit = +svg.dataset.perUnit;
    const axis = svg.querySelector("#scale");
    const left = ((axis && +axis.dataset.axisPx) || 24) * grow + 8, right = RIGHT_PX * grow, wide = Math.max(x1 - x0, 1e-6);
    // A battlefield too wide for MIN_UNIT_PX per unit starts zoomed in by s from its left end (fitStart): the window
    // then shows 1/s of the base box across and up, and that part is what the band fills.
    // (Only a field wider than the whole window at MIN_UNIT_PX: the axis' margin alone does not zoom one in.)
    const s = MIN_UNIT_PX / unit * wide <= W ? 1 : Math.max(1, Math.min(MAX_FIT_ZOOM, (MIN_UNIT_PX / unit * wide + left + right) / W));
    svg.dataset.startScale = String(s);
    const fx = Math.max(1e-6, W - (left + right) / s) / wide;
    const below = BELOW_PX * grow, room = H - below - HEADROOM_PX;
    // Markers above a point: each fighter's token and name (marker px above its pin), the highest Height tag, the
    // axis' title over the highest surface.
    // The highest surface keeps room for a token and its name (a fighter may move up there) and the axis' title.
    const marks = [{y: tags, above: 10 * grow}, {y: top, above: 48 * grow}];
    for (const px of svg.querySelectorAll("#fighters .fighter > .pin > .px")) {
      const t = px.parentElement.transform.baseVal.consolidate(), b = px.getBBox();
      if (t && b.height) marks.push({y: t.matrix.f, above: -b.y * grow});
    }
    let fy = Infinity;
    for (const {y, above} of marks) if (y < bottom - 1e-6) fy = Math.min(fy, Math.max(1e-6, room - above) / (bottom - y));
    // The band fills the height (at least 12 px per level wherever that fits), at most a window per level.
    fy = Math.min(fy, H / level) / s;
    const vh = H / fy;
    svg.dataset.base = [x0 - left / s / fx, bottom + below / s / fy - vh, W / fx, vh].map((n) => +n.toFixed(3)).join(" ");
  }

  /* Room above the highest fighter for its token and name, which are drawn in CSS px above the point it stands
     on: the renderer's margin is in the battlefield's units, which on a tall battlefield (Heights ±1000) come to
     less than a px each at the fit, and fighters on its top section were drawn above the window's edge with
     nothing to say so.  The fit's view box reaches up until HEADROOM_PX are free above them. */
  function headroom() {
    const grow = markerGrow();
    const marks = [];
    for (const px of svg.querySelectorAll("#fighters .fighter > .pin > .px")) {
      const t = px.parentElement.transform.baseVal.consolidate(), b = px.getBBox();
      // Marker px above the pin's point, and its token's hit square about the pin across.
      if (t && b.height) marks.push({x: t.matrix.e, y: t.matrix.f, above: -b.y * grow, half: MIN_TAP_PX * grow / 2 + 2});
    }
    for (let i = 0; i < 3 && marks.length; i++) {
      frame();
      const m = svg.getScreenCTM();
      if (!m || !(m.d > 0) || !(m.a > 0)) return;
      const area = view().getBoundingClientRect();
      const top = Math.min(...marks.map((k) => m.d * k.y + m.f - k.above));
      const need = Math.max(0, area.top + HEADROOM_PX - top);
      // A figure at either end keeps its whole token in the window (its tap square: the staircase's top step, on a phone).
      const left = Math.max(0, area.left - Math.min(...marks.map((k) => m.a * k.x + m.e - k.half)));
      const right = Math.max(0, Math.max(...marks.map((k) => m.a * k.x + m.e + k.half)) - area.right);
      if (!(need > 0.5 || left > 0.5 || right > 0.5)) return;
      const b = svg.dataset.base.split(/[ ,]+/).map(Number);
      b[1] -= need / m.d;
      b[3] += need / m.d;
      b[0] -= left / m.a;
      b[2] += (left + right) / m.a;
      svg.dataset.base = b.map((n) => +n.toFixed(3)).join(" ");
      refit();
      toFit();
    }
  }

  /* A battlefield drawn to scale keeps its aspect: on an upright phone, where the view and the verdict's sheet share
     the height, the view's box shrinks to the drawing (its width times the drawing's height over its width) and the
     sheet takes the rest (style.css, main.to-scale).  A Height battlefield fills whatever box it has. */
  function toScaleBox() {
    const w = wrap(), main = w && w.closest("main"), port = proxy.parentElement;
    if (!main || !port || !svg) return;
    const base = (svg.dataset.base || "").split(/[ ,]+/).map(Number);
    const phone = window.matchMedia("(max-width: 60rem) and (orientation: portrait)").matches;
    const on = phone && !stretched() && base.length === 4 && base[2] > 0 && base[3] > 0;
    main.classList.toggle("to-scale", on);
    if (on) {
      const bar = w.querySelector(".zoom-bar"), extra = w.offsetHeight - port.clientHeight;
      const px = Math.round(port.clientWidth * base[3] / base[2] + (bar ? extra : 0));
      if (main.style.getPropertyValue("--drawn-h") !== px + "px") main.style.setProperty("--drawn-h", px + "px");
    } else {
      main.style.removeProperty("--drawn-h");
    }
  }

  /* Whether a mutation only redrew the overlay (#overlay or a layer of it replaced, or anything inside it). */
  function overlayOnly(rec) {
    const t = rec.target;
    if (t.closest && t.closest("#overlay")) return true;
    const nodes = [...rec.addedNodes, ...rec.removedNodes];
    return t === svg && nodes.length > 0 && nodes.every((n) => n.id === "overlay");
  }

  function scan(records) {
    const next = view() && view().querySelector("svg.side-view");
    if (records && !records.every(overlayOnly)) fixed = null;
    if (next && next !== svg) attach(next);
    else later();
  }

  /* The point the + − buttons and keys zoom about, in client px: the selected fighter's token while it is in
     the window, else the focused fighter's token or section's body (the keyboard's place, as after Escape),
     else the middle of what is drawn there (the terrain and the tokens, clipped to the window), else the
     window's middle (null: the library's own centre).  The middle of the view box is often empty sky. */
  function focusPoint() {
    const a = view().getBoundingClientRect();
    const inside = (r) => r.width > 0 && r.right > a.left && r.left < a.right && r.bottom > a.top && r.top < a.bottom;
    const foot = (id) => {
      const token = svg && svg.querySelector(`#fighters [data-fighter="${CSS.escape(id)}"] .token`);
      const t = token && token.getBoundingClientRect(), pin = token && token.closest(".pin");
      if (!(t && inside(t) && pin)) return null;
      // About the point the token stands on (its pin, less the sideways slide partTokens gave it: the fighter's x):
      // the token is drawn in px above it and slid by px, so zooming about that point keeps the whole token still.
      const p = new DOMPoint(-pinShift(pin), 0).matrixTransform(pin.getScreenCTM());
      return {clientX: p.x, clientY: p.y};
    };
    const ring = svg && svg.querySelector("#overlay .selected-ring[data-fighter]");
    const selected = ring && foot(ring.dataset.fighter);
    if (selected) return selected;
    const focused = svg && document.activeElement && svg.contains(document.activeElement) ? document.activeElement : null;
    if (focused && focused.dataset.fighter) {
      const at = foot(focused.dataset.fighter);
      if (at) return at;
    }
    const body = focused && focused.dataset.section && focused.querySelector(".body");
    const r = body && body.getBoundingClientRect();
    if (r && inside(r)) return {clientX: (Math.max(r.left, a.left) + Math.min(r.right, a.right)) / 2,
                                clientY: (Math.max(r.top, a.top) + Math.min(r.bottom, a.bottom)) / 2};
    let box = null;
    for (const el of svg ? svg.querySelectorAll("#terrain .body, #fighters .token") : []) {
      const r = el.getBoundingClientRect();
      if (!inside(r)) continue;
      const c = {left: Math.max(r.left, a.left), right: Math.min(r.right, a.right), top: Math.max(r.top, a.top),
                 bottom: Math.min(r.bottom, a.bottom)};
      box = box ? {left: Math.min(box.left, c.left), right: Math.max(box.right, c.right), top: Math.min(box.top, c.top),
                   bottom: Math.max(box.bottom, c.bottom)} : c;
    }
    return box && {clientX: (box.left + box.right) / 2, clientY: (box.top + box.bottom) / 2};
  }

  /* Move the stand-in and the drawing to panzoom's scale and pan. */
  function place(el, {scale, x, y}) {
    el.style.transform = `scale(${scale}) translate(${x}px, ${y}px)`;
    frame();
  }

  function zoomBy(dir) {
    if (!pz) return;
    if (dir === 0) { toFit(); return; }
    sync();  // presses quicker than panzoom's frame would measure a stale drawing
    const at = focusPoint();
    if (!at) { if (dir > 0) pz.zoomIn({animate: false}); else pz.zoomOut({animate: false}); return; }
    pz.zoomToPoint(pz.getScale() * Math.exp(dir * STEP), at, {animate: false});
  }

  /* Bring a focused fighter or section into view when the keyboard moves focus to it off screen: when the middle
     of its token (a fighter) or of its shape (a section) is not well inside the window.  One whose middle is on
     screen stays where it is: a fighter just moved, or one whose name runs past the window's edge, does not
     pan the view. */
  function follow(el) {
    if (!pz || !el.closest || !el.isConnected) return;
    const a = view().getBoundingClientRect(), r = (el.querySelector(".px .token") || el).getBoundingClientRect();
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2, m = FOLLOW_MARGIN_PX;
    if (cx >= a.left + m && cx <= a.right - m && cy >= a.top + m && cy <= a.bottom - m) return;
    const s = pz.getScale(), p = pz.getPan();
    pz.pan(p.x + (a.left + a.width / 2 - (r.left + r.width / 2)) / s, p.y + (a.top + a.height / 2 - (r.top + r.height / 2)) / s,
           {animate: false});
  }

  /* A long press (LONG_PRESS_MS without moving) lists every fighter and section under the finger as a menu at the
     top of the panel: where a token, a thin slab and a Height tag lie over one another, the referee picks the one
     meant.  A choice acts as a click on it there.  The browser's own context menu is not shown over the view.
     The click that ends a long press is not also a click.  A mouse's right button opens the same menu. */
  let pressed = false;
  function targetsAt(x, y) {
    const out = [], seen = new Set();
    for (const [dx, dy] of [[0, 0], [-8, 0], [8, 0], [0, -8], [0, 8]]) {
      for (const el of document.elementsFromPoint(x + dx, y + dy)) {
        let t = el.closest && el.closest("#view [data-fighter], #view [data-section]");
        if (!t || t.closest("#overlay, #labels")) continue;
        if (t.classList.contains("tap")) t = document.getElementById("section-" + t.dataset.section) || t;
        const key = t.dataset.fighter ? "f:" + t.dataset.fighter : "s:" + t.dataset.section;
        if (!seen.has(key) && t.getAttribute("role") === "button") { seen.add(key); out.push(t); }
      }
    }
    return out;
  }
  function targetMenu(x, y) {
    const panel = document.getElementById("panel"), items = targetsAt(x, y);
    if (!panel || !items.length) return;
    const old = panel.querySelector(".target-menu");
    if (old) old.remove();
    const menu = document.createElement("div");
    menu.className = "target-menu card";
    menu.setAttribute("role", "menu");
    menu.setAttribute("aria-label", "Under your finger");
    const title = document.createElement("h2");
    title.textContent = `Under your finger: ${items.length} ${items.length === 1 ? "piece" : "pieces"}`;
    menu.append(title);
    for (const t of items) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("role", "menuitem");
      b.textContent = (t.dataset.fighter ? "Fighter: " : "") + (t.getAttribute("aria-label") || t.id);
      b.addEventListener("click", () => {
        menu.remove();
        pressed = false;  // the click that ended the long press never came (a touch's long press makes none)
        t.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, clientX: x, clientY: y, detail: 1}));
      });
      menu.append(b);
    }
    menu.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); menu.remove(); } });
    panel.prepend(menu);
    const side = panel.closest(".side");
    if (side) side.scrollTop = 0;
    menu.querySelector("button").focus({preventScroll: true});
  }
  function longPress(v) {
    let timer = 0, at = null, mouse = true;
    const cancel = () => { clearTimeout(timer); timer = 0; };
    v.addEventListener("pointerdown", (e) => {
      cancel();
      pressed = false;
      mouse = e.pointerType === "mouse";
      if (mouse) return;  // a mouse's right button opens the same menu (contextmenu)
      at = {x: e.clientX, y: e.clientY};
      timer = setTimeout(() => { timer = 0; pressed = true; targetMenu(at.x, at.y); }, LONG_PRESS_MS);
    });
    v.addEventListener("pointermove", (e) => { if (timer && Math.hypot(e.clientX - at.x, e.clientY - at.y) > DRAG_PX) cancel(); });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) v.addEventListener(type, cancel);
    v.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      if (mouse) targetMenu(e.clientX, e.clientY);
    });
  }

  function start() {
    const v = view();
    proxy = document.querySelector(".view-proxy");
    if (!v || !proxy || !window.Panzoom) return;
    // panzoom moves an empty stand-in the size of the view (its gestures and limits are the library's own);
    // setTransform hands each move on to the drawing's viewBox.
    pz = window.Panzoom(proxy, {maxScale: MAX_ZOOM, minScale: 1, step: STEP, contain: "outside",
                                cursor: "grab", canvas: true, animate: false, excludeClass: "zoom-exclude",
                                handleStartEvent: (e) => { if (e.pointerType === "mouse") e.preventDefault(); },
                                setTransform: place});
    new MutationObserver(scan).observe(v, {childList: true, subtree: true});
    scan();
    // Wheel zooms at the pointer; a drag pans (panzoom); a drag that moved is not also a click.
    v.addEventListener("wheel", (e) => { if (pz) pz.zoomWithWheel(e); }, {passive: false});
    let down = null;
    v.addEventListener("pointerdown", (e) => { down = {x: e.clientX, y: e.clientY}; }, true);
    v.addEventListener("click", (e) => {
      if ((down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > DRAG_PX) || pressed) {
        e.stopPropagation();
        e.preventDefault();
      }
      down = null;
      pressed = false;
    }, true);
    longPress(v);
    v.addEventListener("focusin", (e) => {
      // The view follows the keyboard's focus (the one with a ring), not a click's: a tap on the part of a section
      // in the window panned the view to that section's middle.  Brought into view by the next pass, not here:
      // asking where it is now would lay out, inside the handler that focused it, what that handler has just
      // drawn, and the frame would lay it out again.
      const keyboard = !!(e.target.matches && e.target.matches(":focus-visible"));
      if (keyboard) toFollow = e.target;
      // A section focused from the keyboard shows its name even where its name gave way (a click's focus moves no
      // label: on a large battlefield at its fit, every label that moves is a tile of the drawing painted again).
      const sid = keyboard && e.target.getAttribute && e.target.getAttribute("data-section");
      if (sid && svg) {
        for (const n of svg.querySelectorAll("#labels [data-section]")) {
          const on = n.getAttribute("data-section") === sid;
          n.classList.toggle("focus-shown", on);
          if (on) { focusShown.add(n); const p = n.closest(".pin"); if (p) p.classList.remove("lod-gone"); }
          else focusShown.delete(n);
        }
      }
      later();  // the labels the focused one's name would cover give way to it
    });
    v.addEventListener("focusout", () => {
      for (const n of focusShown) {
        n.classList.remove("focus-shown");
        // Its name had given way: its pin goes out of layout again.
        const l = n.closest(".lbl") || n.querySelector(".lbl"), p = l && soloPin(l);
        if (p && l.classList.contains("lod-off")) p.classList.add("lod-gone");
      }
      focusShown.clear();
      later();
    });
    for (const [id, dir] of [["zoom-in", 1], ["zoom-out", -1], ["zoom-fit", 0]]) {
      const b = document.getElementById(id);
      if (b) b.addEventListener("click", () => zoomBy(dir));
    }
    document.addEventListener("keydown", (e) => {
      const t = e.target, tag = t && t.tagName;
      if (e.ctrlKey || e.metaKey || e.altKey || ["INPUT", "SELECT", "TEXTAREA"].includes(tag)) return;
      if (t && t.closest && t.closest("#panel")) return;
      const dir = {"+": 1, "=": 1, "-": -1, "_": -1, "0": 0}[e.key];
      if (dir === undefined) return;
      e.preventDefault();
      zoomBy(dir);
    });
    // A new window size fits again if the view was at its fit, and keeps the zoom otherwise.
    const resized = () => {
      if (!pz) return;
      const at = pz.getPan(), old = fitAt || {startScale: 1, startX: 0, startY: 0};
      const fitted = Math.abs(pz.getScale() - old.startScale) < 1e-6 && Math.abs(at.x - old.startX) < 1 &&
        Math.abs(at.y - old.startY) < 1;
      if (stretched()) stretchBase();
      refit();
      if (fitted) toFit();
      toScaleBox();
      frame();
      later();
    };
    window.addEventListener("resize", resized);
    if (window.ResizeObserver) new ResizeObserver(resized).observe(proxy.parentElement);
  }

  /* The picture a reload shows first (py/app.py keeps it when the page is left or hidden; static/boot.js shows it
     as an image): the drawing at its fit as the last pass placed it there — labels given way and slid, tokens
     parted — with nothing selected, at the whole battlefield's box.  Zoomed in, the view goes to its fit for
     the moment it takes to place the labels there and copy the drawing, then back to where it was.  (Python's
     drawing shows every label: on a phone they lay over one another until the live view took over.) */
  function picture() {
    if (!svg || !svg.isConnected || !pz || !svg.dataset.base) return null;
    const at = pz.getPan(), scale = pz.getScale(), fit = fitAt || {startScale: 1, startX: 0, startY: 0};
    const away = Math.abs(scale - fit.startScale) > 1e-6 || Math.abs(at.x - fit.startX) > 1 || Math.abs(at.y - fit.startY) > 1;
    if (away) { toFit(); refresh(); }
    const copy = svg.cloneNode(true);
    if (away) {
      pz.zoom(scale, {animate: false, force: true});
      sync();
      pz.pan(at.x, at.y, {animate: false, force: true});
      sync();
      refresh();
    }
    copy.setAttribute("viewBox", svg.dataset.base);
    // The window it was fitted to: a Height battlefield's fit is worked out for it (stretchBase), so a reload at
    // another size shows no picture rather than a squeezed one (static/boot.js).
    const port = proxy.parentElement;
    copy.setAttribute("data-taken", `${port.clientWidth} ${port.clientHeight}`);
    copy.removeAttribute("style");  // the live view's size in px and its --k: the picture gets its own
    copy.removeAttribute("data-base");
    copy.removeAttribute("data-drawn");
    for (const layer of copy.querySelectorAll("#overlay > *")) layer.replaceChildren();
    for (const n of copy.querySelectorAll(".focus-shown")) n.classList.remove("focus-shown");
    return new XMLSerializer().serializeToString(copy);
  }

  window.vertigoView = {refresh: later, zoom: zoomBy, panzoom: () => pz, picture, get scale() { return pz ? pz.getScale() / fitScale : 1; },
                        get refreshes() { return refreshes; }, get refreshed() { return refreshed; }, get began() { return began; },
                        get lodMs() { return lodMs; }, get tapMs() { return tapMs; }};
  // Loaded at the end of <body>: the view is parsed, so the drawing the page opens with is fitted and its
  // labels sized before the first paint.
  if (document.getElementById("view")) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
