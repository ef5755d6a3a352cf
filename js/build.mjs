// Builds the front-end bundles into cardwidgets/static/ with esbuild (`npm run build`, `make bundle`).
//
// - the card Table: js/index.ts -> table.js, js/table.css -> table.css;
// - every widget folder, generic (js/<widget>/) or a game's own (cardwidgets/games/<game>/js/<widget>/):
//   its index.ts -> <widget>.js and its <widget>.css -> <widget>.css, which the widget's Python loads.
//
// A game's widget is found by its folder: adding one needs no edit here. Two widgets of one name stop
// the build (they would write the same bundle).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const OUT = "cardwidgets/static";
const GAMES = "cardwidgets/games";

/** The subfolders of `folder`, sorted (none when it is missing). */
function folders(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The widget folders: js/<widget>/ (js/test excepted) and cardwidgets/games/<game>/js/<widget>/. */
function widgetFolders() {
  const found = folders("js")
    .filter((name) => name !== "test")
    .map((name) => join("js", name));
  for (const game of folders(GAMES)) {
    const front = join(GAMES, game, "js");
    found.push(...folders(front).map((name) => join(front, name)));
  }
  return found;
}

/** esbuild's entry points of the widgets ({in, out}: the bundle's name without its extension). */
function widgetEntries() {
  const scripts = [];
  const styles = [];
  const seen = new Map();
  for (const folder of widgetFolders()) {
    const name = folder.split("/").pop();
    const script = join(folder, "index.ts");
    const style = join(folder, `${name}.css`);
    if (!existsSync(script)) continue;
    if (seen.has(name)) throw new Error(`two widgets would write ${OUT}/${name}.js: ${seen.get(name)} and ${folder}`);
    seen.set(name, folder);
    scripts.push({ in: script, out: name });
    if (existsSync(style)) styles.push({ in: style, out: name });
  }
  if (seen.has("table")) throw new Error(`${seen.get("table")} would overwrite the Table's ${OUT}/table.js`);
  return { scripts, styles };
}

const script = { bundle: true, format: "esm", target: "es2020", logLevel: "warning" };
const { scripts, styles } = widgetEntries();
await build({ ...script, entryPoints: ["js/index.ts"], outfile: join(OUT, "table.js") });
await build({ bundle: true, logLevel: "warning", entryPoints: ["js/table.css"], outfile: join(OUT, "table.css") });
await build({ ...script, entryPoints: [...scripts, ...styles], outdir: OUT });
