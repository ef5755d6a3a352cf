"""The harness itself, with a tiny inline anywidget: click in the browser, check the kernel, and back.

Independent of cardwidgets' own widget, so a harness problem and a widget problem never look alike.
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(120)

COUNTER_CELL = '''\
# cw:counter
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "cw-test-counter";
      const show = () => { button.textContent = `count is ${model.get("value")}`; };
      button.addEventListener("click", () => {
        model.set("value", model.get("value") + 1);
        model.save_changes();
      });
      model.on("change:value", show);
      show();
      el.appendChild(button);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)


counter = Counter()
counter
'''


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_counter_round_trip(notebook, ui):
    nb = notebook([COUNTER_CELL], ui=ui)
    button = nb.page.locator("button.cw-test-counter")
    expect(button).to_have_text("count is 0")

    for _ in range(3):
        button.click()
    expect(button).to_have_text("count is 3")
    assert nb.kernel_json("counter.value") == 3

    # kernel -> browser: a change made by the second kernel client reaches the view and the model
    nb.kernel_eval("counter.value = 42")
    expect(button).to_have_text("count is 42")
    assert nb.model_state("# cw:counter")["value"] == 42
    assert [s["value"] for s in nb.received_states() if "value" in s][-1] == 42
