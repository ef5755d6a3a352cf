"""The harness itself, with a tiny inline anywidget: click in the browser, check the kernel, and back.

Independent of cardwidgets' own widget, so a harness problem and a widget problem never look alike.
"""

from __future__ import annotations

import time

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


def kernel_value_becomes(nb, expression, expected, timeout_s=30):
    """The kernel's value of ``expression`` once it equals ``expected`` (or at the deadline).

    The browser's updates reach the kernel through the Jupyter server, the second client's request
    directly: the request can overtake them, so one look is not enough.
    """
    deadline = time.monotonic() + timeout_s
    value = nb.kernel_json(expression)
    while value != expected and time.monotonic() < deadline:
        nb.page.wait_for_timeout(100)
        value = nb.kernel_json(expression)
    return value


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_counter_round_trip(notebook, ui):
    nb = notebook([COUNTER_CELL], ui=ui)
    button = nb.page.locator("button.cw-test-counter")
    expect(button).to_have_text("count is 0")

    for _ in range(3):
        button.click()
    expect(button).to_have_text("count is 3")  # the browser's own model: the kernel may not have it yet
    assert kernel_value_becomes(nb, "counter.value", 3) == 3

    # kernel -> browser: a change made by the second kernel client reaches the view and the model
    nb.kernel_eval("counter.value = 42")
    expect(button).to_have_text("count is 42")
    assert nb.model_state("# cw:counter")["value"] == 42
    assert [s["value"] for s in nb.received_states() if "value" in s][-1] == 42
