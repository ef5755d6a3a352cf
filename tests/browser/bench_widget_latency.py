"""Widget latency in a real browser: a card click until it is drawn and until the kernel confirmed it, vs an echo.

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

# Click the first legal card and time two moments (the learner's card is drawn before the kernel answers):
#  - drawn: the card has left the hand for the trick (the table draws it at once, before the kernel
#    answers) and the frame that paints it has begun (its requestAnimationFrame callback; "dom": the
#    DOM change alone, without waiting for that frame);
#  - confirmed: the kernel's view is on screen (no guess pending, the card still out of the hand:
#    the kernel applied it, the bots answered, and the new view is drawn).
# A table without the optimistic move draws the card only with the kernel's view: drawn = confirmed.
CARD_ROUND_TRIP = f"""async () => {{
  const waitFor = {WAIT_FOR};
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const root = document.querySelector('.cw-table');
  const card = root.querySelector('.cw-hand .cw-card.cw-legal');
  const text = card.dataset.card;
  const inHand = () => !!root.querySelector(`.cw-hand [data-card="${{text}}"]`);
  const start = performance.now();
  card.click();
  await waitFor(() => !inHand());
  const dom = performance.now() - start;
  await nextFrame();
  const drawn = performance.now() - start;
  await waitFor(() => root.dataset.pending !== 'true' && !inHand());
  return {{ dom, drawn, confirmed: performance.now() - start }};
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


def summary(name: str, values: list[float]) -> str:
    """One line: p50 and p95 of ``values``."""
    return f"{name:<44} p50 {statistics.median(values):6.1f} ms   p95 {percentile(values, 95):6.1f} ms"


@pytest.mark.timeout(600)
def test_card_click_latency_against_ipywidgets_echo(notebook) -> None:
    nb = notebook([SETUP])
    page = nb.page
    page.locator(".cw-table").wait_for()
    rounds: list[dict[str, float]] = []
    echo_times: list[float] = []
    for _ in range(CLICKS * 40):
        if len(rounds) >= CLICKS:
            break
        step = page.evaluate(NON_CARD_STEP)
        if step != "card":
            page.wait_for_timeout(50)
            continue
        rounds.append(page.evaluate(CARD_ROUND_TRIP))
        echo_times.append(page.evaluate(ECHO_ROUND_TRIP))
    dom = [r["dom"] for r in rounds]
    drawn = [r["drawn"] for r in rounds]
    confirmed = [r["confirmed"] for r in rounds]
    ratio95 = percentile(confirmed, 95) / percentile(echo_times, 95)
    ratio50 = statistics.median(confirmed) / statistics.median(echo_times)
    print(
        f"\n{len(rounds)} card clicks, {len(echo_times)} echo clicks"
        f"\n{summary('click -> own card in the DOM', dom)}"
        f"\n{summary('click -> own card drawn (next frame)', drawn)}   (goal: p95 <= 20 ms)"
        f"\n{summary('click -> kernel-confirmed trick', confirmed)}"
        f"\n{summary('bare ipywidgets echo', echo_times)}"
        f"\nconfirmed / echo: p95 {ratio95:.2f}x   p50 {ratio50:.2f}x   (goal: p95 <= 1.2x)"
    )
    assert len(rounds) == CLICKS
