"""Widget latency in a real browser: a card click until the trick is drawn, vs a bare ipywidgets echo.

Not part of the test run (the file name does not start with ``test_``); run it through
``python benchmarks/widget_latency.py``, which calls pytest on this file explicitly.
Both loops run in one JupyterLab page and one kernel; times are measured in the page
(``performance.now()`` from the click until the DOM shows the result).
"""

from __future__ import annotations

import os
import statistics

import pytest

CLICKS = int(os.environ.get("CW_BENCH_CLICKS", "60"))

SETUP = """
import ipywidgets as widgets
from cardwidgets import Table
echo_button = widgets.Button(description="echo")
echo_value = widgets.IntText(value=0)
echo_button.on_click(lambda _: setattr(echo_value, "value", echo_value.value + 1))
display(widgets.HBox([echo_button, echo_value]))
t = Table("nimby", seat=0, seed=21, bots="random", pace=0, rules={"target": 1000})  # a match that never ends
t
"""

# Resolves when predicate() holds, checked every millisecond or so (the same for both loops;
# an input's value is a property, so DOM mutation events would not see it change).
WAIT_FOR = """async (predicate) => {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 1));
}"""

# Click the first legal card and wait until the table is redrawn without it in the hand
# (the kernel applied it, the bots answered, and the new view is on screen).
CARD_ROUND_TRIP = f"""async () => {{
  const waitFor = {WAIT_FOR};
  const root = document.querySelector('.cw-table');
  const card = root.querySelector('.cw-hand .cw-card.cw-legal');
  const text = card.dataset.card;
  const start = performance.now();
  card.click();
  await waitFor(() => !root.querySelector(`.cw-hand [data-card="${{text}}"]`));
  return performance.now() - start;
}}"""

# Click the echo button and wait until the IntText shows the new value.
ECHO_ROUND_TRIP = f"""async () => {{
  const waitFor = {WAIT_FOR};
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'echo');
  const input = document.querySelector('.widget-inline-hbox input[type="number"]');
  const target = String(Number(input.value) + 1);
  const start = performance.now();
  button.click();
  await waitFor(() => input.value === target);
  return performance.now() - start;
}}"""

# Whatever the learner must do that is not a card: a trump-phase button or the next deal.
NON_CARD_STEP = """() => {
  const root = document.querySelector('.cw-table');
  if (root.querySelector('.cw-hand .cw-card.cw-legal')) return 'card';
  const next = root.querySelector('[data-command="next_deal"]');
  const action = root.querySelector('button[data-action]');
  (next || action)?.click();
  return next ? 'next_deal' : action ? action.dataset.action : 'wait';
}"""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


@pytest.mark.timeout(600)
def test_card_click_latency_against_ipywidgets_echo(notebook) -> None:
    nb = notebook([SETUP])
    page = nb.page
    page.locator(".cw-table").wait_for()
    table_times: list[float] = []
    echo_times: list[float] = []
    for _ in range(CLICKS * 40):
        if len(table_times) >= CLICKS:
            break
        step = page.evaluate(NON_CARD_STEP)
        if step != "card":
            page.wait_for_timeout(50)
            continue
        table_times.append(page.evaluate(CARD_ROUND_TRIP))
        echo_times.append(page.evaluate(ECHO_ROUND_TRIP))
    table_p50, table_p95 = statistics.median(table_times), percentile(table_times, 95)
    echo_p50, echo_p95 = statistics.median(echo_times), percentile(echo_times, 95)
    print(
        f"\ncard click -> trick drawn ({len(table_times)} clicks): p50 {table_p50:.1f} ms, p95 {table_p95:.1f} ms"
        f"\nipywidgets echo ({len(echo_times)} clicks):          p50 {echo_p50:.1f} ms, p95 {echo_p95:.1f} ms"
        f"\nratio p95: {table_p95 / echo_p95:.2f}x   ratio p50: {table_p50 / echo_p50:.2f}x   (goal: p95 <= 1.5x)"
    )
    assert len(table_times) == CLICKS
