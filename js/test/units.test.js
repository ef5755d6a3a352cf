// Unit tests of the small front-end modules: card faces, seat layout, texts, controls.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./harness.mjs";
import { cardBack, cardFace, cardText, splitCard } from "../cards.js";
import { actionButtons } from "../controls.js";
import { el } from "../dom.js";
import { cardName, seatName, t, withRule } from "../i18n.js";

const RU = { rank_letters: { J: "В", Q: "Д", K: "К", A: "Т" }, card_names: { AS: "туз пик" } };

test("splitCard reads two- and three-character cards", () => {
  assert.deepEqual(splitCard("10H"), { rank: "10", suit: "H" });
  assert.deepEqual(splitCard("AS"), { rank: "A", suit: "S" });
});

test("a card face keeps the canonical code in data-card and names it for screen readers", () => {
  const face = cardFace("AS", { ui: RU });
  assert.equal(face.dataset.card, "AS");
  assert.equal(face.getAttribute("aria-label"), "туз пик");
  assert.equal(face.querySelector(".cw-rank").textContent, "Т");
  assert.equal(face.querySelector(".cw-suit").textContent, "♠");
  assert.ok(face.classList.contains("cw-suit-S"));
});

test("a card face marks legal and trump cards and its seat", () => {
  const face = cardFace("10H", { legal: true, trump: true, seat: 2 });
  assert.ok(face.classList.contains("cw-legal"));
  assert.ok(face.classList.contains("cw-trump-card"));
  assert.equal(face.dataset.seat, "2");
  assert.equal(face.querySelector(".cw-rank").textContent, "10");
});

test("a card back shows nothing and hides from screen readers", () => {
  const back = cardBack();
  assert.equal(back.textContent, "");
  assert.equal(back.getAttribute("aria-hidden"), "true");
  assert.equal(back.dataset.card, undefined);
});

test("cardText writes a card the reader's way", () => {
  assert.equal(cardText("QD", RU), "Д♦");
  assert.equal(cardText("QD"), "Q♦");
  assert.equal(cardText("10C", RU), "10♣");
});

test("t fills in parameters and falls back to the key", () => {
  assert.equal(t({ cards: "{n} cards" }, "cards", { n: 3 }), "3 cards");
  assert.equal(t({}, "missing"), "missing");
});

test("seatName says You for the learner and numbers the others", () => {
  const ui = { you: "You", seat: "Seat {n}" };
  assert.equal(seatName(ui, 1, 1), "You");
  assert.equal(seatName(ui, 2, 1), "Seat 2");
});

test("withRule cites the rule once", () => {
  assert.equal(withRule("must follow", "NIM-5"), "must follow (NIM-5)");
  assert.equal(withRule("must follow (NIM-5)", "NIM-5"), "must follow (NIM-5)");
  assert.equal(withRule("no rule", ""), "no rule");
  assert.equal(withRule("", "NIM-5"), "");
});

test("cardName uses the spoken name when there is one", () => {
  assert.equal(cardName(RU, "AS"), "туз пик");
  assert.ok(cardName({}, "KH").includes("K"));
});

test("el builds an element with its class and text", () => {
  const node = el("span", "cw-x", "hello");
  assert.equal(node.tagName, "SPAN");
  assert.equal(node.className, "cw-x");
  assert.equal(node.textContent, "hello");
});

test("action buttons carry data-action, show the label, and send the action", () => {
  const sent = [];
  const bar = actionButtons(["agree", "pass"], { agree: "Agree", pass: "Pass" }, (m) => sent.push(m));
  const buttons = [...bar.querySelectorAll("button[data-action]")];
  assert.deepEqual(buttons.map((b) => b.dataset.action), ["agree", "pass"]);
  assert.deepEqual(buttons.map((b) => b.textContent), ["Agree", "Pass"]);
  buttons[1].click();
  assert.deepEqual(sent, [{ action: "pass" }]);
});

test("plain plays get no button: the card itself is clicked", () => {
  const bar = actionButtons(["play 10S", "play 6D troyan"], { "play 6D troyan": "Troyan!" }, () => {});
  const buttons = [...bar.querySelectorAll("button[data-action]")];
  assert.deepEqual(buttons.map((b) => b.dataset.action), ["play 6D troyan"]);
});
