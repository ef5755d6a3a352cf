"""The drawing fits where people open it: 320, 360, 768 and 1280 px wide, light and dark themes.

A JupyterLab pane about 350 px wide (two notebooks side by side, a tablet, a phone in Voila) must
show the whole table: nothing overlaps, every control stays inside the widget (the side panel moves
below the table, hands wrap). The widgets are drawn here from the bundle actually shipped
(``cardwidgets/static/``) with the states the kernel syncs (``js/test/fixtures/``, the front-end unit
tests' fixtures) into a page exactly ``width`` px wide, the widget's host filling it as an output area
does. Every pair of the table's boxes — seats, trick area, table cards, panel, hand, status lines,
every button, select and slider, and every line of text — is checked for overlap, and every control
for being inside the widget. A screenshot per widget, width and theme lands in
``tests/browser/artifacts/layout-*.png``. The last test makes the same check on a real ``Table`` in a
narrow JupyterLab window (``artifacts/test_a_table_fits_a_narrow_jupyterlab_pane-*.png``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).parent.parent.parent
STATIC = ROOT / "cardwidgets" / "static"
FIXTURES = ROOT / "js" / "test" / "fixtures"
ORIGIN = "http://cw.test"
WIDTHS = (320, 360, 768, 1280)

# (fixture, bundle): a Table of each game (and phases with different panels), HandReplay, Drill, TrickExplorer.
WIDGETS = {
    "table-nimby-trump": "table",
    "table-nimby-follow": "table",
    "table-nimby-done": "table",
    "table-nestors-ru": "table",
    "table-tumbochka": "table",
    "table-tumbochka-revealed": "table",
    "replay-nestors": "replay",
    "replay-nestors-seat": "replay",
    "drill-nestors-wrong": "drill",
    "explorer-example": "explorer",
}

# JupyterLab's dark theme, the variables the widgets read (their light fallbacks are the light theme).
DARK = """
:root { --jp-layout-color0: #111111; --jp-layout-color1: #212121; --jp-layout-color2: #424242;
  --jp-ui-font-color0: rgba(255,255,255,1); --jp-border-color1: #616161; --jp-brand-color1: #1976d2;
  --jp-error-color1: #f44336; --jp-success-color1: #4caf50; --jp-ui-inverse-font-color0: #000; }
body { background: #111111; }
"""

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/{bundle}.css"><style>body {{ margin: 0; }} {theme}</style></head>
<body><div id="host"></div>
<script type="module">
import widget from "/static/{bundle}.js";
const state = await (await fetch("/fixtures/{fixture}.json")).json();
const none = () => {{}};
const model = {{ get: (name) => state[name], set: none, save_changes: none, send: none, on: none }};
widget.render({{ model, el: document.getElementById("host") }});
document.body.dataset.ready = "true";
</script></body></html>"""

# Boxes that must not overlap: the table's parts, every control, every line of text outside cards.
_BOXES_JS = """(host) => {
  const parts = '.cw-seat, .cw-center, .cw-trick, .cw-table-cards, .cw-previous-trick, .cw-info, .cw-hand,'
    + ' .cw-actions, .cw-status, div.cw-why, div.cw-error, .cw-replay-toolbar, .cw-replay-side, .cw-board .cw-info,'
    + ' .cw-d-head, .cw-d-options, .cw-d-feedback, button, select, input, .cw-card';
  const boxes = [];
  const name = (node) => node.className && typeof node.className === 'string'
    ? `${node.tagName.toLowerCase()}.${node.className.trim().split(/\\s+/).join('.')}` : node.tagName.toLowerCase();
  for (const node of host.querySelectorAll(parts)) {
    const r = node.getBoundingClientRect();
    if (r.width && r.height) boxes.push({node, name: name(node), r, control: node.matches('button, select, input')});
  }
  // every line of text (text nodes' line boxes), cards' faces excepted (a card is one box)
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!text.textContent.trim() || text.parentElement.closest('.cw-card, option')) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const r of range.getClientRects()) {
      const label = `text "${text.textContent.trim().slice(0, 30)}"`;
      if (r.width && r.height) boxes.push({node: text.parentElement, name: label, r, text: true});
    }
  }
  const overlaps = [];
  const tol = 1;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > tol && h > tol) overlaps.push(`${a.name} x ${b.name} (${w.toFixed(0)}x${h.toFixed(0)} px)`);
    }
  }
  const frame = host.getBoundingClientRect();
  const out = (r) => r.left < frame.left - tol || r.right > frame.right + tol;
  const outside = boxes.filter((b) => (b.control || b.text) && out(b.r))
    .map((b) => `${b.name} [${b.r.left.toFixed(0)}, ${b.r.right.toFixed(0)}] outside [0, ${frame.right.toFixed(0)}]`);
  return {
    boxes: boxes.length,
    overlaps: [...new Set(overlaps)],
    outside: [...new Set(outside)],
    scroll: document.documentElement.scrollWidth - window.innerWidth,
  };
}"""


def serve(page: Any, fixture: str, bundle: str, theme: str) -> None:
    """Serve the bundle, the fixtures and one page drawing ``fixture`` with ``bundle``."""
    html = PAGE.format(bundle=bundle, fixture=fixture, theme=DARK if theme == "dark" else "")

    def handle(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            kind = "text/css" if file.suffix == ".css" else "text/javascript"
            route.fulfill(body=file.read_bytes(), content_type=kind)
        elif path.startswith("/fixtures/"):
            file = FIXTURES / path.removeprefix("/fixtures/")
            route.fulfill(body=file.read_bytes(), content_type="application/json")
        else:
            route.fulfill(body=html, content_type="text/html")

    page.route(f"{ORIGIN}/**", handle)
    page.goto(f"{ORIGIN}/index.html")
    page.wait_for_selector("body[data-ready=true]")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("fixture", list(WIDGETS))
def test_nothing_overlaps_and_every_control_is_reachable(page, artifacts_dir, fixture, width, theme):
    page.set_viewport_size({"width": width, "height": 900})
    serve(page, fixture, WIDGETS[fixture], theme)
    page.screenshot(path=artifacts_dir / f"layout-{fixture}-{width}-{theme}.png", full_page=True)
    assert_fits(page.locator("#host").element_handle())


def assert_fits(host: Any) -> dict[str, Any]:
    """No two boxes of the widget in ``host`` overlap, every control and text lies inside it, no sideways scroll."""
    found = host.evaluate(_BOXES_JS)
    assert found["boxes"] > 10, found  # the widget was drawn
    assert not found["overlaps"], json.dumps(found["overlaps"][:15], ensure_ascii=False, indent=1)
    assert not found["outside"], json.dumps(found["outside"][:15], ensure_ascii=False, indent=1)
    assert found["scroll"] <= 0, f"the page scrolls sideways by {found['scroll']} px"
    return found


@pytest.mark.parametrize("width", [500, 768])
def test_a_table_fits_a_narrow_jupyterlab_pane(page, open_table, width):
    """The same check on a real ``Table`` in JupyterLab: the output area, its prompt and Lab's own styles.

    A 500 px window with the side bar closed leaves the widget a pane about 350 px wide.
    """
    page.set_viewport_size({"width": width, "height": 900})
    table = open_table('Table("nestors", seat=1, seed=5, bots="random", pace=0)', seat=1)
    table.wait_for_turn()
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    host = table.root.locator("xpath=..")
    assert "cw-host" in host.get_attribute("class")
    page.wait_for_function("(h) => h.getBoundingClientRect().width > 320", arg=host.element_handle())
    pane = host.evaluate("(h) => h.getBoundingClientRect().width")
    assert pane < 44 * 16, pane  # narrow enough for the panel to move below the table
    info, main = table.root.locator(".cw-info"), table.root.locator(".cw-main")
    assert info.bounding_box()["y"] >= main.bounding_box()["y"] + main.bounding_box()["height"] - 1
    table.nb.screenshot(f"lab-{width}")
    assert_fits(host.element_handle())
