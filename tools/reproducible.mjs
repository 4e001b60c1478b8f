// Make a build of the site reproducible: two builds of the same commit, on the same pinned toolchain, write the
// same bytes (issue 21), so the service worker's version stays and returning visitors download nothing again.
//
// Pyodide under Node draws from two sources that would otherwise differ between builds, and both reach the
// files the build writes (the memory snapshot is the interpreter's whole heap; bytecode marshals a set
// constant in its hash order):
//   * randomness: the string-hash seed, `random`'s first state and any other os.urandom() come from Node's
//     crypto.randomFillSync (Emscripten's getentropy under Node). They come here from a stream of SHA-256
//     blocks of the build's seed instead, and PYTHONHASHSEED is set from the same seed;
//   * the clocks: Emscripten stamps every file it creates (the page's archive unpacked, /tmp) with Date.now(),
//     and importlib keeps a folder's time in the heap; the allocator seeds its heap keys from the monotonic
//     clock (performance.now()) before it may ask for entropy. Date.now() reads one fixed time here, and
//     performance.now() a clock that steps 1 µs a read, so it still only goes forward;
//   * Math.random(), which Emscripten offers C code (emscripten_random), draws from the same stream.
//
// The seed is what tools/site.py hands over: the commit's id (a new commit draws a new string-hash seed, so
// no seed is frozen for good), or, outside a git checkout, a digest of the build's inputs.
//
// Usage (first thing in a build script, before loadPyodide):
//   import { reproducible } from "./reproducible.mjs";
//   const { env } = reproducible(seed);  // then loadPyodide({ env, ... })
import nodeCrypto from "node:crypto";

/** The fixed time every clock read gives during the build: 2000-01-01T00:00:00Z, in ms. */
export const BUILD_TIME_MS = 946684800000;

/** The environment variable Python reads its string-hash seed from; the build scripts remove it again. */
export const HASH_SEED_VAR = "PYTHONHASHSEED";

/**
 * Make this Node process's randomness and clock derive from `seed`, and return the environment to start
 * Pyodide with.
 *
 * @param {string} seed the build's seed text (a commit id), at least one character
 * @returns {{env: Record<string, string>, hashSeed: number}} PYTHONHASHSEED in `env`, from 1 to 2^32 - 1
 */
export function reproducible(seed) {
  if (typeof seed !== "string" || seed.length === 0) {
    throw new Error("reproducible(seed): the build's seed must be a non-empty text (a commit id)");
  }
  let block = 0;
  let pool = Buffer.alloc(0);
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    let at = 0;
    while (at < bytes.length) {
      if (pool.length === 0) {
        pool = nodeCrypto.createHash("sha256").update(`${seed}/${block++}`).digest();
      }
      const take = Math.min(pool.length, bytes.length - at);
      bytes.set(pool.subarray(0, take), at);
      pool = pool.subarray(take);
      at += take;
    }
    return view;
  };
  nodeCrypto.randomFillSync = fill;
  if (globalThis.crypto) {
    try {
      globalThis.crypto.getRandomValues = fill;
    } catch { /* a read-only crypto: Emscripten uses randomFillSync under Node anyway */ }
  }
  Date.now = () => BUILD_TIME_MS;
  let tick = 0;
  globalThis.performance.now = () => (tick += 0.001);
  const word = new Uint32Array(2);
  Math.random = () => {
    fill(word);
    return (word[0] * 2 ** 21 + (word[1] >>> 11)) / 2 ** 53;
  };
  const digest = nodeCrypto.createHash("sha256").update(`${seed}/hash-seed`).digest();
  const hashSeed = (digest.readUInt32BE(0) % 4294967295) + 1;  // 0 would switch hash randomisation off
  return { env: { [HASH_SEED_VAR]: String(hashSeed) }, hashSeed };
}
