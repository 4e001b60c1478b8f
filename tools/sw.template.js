// Vertigo's service worker: the site works offline, and a page is always one build.
// Written into the built site as sw.js by tools/site.py, which fills in VERSION (a hash of every
// precached file) and PRECACHE (each file, relative to this script, with its SHA-256).
//
// * Cache-first from one cache per build, named after this site's scope and VERSION. Nothing is fetched
//   from anywhere but this site, and only the files listed below are precached.
// * Install fetches every file afresh (bypassing the HTTP cache) and checks its SHA-256 against the build's
//   list: a cache never holds a file of another build, even if a new build is published mid-install.
// * Cached answers are served as they are (so the browser keeps its compiled-code cache for the runtime's
//   scripts and WebAssembly) and checked against the same hash a few seconds later, off the page's start:
//   every project site of the same GitHub Pages owner shares this origin's Cache Storage and could write
//   into this cache. An entry that does not match is fetched again from the site (or dropped), so a
//   tampered copy cannot last beyond the load that met it.
// * No skipWaiting() and no clients.claim(): a page is controlled by the worker it started with (or by none,
//   on the very first visit) for its whole life, so all its files come from one build's cache. A new build's
//   worker installs beside the old one and waits; it takes over on the next load after every tab of the old
//   build is closed (a reload of the last tab is not enough, since the old page is still open while the new
//   one is requested; a hard reload, Shift+Reload, bypasses the worker and loads the new build whole from the
//   network). Then activate deletes this site's older caches, never another site's.
// * The memory snapshot Python starts from is kept inflated too (INFLATED: a URL that is no file of the site,
//   derived from the precached python.snapshot.gz and checked against the SHA-256 of the build's inflated
//   snapshot). Inflating 30 MiB on the page's main thread held back the interpreter's WebAssembly for a
//   quarter of a second on every visit; here it is done once, at install, off the page. static/python.mjs
//   asks for it only when a worker controls the page, and falls back to the .gz when it is not there.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const INFLATED = __INFLATED__;

const PREFIX = "vertigo:" + self.registration.scope + ":";
const CACHE = PREFIX + VERSION;
const DIGEST = new Map(Object.entries(PRECACHE).map(([url, hash]) => [new URL(url, self.registration.scope).href, hash]));
const PAGE = new URL("./", self.registration.scope).href;
const INFLATED_URL = new URL(INFLATED.url, self.registration.scope).href;
const INFLATED_FROM = new URL(INFLATED.from, self.registration.scope).href;
// Every entry the worker keeps and checks: the site's files, and the inflated snapshot made from one of them.
const KEPT = new Map([...DIGEST, [INFLATED_URL, INFLATED.sha256]]);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The response with its body read, or null when the body's SHA-256 is not the build's.
async function verified(response, expected) {
  if (!response || !response.ok) return null;
  const body = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", body)) !== expected) return null;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...DIGEST].map(async ([url, hash]) => {
      const good = await verified(await fetch(url, { cache: "reload" }), hash);
      if (!good) throw new Error("Vertigo offline copy: " + url + " is not this build's file");
      await cache.put(url, good);
    }));
    const snapshot = await fresh(INFLATED_URL);
    if (snapshot) await cache.put(INFLATED_URL, snapshot);
  })().catch(async (error) => {
    await caches.delete(CACHE);
    throw error;  // the install fails; the page keeps working from the network and tries again next visit
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  url.hash = "";
  let key = url.href;
  if (event.request.mode === "navigate") {
    url.search = "";
    key = url.href === PAGE + "index.html" ? PAGE : url.href;
  }
  if (!KEPT.has(key)) return;  // not a file of this build: the browser fetches it as usual
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) {
      // Not event.waitUntil: a fetch event kept open would hold back a waiting new build's worker.
      check(key).catch(() => {});
      return hit;
    }
    if (key !== INFLATED_URL) return fetch(event.request);
    const made = await fresh(key);  // the site has no such file: make it now (the page falls back to the .gz)
    if (!made) return new Response("", { status: 404, statusText: "Not Found" });
    await cache.put(key, made.clone());
    return made;
  })());
});

// A new, checked copy of a kept entry, or null: a site file fetched again from the site; the inflated snapshot
// made from the cached .gz (checked first), off the page's thread.
async function fresh(key) {
  if (key !== INFLATED_URL) return verified(await fetch(key, { cache: "reload" }).catch(() => null), DIGEST.get(key));
  const packed = await verified(await caches.match(INFLATED_FROM, { cacheName: CACHE }), DIGEST.get(INFLATED_FROM));
  if (!packed) return null;
  const body = await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return verified(new Response(body, { headers: { "Content-Type": "application/octet-stream" } }), INFLATED.sha256);
}

// The entries served since the last sweep, checked together once the page has had time to start.
const SWEEP_DELAY_MS = 5000;
const served = new Set();
let sweeping = null;

function check(key) {
  served.add(key);
  if (!sweeping) {
    sweeping = new Promise((wait) => setTimeout(wait, SWEEP_DELAY_MS)).then(sweep).finally(() => { sweeping = null; });
  }
  return sweeping;
}

async function sweep() {
  const cache = await caches.open(CACHE);
  for (const key of [...served]) {
    served.delete(key);
    if (await verified(await cache.match(key), KEPT.get(key))) continue;
    const copy = await fresh(key);
    if (copy) await cache.put(key, copy);
    else await cache.delete(key);
  }
}
