// The kernel's Pyodide (served as static/pyodide/kernel-pyodide.mjs; jupyter-lite.json's `pyodideUrl`).
//
// `loadPyodide` is Pyodide's own, started from the kernel's memory snapshot (kernel.snapshot.gz, made
// at build time by make_snapshot.mjs): Python is restored with IPython's stack already imported, where
// a plain start would boot Python and import it module by module. Without a usable snapshot (missing,
// damaged, made by another Pyodide) it boots Pyodide the plain way and says why in the console.
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };

// The loader's own query (the snapshot's version, lite/snapshot.py) names the snapshot of the same build.
const SNAPSHOT_URL = new URL(`kernel.snapshot.gz${new URL(import.meta.url).search}`, import.meta.url);
// What differs from the build machine that made the snapshot: its random state; its language (LANG, as
// Emscripten makes it from the browser's, and the C locale Python takes from it); the runtime Python names;
// its time zone (the C library keeps the zone it found first, so time's constants are worked out again
// from January's and July's local time, named as Emscripten names them); the working directory, put first
// on the path a second time.
const AFTER_RESTORE = `
import locale, os, random, sys, time
random.seed()
os.environ["LANG"] = language
locale.setlocale(locale.LC_CTYPE, "")  # as Python's start takes it from LANG
info = sys._emscripten_info  # its runtime: this browser, not Node.js
sys._emscripten_info = type(info)((info.emscripten_version, runtime, info.pthreads, info.shared_memory))
def zone_name(moment):
    west = -moment.tm_gmtoff // 60
    return "UTC%s%02d%02d" % ("-" if west >= 0 else "+", abs(west) // 60, abs(west) % 60)
year = (365 * 24 + 6) * 3600
january = time.localtime(int(time.time()) // year * year)
july = time.localtime(int(time.time()) // year * year + year // 2)
standard, summer = sorted((january, july), key=lambda moment: moment.tm_gmtoff)
time.timezone, time.altzone = -standard.tm_gmtoff, -summer.tm_gmtoff
time.daylight = int(time.timezone != time.altzone)
time.tzname = (zone_name(standard), zone_name(summer))
sys.path[:] = list(dict.fromkeys(sys.path))
`;

/** The snapshot's bytes (an error if the site has none). */
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL.pathname}: ${response.status}`);
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

/** Pyodide's function or object that make_snapshot.mjs recorded by name, found in the restored Pyodide. */
function byName(recorded, restored) {
  const owner = () => ("pyodide" in recorded ? restored() : restored()._api);
  const name = recorded.pyodide ?? recorded.api;
  if (name === "") return new Proxy({}, { get: (_, key) => restored()[key] });
  if (recorded.kind === "function") return (...args) => owner()[name](...args);
  return new Proxy({}, { get: (_, key) => owner()[name][key] });
}

/** Pyodide's module factory, with the memory grown to the snapshot's size before it is copied in. */
async function moduleWithRoomFor(settings) {
  const { default: createModule } = await import("./pyodide.asm.mjs");
  const module = await createModule(settings);
  if (settings.INITIAL_MEMORY > module.HEAP8.length) module.growMemory(settings.INITIAL_MEMORY);
  return module;
}

/** Pyodide restored from the snapshot, with ``AFTER_RESTORE`` run; throws if the snapshot cannot be used. */
async function restorePyodide(options) {
  const snapshot = await fetchSnapshot();
  let pyodide = null;  // the deserializer's functions find it once bootPyodide has returned
  pyodide = await bootPyodide({
    ...options,
    _loadSnapshot: snapshot,
    _snapshotDeserializer: (recorded) => byName(recorded, () => pyodide),
    createPyodideModule: moduleWithRoomFor,
  });
  const newDict = pyodide.globals.get("dict");
  const namespace = newDict();  // its own: the learner's __main__ gets no names from it
  namespace.set("language", `${(globalThis.navigator?.language || "C").replace("-", "_")}.UTF-8`);
  namespace.set("runtime", globalThis.navigator?.userAgent ?? "UNKNOWN");
  pyodide.runPython(AFTER_RESTORE, { globals: namespace });
  namespace.destroy();
  newDict.destroy();
  return pyodide;
}

/** Pyodide's ``loadPyodide``, restored from the kernel's snapshot when the site has a usable one. */
export async function loadPyodide(options = {}) {
  const started = performance.now();
  try {
    const pyodide = await restorePyodide(options);
    const took = Math.round(performance.now() - started);
    console.info(`cardwidgets: Python restored from the kernel's snapshot in ${took} ms`);
    return pyodide;
  } catch (error) {
    console.warn(`cardwidgets: the kernel's snapshot was not used (${error}); Python starts the plain way`);
  }
  return bootPyodide(options);
}
