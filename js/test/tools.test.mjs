// The teaching tools drawn from real kernel states: HandReplay, Drill, TrickExplorer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cards, fixture, mount } from "./harness.mjs";
import drill from "../drill/index.ts";
import explorer from "../../cardwidgets/games/nestors/js/explorer/index.ts";
import replay from "../replay/index.ts";
import { absoluteLink } from "../share.ts";

test("the replay lists every action of the line and marks the current step", () => {
  const state = fixture("replay-nestors");
  const { host } = mount(replay, state);
  const steps = [...host.querySelectorAll("li.cw-replay-step")];
  assert.equal(steps.length, state.line.length);
  assert.equal(host.querySelector("li.cw-current").dataset.step, String(state.step));
});

test("clicking an action of the line goes there; the toolbar steps", () => {
  const { host, model } = mount(replay, fixture("replay-nestors"));
  host.querySelector('li.cw-replay-step[data-step="2"]').click();
  host.querySelector('button[data-command="forward"]').click();
  assert.deepEqual(model.sent, [{ command: "go", step: 2 }, { command: "forward" }]);
});

test("the instructor's replay shows every hand and offers the download", () => {
  const { host } = mount(replay, fixture("replay-nestors"));
  assert.equal(host.querySelectorAll(".cw-board .cw-back").length, 0);
  assert.ok(host.querySelector('button[data-command="download"]'));
  assert.equal(host.querySelector('button[data-command="reveal"]'), null);
});

test("a seat's view shows backs, no download, a Reveal button and no later action", () => {
  const state = fixture("replay-nestors-seat");
  const { host, model } = mount(replay, state);
  assert.ok(host.querySelectorAll(".cw-board .cw-back").length > 0);
  assert.equal(host.querySelector('button[data-command="download"]'), null);
  assert.equal(host.querySelectorAll("li.cw-replay-step").length, state.step);
  assert.equal(host.querySelector(".cw-replay").dataset.revealed, "false");
  host.querySelector('button[data-command="reveal"]').click();
  assert.deepEqual(model.sent, [{ command: "reveal" }]);
});

test("the replay's legal cards send their action", () => {
  const state = fixture("replay-nestors");
  const { host, model } = mount(replay, state);
  const legal = host.querySelector(".cw-board [data-action]");
  assert.ok(legal, "the position has a legal action to click");
  legal.click();
  assert.deepEqual(model.sent, [{ action: legal.dataset.action }]);
});

test("the replay draws the board model: every seat's hand face up, its badges, the table's cards", () => {
  const state = fixture("replay-nestors");
  const { host } = mount(replay, state);
  const board = host.querySelector(".cw-board");
  assert.equal(board.dataset.phase, state.board.phase);
  assert.equal(board.querySelector(".cw-heading").textContent, state.board.heading);
  for (const seat of state.board.seats) {
    const box = board.querySelector(`.cw-seat[data-seat="${seat.seat}"]`);
    assert.ok(box.classList.contains(`cw-pos-${seat.position}`));
    assert.equal(box.querySelector(".cw-seat-name").textContent.startsWith(seat.name), true);
    assert.deepEqual(cards(box, ".cw-open-hand .cw-card"), seat.hand);
    assert.deepEqual(cards(box, ".cw-trump-card"), seat.hand.filter((card) => seat.trumps.includes(card)));
  }
  const groups = [...board.querySelectorAll(".cw-table-cards .cw-group")];
  assert.deepEqual(groups.map((g) => cards(g, ".cw-card")), state.board.groups.map((g) => g.cards.filter(Boolean)));
  assert.deepEqual(
    [...board.querySelectorAll(".cw-info .cw-row")].map((row) => row.textContent),
    state.board.info.map(([label, value]) => `${label}: ${value}`),
  );
});

test("a seat's view replay draws the other hands as backs with their count, from the same drawing as the table", () => {
  const state = fixture("replay-nestors-seat");
  const { host } = mount(replay, state);
  for (const seat of state.board.seats) {
    const box = host.querySelector(`.cw-board .cw-seat[data-seat="${seat.seat}"]`);
    if (seat.hand) {
      assert.deepEqual(cards(box, ".cw-card"), seat.hand);
      continue;
    }
    assert.equal(box.querySelectorAll(".cw-card").length, 0);
    assert.equal(box.querySelectorAll(".cw-backs .cw-back").length, Math.min(seat.count, 10));
    assert.ok(box.querySelector(".cw-count").textContent.includes(String(seat.count)));
  }
});

test("the replay's trick names who played each card and marks the side it came from", () => {
  const state = fixture("replay-nestors-trick");
  const { host } = mount(replay, state);
  const trick = host.querySelector(".cw-board .cw-trick");
  assert.equal(trick.getAttribute("aria-label"), state.board.trick_label);
  assert.deepEqual(cards(trick, ".cw-card"), state.board.trick.map(([, card]) => card));
  assert.deepEqual([...trick.querySelectorAll("figcaption")].map((c) => c.textContent), state.board.captions);
  const positions = Object.fromEntries(state.board.seats.map((s) => [s.seat, s.position]));
  for (const [seat, card] of state.board.trick) {
    assert.ok(trick.querySelector(`[data-card="${card}"]`).classList.contains(`cw-from-${positions[seat]}`));
  }
});

test("the replay's legal cards carry their action and send it; the other cards send nothing", () => {
  const state = fixture("replay-nestors-trick");
  const { host, model } = mount(replay, state);
  const plays = state.board.legal.filter((a) => a.startsWith("play "));
  assert.ok(plays.length);
  const tagged = [...host.querySelectorAll(".cw-board .cw-card[data-action]")].map((node) => node.dataset.action);
  assert.deepEqual(tagged.sort(), [...plays].sort());
  const other = host.querySelector(".cw-board .cw-open-hand .cw-card:not([data-action])");
  other.click();
  host.querySelector(`.cw-board [data-action="${plays[0]}"]`).click();
  assert.deepEqual(model.sent, [{ action: plays[0] }]);
});

test("the analysis marks the replay's legal cards with units: ✓ for a best one, the loss for another", () => {
  const state = fixture("replay-nestors-trick");
  const [best, worse] = state.board.legal;
  const actions = [
    { action: best, label: best, value: 3, best: true, mark: "✓", badge: "3 points · ✓" },
    { action: worse, label: worse, value: 1, best: false, mark: "−2", badge: "1 point · −2 points" },
  ];
  const { host } = mount(replay, { ...state, analysis: true, analysis_view: { status: "done", actions } });
  const mark = (action) => host.querySelector(`.cw-board .cw-card[data-action="${action}"]`);
  assert.ok(mark(best).classList.contains("cw-dd-best"));
  assert.equal(mark(best).dataset.ddValue, "3");
  assert.ok(mark(worse).classList.contains("cw-dd-loss"));
  assert.equal(mark(worse).querySelector(".cw-dd-mark").textContent, "1 point · −2 points");
});

test("a drill shows the position and one button per option, with keys", () => {
  const state = fixture("drill-nestors");
  const { host } = mount(drill, state);
  const options = [...host.querySelectorAll("button.cw-d-option")];
  assert.equal(options.length, state.options.length);
  assert.deepEqual(options.map((b) => b.dataset.key), state.options.map((_, i) => String(i + 1)));
  assert.deepEqual(cards(host, ".cw-d-trick .cw-card"), state.question.position.trick.map((play) => play.card));
  assert.equal(host.querySelector(".cw-drill").dataset.state, "question");
});

test("a drill sends the answer when an option is clicked or its key pressed", () => {
  const { host, model } = mount(drill, fixture("drill-nestors"));
  host.querySelector('button.cw-d-option[data-option="1"]').click();
  const root = host.querySelector(".cw-drill");
  root.dispatchEvent(new window.KeyboardEvent("keydown", { key: "1", bubbles: true }));
  root.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  assert.deepEqual(model.sent, [{ command: "answer", option: 1 }, { command: "answer", option: 0 }, { command: "next" }]);
});

test("nothing the drill holds before an answer tells the answer", () => {
  const state = fixture("drill-nestors");
  assert.ok(!state.feedback || !Object.keys(state.feedback).length);
  const { host } = mount(drill, state);
  assert.equal(host.querySelector(".cw-d-feedback").textContent, "");
});

test("a wrong answer is shown red with the rule id", () => {
  const state = fixture("drill-nestors-wrong");
  const { host } = mount(drill, state);
  const feedback = host.querySelector(".cw-d-feedback");
  assert.ok(feedback.classList.contains("cw-d-wrong"));
  assert.equal(feedback.dataset.rule, state.feedback.rule);
  assert.equal(host.querySelector(".cw-drill").dataset.state, "wrong");
});

test("a drill shows the topic's progress the kernel keeps", () => {
  const state = fixture("drill-nestors-wrong");
  const { host } = mount(drill, state);
  const progress = host.querySelector(".cw-d-progress");
  assert.equal(progress.textContent, state.mastery.text);
  assert.equal(progress.dataset.answered, "1");
  assert.equal(host.querySelector(".cw-d-notice").textContent, "");
});

test("the explorer draws the trick and its outcome from the kernel's result", () => {
  const state = fixture("explorer-example");
  const { host } = mount(explorer, state);
  const shown = cards(host, ".cw-card");
  for (const card of ["10S", "JD", "JC"]) assert.ok(shown.includes(card), card);
  assert.ok(host.textContent.includes(state.result.trick.why));
});

test("the explorer's buttons send the reader's choices", () => {
  const { host, model } = mount(explorer, fixture("explorer-example"));
  host.querySelector('button[data-command="trump"][data-value="A"]').click();
  host.querySelector('button[data-command="clear"]').click();
  assert.deepEqual(model.sent, [{ command: "trump", value: "A" }, { command: "clear" }]);
});

test("the explorer in predict mode asks first and hides the engine's answer", () => {
  const state = fixture("explorer-predict");
  assert.equal(state.result.trick, null);
  const { host, model } = mount(explorer, state);
  assert.equal(host.querySelector(".cw-explorer").dataset.predicting, "true");
  assert.equal(host.querySelector(".cw-x-trick"), null);
  const fields = [...host.querySelectorAll(".cw-x-question")].map((q) => q.dataset.field);
  assert.deepEqual(fields, ["winners", "collector"]);
  assert.equal(host.querySelector('button[data-command="guess"][data-field="collector"][data-value="C"]').disabled, true);
  host.querySelector('button[data-command="guess"][data-field="winners"][data-value="AC"]').click();
  assert.deepEqual(model.sent, [{ command: "guess", field: "winners", value: "AC" }]);
});

test("the explorer grades a right answer after a wrong one on its try, and opens the next question", () => {
  const { host } = mount(explorer, fixture("explorer-predict-retried"));
  const winners = host.querySelector('.cw-x-question[data-field="winners"]');
  assert.equal(winners.dataset.tries, "2");
  assert.match(winners.querySelector(".cw-x-feedback.cw-x-right").textContent, /^Right, on the second try: /);
  assert.equal(winners.querySelector(".cw-x-guess-right").dataset.value, "AC");
  assert.equal(host.querySelector('.cw-x-question[data-field="collector"]').dataset.asked, "true");
  assert.equal(host.querySelector('button[data-command="guess"][data-field="collector"][data-value="C"]').disabled, false);
  assert.equal(host.querySelector(".cw-x-trick"), null);
});

test("Share shows the replay's link at this step, made absolute from the site's root; a seat's view has no Share", () => {
  const state = fixture("replay-nestors");
  const { host, model } = mount(replay, state);
  assert.ok(state.share_link.startsWith("lab/index.html?path=open.ipynb#deal=1."));
  host.querySelector('button[data-command="share"]').click();
  const field = host.querySelector(".cw-replay-main .cw-share-box input.cw-share-link");
  assert.equal(field.value, state.share_link); // not a JupyterLite page: the link as the kernel made it
  assert.ok(host.querySelector(".cw-share-note").textContent.includes(state.ui.share_shown.split(".")[0]));
  assert.deepEqual(model.sent, []); // the link is the kernel's: nothing is asked of it
  host.querySelector('button[data-command="share"]').click();
  assert.equal(host.querySelectorAll(".cw-share-box").length, 1); // shown again, not twice
  const seat = mount(replay, fixture("replay-nestors-seat")).host;
  assert.equal(seat.querySelector('button[data-command="share"]'), null);
});

test("a relative link is made absolute from a JupyterLite site's root, kept as it is elsewhere", () => {
  const link = "lab/index.html?path=open.ipynb#deal=1.x&step=2";
  assert.equal(absoluteLink(link, "http://h:8000/site/lab/index.html?path=00-start-here.ipynb", ".."), `http://h:8000/site/${link}`);
  assert.equal(absoluteLink(link, "http://h:8000/site/index.html", "."), `http://h:8000/site/${link}`);
  assert.equal(absoluteLink(link, "http://h:8888/lab/tree/notebooks/04.ipynb", null), link); // JupyterLab on a server
  assert.equal(absoluteLink("https://school.example/x#deal=1.y", "http://h/lab/index.html", ".."), "https://school.example/x#deal=1.y");
  assert.equal(absoluteLink(link, "about:blank", ".."), link);
});
