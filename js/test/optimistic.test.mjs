// The learner's own card drawn on the trick at once: the move, the kernel's answer
// replacing it, and a refusal putting the card back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cards, fixture, mount } from "./harness.mjs";
import table from "../index.ts";
import { cardPlay, optimisticView } from "../optimistic.ts";

/** The follow fixture mounted, its legal card clicked: { state, host, model, card, root }. */
function clickLegal() {
  const state = fixture("table-nimby-follow");
  const { host, model } = mount(table, state);
  const card = state.legal[0].split(" ")[1];
  host.querySelector(`.cw-hand .cw-card[data-card="${card}"]`).click();
  return { state, host, model, card, root: host.querySelector(".cw-table") };
}

test("a click on a legal card moves it to the trick at once, before the kernel answers", () => {
  const { state, host, model, card, root } = clickLegal();
  assert.deepEqual(model.sent, [{ action: `play ${card}` }]);
  assert.equal(root.dataset.pending, "true");
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), state.view.my_hand.filter((c) => c !== card));
  const plays = state.view.tricks.at(-1).plays;
  assert.deepEqual(cards(host, ".cw-trick .cw-card"), [...plays.map(([, c]) => c), card]);
  assert.equal(host.querySelector(`.cw-trick .cw-card[data-card="${card}"]`).dataset.seat, String(state.seat));
  assert.equal(root.dataset.toAct, ""); // nobody may act until the kernel says whose turn it is
  assert.equal(host.querySelectorAll(".cw-seat.cw-to-act").length, 0);
  assert.equal(host.querySelectorAll(".cw-hand .cw-card.cw-legal").length, 0);
  assert.ok(host.querySelector(".cw-status").textContent.includes(state.labels[`play ${card}`] || `play ${card}`));
});

test("the guess never changes the model: only the kernel's traits do", () => {
  const { state, model } = clickLegal();
  assert.deepEqual(model.state.view, state.view);
  assert.deepEqual(model.written, []);
});

test("a second click while the first card is on its way sends nothing", () => {
  const { state, host, model } = clickLegal();
  const other = state.view.my_hand.find((c) => !state.legal.includes(`play ${c}`));
  host.querySelector(`.cw-hand .cw-card[data-card="${other}"]`).click();
  assert.equal(model.sent.length, 1);
});

test("the kernel's view replaces the guess, whatever it holds", () => {
  const { state, host, model, card, root } = clickLegal();
  const kernel = structuredClone(state.view);
  kernel.my_hand = kernel.my_hand.filter((c) => c !== card);
  kernel.tricks = [{ collector: 3, left: null, plays: [...kernel.tricks.at(-1).plays, [0, card], [1, "KS"]] }];
  kernel.to_act = 3;
  model.change("view", kernel);
  assert.equal(root.dataset.pending, "false");
  assert.equal(root.dataset.toAct, "3");
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), kernel.my_hand);
  assert.equal(host.querySelectorAll(".cw-trick .cw-card").length, 0); // the trick was taken: none in progress
  assert.deepEqual(cards(host, ".cw-previous-trick .cw-card"), ["5S", "AS", card, "KS"]);
});

test("if the kernel refuses after all, the card returns to the hand and the error shows", () => {
  const { state, host, model, card, root } = clickLegal();
  model.change("error", { action: `play ${card}`, text: "not your turn", rule: "ACTIONS" });
  assert.equal(root.dataset.pending, "false");
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), state.view.my_hand);
  assert.ok(!cards(host, ".cw-trick .cw-card").includes(card));
  assert.ok(host.querySelector(".cw-error").textContent.includes("not your turn (ACTIONS)"));
  assert.deepEqual(cards(host, ".cw-hand .cw-card.cw-legal"), [card]); // and it can be played again
});

test("a card that is not legal is not moved: the kernel explains why not", () => {
  const state = fixture("table-nimby-follow");
  const { host, model } = mount(table, state);
  const card = state.view.my_hand.find((c) => !state.legal.includes(`play ${c}`));
  host.querySelector(`.cw-hand .cw-card[data-card="${card}"]`).click();
  assert.deepEqual(model.sent, [{ action: `play ${card}` }]);
  assert.equal(host.querySelector(".cw-table").dataset.pending, "false");
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), state.view.my_hand);
});

test("cardPlay finds the plain play or the first play with a choice, else null", () => {
  assert.equal(cardPlay(["play 6S", "play 7S take"], "6S"), "play 6S");
  assert.equal(cardPlay(["play 7S take AS", "play 7S take KD"], "7S"), "play 7S take AS");
  assert.equal(cardPlay(["play 10S"], "1"), null);
  assert.equal(cardPlay(["give 6S 1"], "6S"), null);
});

test("optimisticView leads a new trick after a finished one and leaves the kernel's view untouched", () => {
  const view = { my_hand: ["6S", "AH"], hand_sizes: [2, 2], to_act: 0, tricks: [{ collector: 1, plays: [[1, "KS"], [0, "QS"]] }] };
  const copy = structuredClone(view);
  const guess = optimisticView(view, 0, "AH");
  assert.deepEqual(view, copy);
  assert.deepEqual(guess.my_hand, ["6S"]);
  assert.deepEqual(guess.hand_sizes, [1, 2]);
  assert.equal(guess.to_act, null);
  assert.deepEqual(guess.tricks.at(-1), { collector: null, plays: [[0, "AH"]] });
  assert.equal(guess.tricks.length, 2);
});

test("a puzzle's verdict on a wrong card puts the card back in the hand for the retry", () => {
  const { state, host, model, card, root } = clickLegal();
  model.change("feedback", { verdict: "wrong", text: "Not this: it costs 3 points. Try once more.", rule: "", better: "" });
  assert.equal(root.dataset.pending, "false");
  assert.deepEqual(cards(host, ".cw-hand .cw-card"), state.view.my_hand);
  assert.ok(cards(host, ".cw-hand .cw-card.cw-legal").includes(card));
});
