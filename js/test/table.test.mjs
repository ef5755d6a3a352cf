// The card table drawn from real kernel states (fixtures written by make_fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cards, fixture, mount } from "./harness.mjs";
import table from "../index.ts";

test("the table shows the game, the phase and whose turn it is", () => {
  const state = fixture("table-nimby-trump");
  const { host } = mount(table, state);
  const root = host.querySelector(".cw-table");
  assert.equal(root.dataset.game, "nimby");
  assert.equal(root.dataset.phase, state.view.phase);
  assert.equal(root.dataset.toAct, String(state.view.to_act));
  assert.equal(root.dataset.moves, String(state.view.history.length));
});

test("the learner's hand is drawn in the kernel's order, and only the learner's", () => {
  const state = fixture("table-nimby-follow");
  const { host } = mount(table, state);
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), state.view.my_hand);
  const others = [...host.querySelectorAll(".cw-seat")].filter((s) => s.dataset.seat !== String(state.seat));
  for (const seat of others) assert.equal(seat.querySelectorAll(".cw-open-hand .cw-card").length, 0);
});

test("hidden hands show one back per card and the count", () => {
  const state = fixture("table-nimby-follow");
  const { host } = mount(table, state);
  for (const seat of [1, 2, 3]) {
    const box = host.querySelector(`.cw-seat[data-seat="${seat}"]`);
    assert.equal(box.querySelectorAll(".cw-back").length, state.view.hand_sizes[seat]);
    assert.ok(box.querySelector(".cw-count").textContent.includes(String(state.view.hand_sizes[seat])));
  }
});

test("exactly the legal cards are marked legal", () => {
  const state = fixture("table-nimby-follow");
  const { host } = mount(table, state);
  const legal = state.legal.filter((a) => a.startsWith("play ")).map((a) => a.split(" ")[1]);
  assert.deepEqual(cards(host, ".cw-hand .cw-card.cw-legal").sort(), legal.sort());
});

test("clicking a legal card sends its play", () => {
  const state = fixture("table-nimby-follow");
  const { host, model } = mount(table, state);
  const card = state.legal[0].split(" ")[1];
  host.querySelector(`.cw-hand .cw-card[data-card="${card}"]`).click();
  assert.deepEqual(model.sent, [{ action: `play ${card}` }]);
});

test("clicking a card that is not legal still asks the kernel, which explains why not", () => {
  const state = fixture("table-nimby-follow");
  const { host, model } = mount(table, state);
  const card = state.view.my_hand.find((c) => !state.legal.includes(`play ${c}`));
  host.querySelector(`.cw-hand .cw-card[data-card="${card}"]`).click();
  assert.deepEqual(model.sent, [{ action: `play ${card}` }]);
});

test("a refusal is shown with its rule", () => {
  const state = fixture("table-nimby-refused");
  const { host } = mount(table, state);
  const error = host.querySelector(".cw-error").textContent;
  assert.ok(error.includes(state.error.text));
  assert.ok(error.includes(state.error.rule));
});

test("the trick on the table shows each played card with its seat", () => {
  const state = fixture("table-nimby-follow");
  const { host } = mount(table, state);
  const plays = state.view.tricks.at(-1).plays;
  assert.deepEqual(cards(host, ".cw-trick .cw-card"), plays.map(([, card]) => card));
  const seats = [...host.querySelectorAll(".cw-trick .cw-card")].map((n) => Number(n.dataset.seat));
  assert.deepEqual(seats, plays.map(([seat]) => seat));
});

test("non-card actions become buttons with the kernel's labels", () => {
  const state = fixture("table-nimby-trump");
  const { host, model } = mount(table, state);
  const buttons = [...host.querySelectorAll("button[data-action]")];
  assert.deepEqual(buttons.map((b) => b.dataset.action), state.legal.filter((a) => !/^play \S+$/.test(a)));
  assert.deepEqual(buttons.map((b) => b.textContent), buttons.map((b) => state.labels[b.dataset.action]));
  buttons[0].click();
  assert.deepEqual(model.sent, [{ action: buttons[0].dataset.action }]);
});

test("the dealer is marked ◆ and the seat to act is highlighted", () => {
  const state = fixture("table-nimby-follow");
  const { host } = mount(table, state);
  const dealer = host.querySelector(`.cw-seat[data-seat="${state.view.dealer}"] .cw-dealer`);
  assert.ok(dealer);
  assert.equal(host.querySelector(".cw-to-act").dataset.seat, String(state.view.to_act));
});

test("a Russian table draws Russian faces and never Latin rank letters", () => {
  const state = fixture("table-nestors-ru");
  const { host } = mount(table, state);
  const ranks = [...host.querySelectorAll(".cw-card .cw-rank")].map((n) => n.textContent);
  assert.ok(ranks.length > 0);
  assert.ok(ranks.every((r) => /^(\d+|[ВДКТ])$/.test(r)), ranks.join(" "));
  assert.ok(cards(host, ".cw-card").every((c) => /^(10|[2-9JQKA])[SHDC]$/.test(c)));
});

test("the Hint button asks the kernel; the pace slider is the only trait the table writes", () => {
  const state = fixture("table-tumbochka");
  const { host, model } = mount(table, state);
  host.querySelector('button[data-command="hint"]').click();
  assert.deepEqual(model.sent, [{ command: "hint" }]);
  const slider = host.querySelector("input.cw-pace");
  slider.value = "1.5";
  slider.dispatchEvent(new window.Event("input", { bubbles: true }));
  slider.dispatchEvent(new window.Event("change", { bubbles: true }));
  assert.ok(model.written.every(([name]) => name === "pace"));
});

test("a bot level chooser sends the seat and the level", () => {
  const state = fixture("table-tumbochka");
  const { host, model } = mount(table, state);
  const select = host.querySelector('select.cw-bot-level[data-seat="1"]');
  select.value = "search";
  select.dispatchEvent(new window.Event("change", { bubbles: true }));
  assert.deepEqual(model.sent.at(-1), { bot: [1, "search"] });
});

test("the coach's verdict is shown beside the trick", () => {
  const state = fixture("table-nimby-coached");
  const { host } = mount(table, state);
  const box = host.querySelector(".cw-feedback");
  assert.equal(box.dataset.verdict, state.feedback.verdict);
  assert.ok(box.textContent.includes(state.ui[`verdict_${state.feedback.verdict}`]));
});

test("no verdict box without the coach", () => {
  const { host } = mount(table, fixture("table-nimby-follow"));
  assert.equal(host.querySelector(".cw-feedback"), null);
});

test("a finished deal offers the next deal", () => {
  const state = fixture("table-nimby-done");
  const { host, model } = mount(table, state);
  assert.equal(host.querySelector(".cw-table").dataset.phase, "done");
  host.querySelector('button[data-command="next_deal"]').click();
  assert.deepEqual(model.sent, [{ command: "next_deal" }]);
});

test("a trait change from the kernel redraws the table", () => {
  const state = fixture("table-nimby-follow");
  const { host, model } = mount(table, state);
  model.change("error", { text: "not now", rule: "NIM-5" });
  assert.ok(host.querySelector(".cw-error").textContent.includes("not now (NIM-5)"));
});

test("the game's notes on each side are appended to its score as the kernel words them", () => {
  const state = fixture("table-tumbochka");
  state.scoreboard.side_notes = [["note a", "note b"], [], ["note c"]];
  const { host } = mount(table, state);
  const rows = [...host.querySelectorAll(".cw-score")].map((row) => row.textContent);
  assert.deepEqual(rows.map((row) => row.split(": ").slice(1).join(": ")), ["0 · note a · note b", "0", "0 · note c"]);
});

test("each seat is drawn where the board model puts it, with its name and badges", () => {
  for (const name of ["table-nestors-ru", "table-tumbochka", "table-nimby-follow"]) {
    const state = fixture(name);
    const { host } = mount(table, state);
    for (const seat of state.board.seats) {
      const box = host.querySelector(`.cw-seat[data-seat="${seat.seat}"]`);
      assert.ok(box.classList.contains(`cw-pos-${seat.position}`), `${name} seat ${seat.seat}`);
      assert.ok(box.querySelector(".cw-seat-name").textContent.startsWith(seat.name));
      const badges = box.querySelector(".cw-badges");
      assert.equal(badges ? badges.textContent : "", seat.badges.join(" · "));
      assert.equal(box.classList.contains("cw-to-act"), seat.to_act);
      assert.equal(Boolean(box.querySelector(".cw-dealer")), seat.dealer);
      assert.ok(box.querySelector(".cw-taken").textContent.endsWith(`: ${seat.taken}`));
    }
  }
});

test("the table's cards are the board model's groups; a null is a card face down", () => {
  const state = fixture("table-nestors-ru");
  const { host } = mount(table, state);
  const groups = [...host.querySelectorAll(".cw-table-cards .cw-group")];
  assert.deepEqual(groups.map((g) => g.querySelector(".cw-group-name").textContent), state.board.groups.map((g) => g.label));
  state.board.groups.forEach((group, i) => {
    assert.deepEqual(cards(groups[i], ".cw-card"), group.cards.filter(Boolean));
    assert.equal(groups[i].querySelectorAll(".cw-back").length, group.cards.filter((c) => !c).length);
  });
});

test("the panel's facts are the board model's words", () => {
  const state = fixture("table-nestors-ru");
  const { host } = mount(table, state);
  assert.equal(host.querySelector(".cw-trump .cw-value").textContent, state.board.trump);
  assert.equal(host.querySelector(".cw-high-bid .cw-value").textContent, state.board.high_bid);
});

test("a revealed hand is drawn face up from the board model, a hidden one as backs", () => {
  const state = fixture("table-tumbochka-revealed");
  const { host } = mount(table, state);
  for (const seat of state.board.seats.filter((s) => s.seat !== state.seat)) {
    const box = host.querySelector(`.cw-seat[data-seat="${seat.seat}"]`);
    assert.deepEqual(cards(box, ".cw-open-hand .cw-card"), seat.hand);
    assert.equal(box.querySelectorAll(".cw-back").length, 0);
  }
  const hidden = fixture("table-tumbochka");
  assert.ok(hidden.board.seats.every((s) => s.hand === null || s.seat === hidden.seat));
});

test("the Review lists the costly decisions, then apart those that cost only face up, then the unvalued", () => {
  const state = fixture("table-tumbochka-reviewed");
  const rows = state.review_rows;
  assert.ok(rows.length >= 2);
  const faceUp = { ...rows[1], group: "face_up", verdict: "good" };
  const unvalued = { ...rows[0], index: rows.length + 1, group: "unvalued", valued: false, verdict: null };
  const { host } = mount(table, { ...state, review_rows: [rows[0], faceUp, unvalued] });
  const listed = (selector) => [...host.querySelectorAll(`${selector} .cw-review-row`)].map((row) => row.dataset.group);
  assert.deepEqual(listed(".cw-review-list"), ["costly"]);
  assert.deepEqual(listed(".cw-review-face-up"), ["face_up"]);
  assert.deepEqual(listed(".cw-review-unvalued"), ["unvalued"]);
  assert.equal(host.querySelector(".cw-review-face-up-title").textContent, state.ui.review_face_up);
  assert.equal(host.querySelector(".cw-review-none"), null);
});

test("a Review entry outside the play shows no face-up figure; the opened entry's heading has the replay's count", () => {
  const state = fixture("table-tumbochka-reviewed");
  const { host } = mount(table, state);
  const gift = [...host.querySelectorAll(".cw-review-row")].find((row) => row.dataset.number === "4");
  assert.ok(gift);
  assert.equal(gift.querySelector(".cw-review-dd"), null);
  assert.ok(gift.querySelector(".cw-review-mc"));
  const heading = host.querySelector(".cw-review-replay-heading").textContent;
  const board = state.review_view.board.heading;
  assert.ok(heading.includes(board.split(" — ")[1]), `${heading} / ${board}`);
  assert.ok(heading.includes(" 4,"));
  const first = host.querySelector(".cw-review-row .cw-review-verdict").textContent.trim();
  assert.equal(first, state.ui[`verdict_${state.review_rows[0].verdict}`]); // the word the coach said
});

/** A fixture turned into a game the front-end never heard of: its own verb that takes a card and then a seat. */
function cardThenSeat() {
  const state = structuredClone(fixture("table-nimby-follow"));
  const card = state.view.my_hand[0];
  state.legal = [`hand_over ${card} 1`, `hand_over ${card} 3`, "pass"];
  state.labels = { [`hand_over ${card} 1`]: "To 1", [`hand_over ${card} 3`]: "To 3", pass: "Pass" };
  state.board = { ...state.board, card_seat: [{ verb: "hand_over", hint: "Pick a card to hand over" }] };
  return { state, card };
}

test("an action VERB CARD SEAT the board model declares: the card first (the game's hint meanwhile), then the seat", () => {
  const { state, card } = cardThenSeat();
  const { host, model } = mount(table, state);
  assert.deepEqual(cards(host, ".cw-hand .cw-card.cw-legal"), [card]);
  assert.equal(host.querySelector(".cw-hint").textContent, "Pick a card to hand over");
  const buttons = () => [...host.querySelectorAll("button.cw-action")].map((b) => b.dataset.action);
  assert.deepEqual(buttons(), ["pass"]);
  host.querySelector(`.cw-hand .cw-card[data-card="${card}"]`).click();
  assert.deepEqual(model.sent, []); // choosing the card sends nothing yet
  assert.deepEqual(buttons(), [`hand_over ${card} 1`, `hand_over ${card} 3`, "pass"]);
  assert.equal(host.querySelector(".cw-hint"), null);
});

test("the panel draws the facts the game declares and its own lines, nothing else", () => {
  const state = structuredClone(fixture("table-nimby-follow"));
  state.board = { ...state.board, facts: [{ key: "own", label: "", text: "Its own line" }, { key: "more", label: "Label", text: "x" }] };
  delete state.board.trump;
  delete state.board.high_bid;
  delete state.board.contract;
  const { host } = mount(table, state);
  assert.equal(host.querySelector(".cw-trump"), null);
  assert.equal(host.querySelector(".cw-contract"), null);
  const rows = [...host.querySelectorAll(".cw-facts .cw-fact")];
  assert.deepEqual(rows.map((row) => [row.dataset.key, row.textContent]), [["own", "Its own line"], ["more", "Label: x"]]);
});

test("each Review entry has a Share button with its link; sharing does not open the entry", () => {
  const state = fixture("table-tumbochka-reviewed");
  const { host, model } = mount(table, state);
  const rows = [...host.querySelectorAll(".cw-review-row")];
  assert.equal(rows.length, state.review_rows.length);
  const first = rows[0];
  first.querySelector('button[data-command="share"]').click();
  const field = first.querySelector(".cw-share-box input.cw-share-link");
  assert.ok(field.value.endsWith(state.review_rows[0].link), field.value);
  assert.ok(state.review_rows[0].link.includes(`&step=${state.review_rows[0].step}`));
  assert.ok(!model.sent.some((message) => "review" in message));
});

test("a puzzle's table offers no Hint, and Next puzzle once the puzzle is over", () => {
  const state = fixture("table-nimby-follow");
  state.ui = { ...state.ui, puzzle: true, puzzle_over: false, next_puzzle: "Next puzzle" };
  const { host, model } = mount(table, state);
  assert.equal(host.querySelector('button[data-command="hint"]'), null);
  assert.equal(host.querySelector('button[data-command="next_puzzle"]'), null);
  model.change("ui", { ...state.ui, puzzle_over: true });
  const next = host.querySelector('button[data-command="next_puzzle"]');
  assert.equal(next.textContent, "Next puzzle");
  next.click();
  assert.deepEqual(model.sent, [{ command: "next_puzzle" }]);
});
