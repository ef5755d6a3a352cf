// Test harness for the front-ends: a DOM (jsdom) and a fake anywidget model holding a fixture's state.
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!DOCTYPE html><html><body></body></html>", { pretendToBeVisual: true });
for (const name of ["window", "document", "HTMLElement", "Node", "KeyboardEvent", "MouseEvent", "Event"]) {
  globalThis[name] = name === "window" ? dom.window : dom.window[name];
}

// Intervals (the page's heartbeat) never fire by themselves here: a test runs them with `runIntervals()`.
const intervals = new Map();
let nextInterval = 1;
globalThis.setInterval = (callback, ms) => {
  intervals.set(nextInterval, { callback, ms });
  return nextInterval++;
};
globalThis.clearInterval = (id) => intervals.delete(id);

/** Run every live interval's callback once; returns how many there were. */
export function runIntervals() {
  const live = [...intervals.values()];
  for (const { callback } of live) callback();
  return live.length;
}

/** A widget state as the kernel syncs it (js/test/fixtures/NAME.json, written by make_fixtures.py). */
export function fixture(name) {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8"));
}

/**
 * A fake anywidget model: `get` reads the state, `set` + `save_changes` record trait writes,
 * `send` records custom messages (the page's heartbeats apart, in `beats`), `on("change:x")` handlers run
 * when a test calls `change`, `on("msg:custom")` handlers when it calls `receive` (a message from the kernel).
 */
export function fakeModel(state) {
  const handlers = {};
  const model = {
    state: structuredClone(state),
    sent: [],
    beats: 0,
    written: [],
    get: (name) => model.state[name],
    set: (name, value) => model.written.push([name, value]),
    save_changes: () => {},
    send: (content) => (content && content.kind === "page_alive" ? (model.beats += 1) : model.sent.push(content)),
    on: (event, handler) => (handlers[event] ||= []).push(handler),
    off: (event, handler) => (handlers[event] = (handlers[event] || []).filter((h) => h !== handler)),
    receive(content) {
      for (const handler of handlers["msg:custom"] || []) handler(content, []);
    },
    change(name, value) {
      model.state[name] = value;
      for (const handler of handlers[`change:${name}`] || []) handler();
    },
  };
  return model;
}

/** Render a widget module's `render` into a fresh host element; returns { model, host, cleanup }. */
export function mount(widget, state) {
  const model = fakeModel(state);
  const host = document.createElement("div");
  document.body.replaceChildren(host);
  const cleanup = widget.render({ model, el: host });
  return { model, host, cleanup };
}

/** The data-card of every element matching `selector` under `root`, in order. */
export function cards(root, selector) {
  return [...root.querySelectorAll(selector)].map((node) => node.dataset.card);
}
