// Make the kernel's memory snapshot: the site's own Pyodide, run in Node.js at build time, loads the
// kernel's packages from the site's lock file, runs PRELUDE (the kernel's imports), and saves its memory.
//
//   node lite/make_snapshot.mjs INDEX_DIR/ PACKAGES_JSON PRELUDE OUTPUT
//
// The browser's kernel restores that memory (kernel_pyodide.mjs) instead of starting Python and
// importing IPython's stack itself. A snapshot holds the WebAssembly memory only: the packages' files
// are loaded again when it is restored, and Python may hold no JavaScript object but Pyodide's own
// functions, which `nameOf` records by name.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [indexDir, packagesJson, prelude, output] = process.argv.slice(2);
// Emscripten names the program after Node's script (sys.executable, $_): leave it the browser's name.
process.argv.length = 1;
const { loadPyodide } = await import(pathToFileURL(indexDir + "pyodide.mjs").href);
const quiet = () => {};
const pyodide = await loadPyodide({
  indexURL: indexDir, packages: JSON.parse(packagesJson), _makeSnapshot: true, stdout: quiet, stderr: quiet,
});

/** Run ``code`` in a namespace of its own (the learner's __main__ gets no names from it); its value as JS. */
function runApart(code) {
  const newDict = pyodide.globals.get("dict");
  const namespace = newDict();
  const value = pyodide.runPython(code, { globals: namespace });
  const result = value?.toJs ? value.toJs() : value;
  value?.destroy?.();
  namespace.destroy();
  newDict.destroy();
  return result;
}

runApart(prelude);
// A file Python holds open would hold a descriptor the restored Python does not have (the files live in
// JavaScript): drop the caches that keep one (importlib.metadata's of the standard library's zip), and
// refuse to save the memory if any other is still open.
const openFiles = runApart(`
import gc, importlib, io, zipfile
importlib.invalidate_caches()
gc.collect()
def held(thing):
    if isinstance(thing, zipfile.ZipFile):
        return thing.fp is not None
    if not isinstance(thing, io.IOBase) or thing.closed:
        return False
    try:
        return thing.fileno() > 2  # stdin, stdout and stderr are there after a restore too
    except (OSError, ValueError):
        return False
[repr(thing)[:200] for thing in gc.get_objects() if held(thing)]
`);
if (openFiles.length) throw new Error(`files open in the snapshot's Python: ${openFiles.join(", ")}`);
// The record of loaded packages is the browser's to fill: it loads them again (their files) on restore.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];

/** A Pyodide function or object Python holds, as the name the browser finds it under again. */
function nameOf(value) {
  if (value === pyodide) return { pyodide: "" };
  for (const [owner, object] of [["pyodide", pyodide], ["api", pyodide._api]]) {
    for (const name of Object.getOwnPropertyNames(object)) {
      let found;
      try { found = object[name]; } catch { continue; }
      if (found === value) return { [owner]: name, kind: typeof value };
    }
  }
  throw new Error(`the snapshot cannot hold the JavaScript object ${value?.name ?? typeof value}`);
}

const snapshot = pyodide.makeMemorySnapshot({ serializer: nameOf });
writeFileSync(output, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length }));
