// Unit tests of the small front-end modules: card faces, seat layout, texts, controls.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./harness.mjs";
import { cardBack, cardFace, cardText, splitCard } from "../cards.ts";
import { seatBox, tableCards, trickArea } from "../board.ts";
import { actionButtons } from "../controls.ts";
import { el } from "../dom.ts";
import { cardName, seatName, t, withRule } from "../i18n.ts";

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

const SEAT = { seat: 2, name: "Seat 2", position: "top", badges: ["passed", "B"], taken: 1, dealer: true, to_act: true };

test("a seat held face down is drawn as its backs (at most 10) and its count, with no card", () => {
  const box = seatBox({ tricks: "Tricks" }, { ...SEAT, hand: null, count: 12, count_text: "12 cards" });
  assert.ok(box.classList.contains("cw-pos-top") && box.classList.contains("cw-to-act"));
  assert.equal(box.dataset.seat, "2");
  assert.equal(box.querySelectorAll(".cw-back").length, 10);
  assert.equal(box.querySelector(".cw-count").textContent, "12 cards");
  assert.equal(box.querySelectorAll("[data-card]").length, 0);
  assert.equal(box.querySelector(".cw-badges").textContent, "passed · B");
  assert.equal(box.querySelector(".cw-taken").textContent, "Tricks: 1");
  assert.ok(box.querySelector(".cw-dealer"));
});

test("a seat face up marks its trumps and its legal cards; `tag` writes the action for HandReplay's marks", () => {
  const sent = [];
  const info = { ...SEAT, hand: ["AS", "JD"], count: 2, trumps: ["JD"] };
  const actionOf = (card) => (card === "AS" ? "play AS" : null);
  const box = seatBox({}, info, { actionOf, send: (c) => sent.push(c), tag: true });
  const [ace, jack] = box.querySelectorAll(".cw-open-hand .cw-card");
  assert.ok(ace.classList.contains("cw-legal") && !jack.classList.contains("cw-legal"));
  assert.ok(jack.classList.contains("cw-trump-card"));
  assert.equal(ace.dataset.action, "play AS");
  assert.equal(jack.dataset.action, undefined);
  jack.click();
  ace.click();
  assert.deepEqual(sent, [{ action: "play AS" }]);
  const untagged = seatBox({}, info, { actionOf });
  assert.equal(untagged.querySelectorAll("[data-action]").length, 0); // the card table: no data-action on cards
  assert.equal(seatBox({}, info, { withHand: false }).querySelectorAll(".cw-card, .cw-back").length, 0);
});

test("the trick marks the side each card came from; captions name who played it", () => {
  const plays = [[1, "10S"], [null, "JD"]];
  const area = trickArea({}, plays, { 1: "left" }, { label: "Trick 2", captions: ["Seat 1", "table"] });
  assert.equal(area.getAttribute("aria-label"), "Trick 2");
  assert.ok(area.querySelector('[data-card="10S"]').classList.contains("cw-from-left"));
  assert.ok(area.querySelector('[data-card="JD"]').classList.contains("cw-from-table"));
  assert.deepEqual([...area.querySelectorAll("figcaption")].map((c) => c.textContent), ["Seat 1", "table"]);
  assert.equal(trickArea({}, plays, { 1: "left" }).querySelectorAll("figure").length, 0);
});

test("the table's cards: a group per key, a null drawn face down", () => {
  const box = tableCards({}, [{ key: "row", label: "Row", cards: [null, "AS", "KD"] }]);
  assert.equal(box.querySelector(".cw-group-row .cw-group-name").textContent, "Row");
  assert.equal(box.querySelectorAll(".cw-group-row .cw-back").length, 1);
  assert.deepEqual([...box.querySelectorAll(".cw-card")].map((n) => n.dataset.card), ["AS", "KD"]);
});
