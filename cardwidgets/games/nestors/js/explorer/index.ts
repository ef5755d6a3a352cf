// TrickExplorer front-end: draws the `result` trait and sends the reader's choices to Python.
// Python decides everything (C's legal cards, the winner, the rule); nothing is computed here.
import { cardFace, cardText } from "../../../../../js/cards.js";
import { t } from "../../../../../js/i18n.js";
import { el } from "../../../../../js/dom.js";
import type { Card, RenderProps, Send } from "../../../../../js/types.js";
import type { ExplorerMessage, ExplorerResult, ExplorerTraits, ExplorerUi, Place, Quiz } from "./types.js";

/** What one drawing needs: the traits, the place the deck fills, and where clicks go. */
interface Snapshot {
  result: ExplorerResult;
  quiz: Quiz;
  ui: ExplorerUi;
  picking: Place;
  send: Send<ExplorerMessage>;
  pick: (position: Place) => void;
}

const POSITIONS: Place[] = ["a", "b", "c", "hand"];

function button(text: string, data: Record<string, string>, onClick: () => void): HTMLButtonElement {
  const node = el("button", "cw-command", text);
  node.type = "button";
  Object.assign(node.dataset, data);
  node.addEventListener("click", onClick);
  return node;
}

/** Trump buttons: Aces, Jacks, Tens (data-command="trump", data-value="J"). */
function trumpBar(snap: Snapshot): HTMLDivElement {
  const bar = el("div", "cw-x-trumps");
  bar.appendChild(el("span", "cw-label", `${snap.ui.trump}: `));
  for (const [rank, name] of snap.ui.trumps || []) {
    const node = button(name, { command: "trump", value: rank }, () => snap.send({ command: "trump", value: rank }));
    node.setAttribute("aria-pressed", snap.result.trump === rank ? "true" : "false");
    bar.appendChild(node);
  }
  return bar;
}

/** The three places of the trick (A, B, C) and C's hand; clicking one chooses what the deck fills. */
function slots(snap: Snapshot): HTMLDivElement {
  const box = el("div", "cw-x-slots");
  box.appendChild(el("span", "cw-label", `${t(snap.ui, "pick_for")}: `));
  for (const position of POSITIONS) {
    const label = position === "hand" ? t(snap.ui, "hand") : (snap.ui.positions || {})[position];
    const slot = el("div", `cw-x-slot cw-x-slot-${position}`);
    slot.dataset.position = position;
    const pick = button(label, { command: "pick", position }, () => snap.pick(position));
    pick.setAttribute("aria-pressed", snap.picking === position ? "true" : "false");
    slot.appendChild(pick);
    const cards = position === "hand" ? snap.result.hand || [] : [snap.result[position]].filter((card): card is Card => Boolean(card));
    const legal = new Set((snap.result.may_play && snap.result.may_play.cards) || []);
    for (const card of cards) {
      const face = cardFace(card, { ui: snap.ui, legal: position === "hand" && legal.has(card) });
      face.addEventListener("click", () => snap.send({ command: "card", position, value: position === "hand" ? card : "" }));
      slot.appendChild(face);
    }
    box.appendChild(slot);
  }
  return box;
}

/** All 36 cards; a click puts the card in the chosen place (or toggles it in C's hand). */
function deck(snap: Snapshot): HTMLDivElement {
  const grid = el("div", "cw-x-deck");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", t(snap.ui, "pick_for"));
  const used = new Set([snap.result.a, snap.result.b, snap.result.c, ...(snap.result.hand || [])].filter((card): card is Card => Boolean(card)));
  for (const card of snap.ui.deck || []) {
    const face = cardFace(card, { ui: snap.ui, trump: card.slice(0, -1) === snap.result.trump });
    if (used.has(card)) face.classList.add("cw-used");
    face.addEventListener("click", () => snap.send({ command: "card", position: snap.picking, value: card }));
    grid.appendChild(face);
  }
  return grid;
}

function examples(snap: Snapshot): HTMLDivElement {
  const bar = el("div", "cw-x-examples");
  bar.appendChild(el("span", "cw-label", `${t(snap.ui, "examples")}: `));
  for (const name of snap.ui.example_names || []) {
    bar.appendChild(button(t(snap.ui, `example_${name}`), { command: "example", value: name }, () => snap.send({ command: "example", value: name })));
  }
  bar.appendChild(button(t(snap.ui, "clear"), { command: "clear" }, () => snap.send({ command: "clear" })));
  return bar;
}

/** Predict mode: a graded position per case of the game's trick rule and of the leave, numbered (not named). */
function predictBar(snap: Snapshot): HTMLDivElement {
  const bar = el("div", "cw-x-predict-bar");
  bar.appendChild(el("span", "cw-label", `${t(snap.ui, "predict")}: `));
  (snap.ui.predict_cases || []).forEach((name, index) => {
    bar.appendChild(button(String(index + 1), { command: "predict", value: name }, () => snap.send({ command: "predict", value: name })));
  });
  return bar;
}

/** The questions asked before the engine shows the trick, one after the other; each answer graded by Python, with the rule id. */
function quiz(snap: Snapshot): HTMLDivElement {
  const { quiz: q, ui } = snap;
  const box = el("div", "cw-x-quiz");
  if (!q || !q.questions) return box;
  box.dataset.done = String(!!q.done);
  box.appendChild(el("div", "cw-x-quiz-title", t(ui, "predict_title")));
  if (q.table) {
    const table = el("div", "cw-x-table-card");
    table.append(el("span", "cw-label", `${t(ui, "table_card")}: `), cardFace(q.table, { ui }));
    box.appendChild(table);
  }
  for (const question of q.questions) {
    const part = el("div", "cw-x-question");
    part.dataset.field = question.field;
    const open = question.asked !== false; // a later question waits for the answer to the one before it
    part.dataset.asked = String(open);
    part.appendChild(el("div", "cw-x-question-text", question.text));
    const guess = question.guess;
    if (guess && guess.tries) part.dataset.tries = String(guess.tries);
    for (const option of question.options) {
      const node = button(option.label, { command: "guess", field: question.field, value: option.value }, () => snap.send({ command: "guess", field: question.field, value: option.value }));
      node.disabled = !open;
      if (guess && guess.value === option.value) node.classList.add(guess.correct ? "cw-x-guess-right" : "cw-x-guess-wrong");
      part.appendChild(node);
    }
    const verdict = el("div", guess ? `cw-x-feedback ${guess.correct ? "cw-x-right" : "cw-x-wrong"}` : "cw-x-feedback", guess ? guess.text : "");
    if (guess) verdict.dataset.rule = guess.rule;
    part.appendChild(verdict);
    box.appendChild(part);
  }
  return box;
}

/** What Python worked out: C's legal cards, each card's outcome, the trick's winner and rule. */
function verdict(snap: Snapshot): HTMLDivElement {
  const { result, ui } = snap;
  const box = el("div", "cw-x-result");
  box.setAttribute("role", "status");
  if (result.may_play) {
    box.appendChild(el("div", "cw-x-may-play", `${t(ui, "may_play")}: ${result.may_play.cards.map((card) => cardText(card, ui)).join(" ")} — ${result.may_play.why}`));
  }
  if (result.options && result.options.length) {
    const list = el("ul", "cw-x-options");
    list.setAttribute("aria-label", t(ui, "if_c_plays"));
    for (const option of result.options) {
      const item = el("li", option.legal ? `cw-x-option cw-x-${option.winners}` : "cw-x-option cw-x-illegal");
      item.dataset.card = option.card;
      const shown = cardText(option.card, ui); // data-card above stays canonical
      item.textContent = option.legal ? `${shown} → ${option.winners_text} (${option.rule})` : `${shown}: ${t(ui, "not_allowed")}`;
      list.appendChild(item);
    }
    box.appendChild(list);
  }
  if (result.trick) {
    const trick = el("div", `cw-x-trick cw-x-${result.trick.winners}`);
    trick.dataset.rule = result.trick.rule;
    trick.dataset.collector = result.trick.collector;
    trick.appendChild(el("strong", "cw-x-rule", `${result.trick.rule_id} `));
    // the explanation itself says who collects, so the headline names only the winning side
    trick.appendChild(el("span", "cw-x-winners", `${result.trick.winners_text}. `));
    trick.appendChild(el("span", "cw-why", result.trick.why));
    box.appendChild(trick);
  }
  if (result.prompt) box.appendChild(el("div", "cw-x-prompt", result.prompt));
  return box;
}

function render({ model, el: host }: RenderProps<ExplorerTraits>): void {
  const root = el("div", "cw-explorer");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.classList.add("cw-host");
  host.appendChild(root);
  let picking: Place = "a";

  function draw() {
    const result = model.get("result") || {};
    const snap: Snapshot = {
      result,
      quiz: model.get("quiz") || {},
      ui: model.get("ui") || {},
      picking,
      send: (content: ExplorerMessage) => model.send(content),
      pick: (position: Place) => {
        picking = position;
        draw();
      },
    };
    root.dataset.trump = result.trump || "";
    root.dataset.rule = (result.trick && result.trick.rule) || "";
    root.setAttribute("aria-label", t(snap.ui, "explorer"));
    const error = el("div", "cw-error");
    error.setAttribute("role", "alert");
    error.textContent = (model.get("error") || {}).text || "";
    root.dataset.predicting = String(!!(snap.quiz.questions && !snap.quiz.done));
    root.replaceChildren(el("div", "cw-x-title", t(snap.ui, "explorer")), trumpBar(snap), examples(snap), predictBar(snap), slots(snap), deck(snap), quiz(snap), verdict(snap), error);
  }

  // After a card fills A, B or C, move on to the next place, as a reader fills a trick in order.
  model.on("change:result", () => {
    const result = model.get("result") || {};
    if (picking !== "hand" && result[picking]) picking = POSITIONS.find((p) => p !== "hand" && !result[p]) || picking;
    draw();
  });
  for (const name of ["error", "ui", "locale", "quiz"] as const) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
