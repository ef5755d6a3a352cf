// Drill front-end: draws the question (the position as on the table), the answers as buttons
// (keys 1-9), the verdict in green or red with its rule id, and Next. Python makes and grades
// every question; this module only sends {command: "answer", option: i} and {command: "next"}.
import { cardFace } from "../cards.js";
import { cardName, t } from "../i18n.js";
import { el } from "../dom.js";
import type { Card, DrillMessage, DrillPosition, DrillTraits, Model, RenderProps, Send, Ui } from "../types.js";

/** A card drawn as on the table, trumps marked (not clickable: the answers are the buttons below). */
function card(ui: Ui, code: Card, trumps: Set<Card>): HTMLButtonElement {
  const face = cardFace(code, { ui, name: cardName(ui, code), trump: trumps.has(code) });
  face.disabled = true;
  face.tabIndex = -1;
  return face;
}

/** One labelled group of cards: the trick (who played what), the hand, the table card, a pile. */
function group(className: string, label: string, cards: NonNullable<DrillPosition["trick"]>, ui: Ui, trumps: Set<Card>): HTMLDivElement {
  const box = el("div", `cw-d-group ${className}`);
  if (label) box.appendChild(el("span", "cw-label", `${label}: `));
  for (const entry of cards) {
    if (typeof entry === "string") {
      box.appendChild(card(ui, entry, trumps));
    } else {
      const play = el("span", "cw-d-play");
      play.dataset.who = entry.who;
      play.append(el("span", "cw-d-who", entry.who), card(ui, entry.card, trumps));
      box.appendChild(play);
    }
  }
  return box;
}

/** The position the learner sees: trump, the trick so far, table card, pile, hand and facts. */
function position(question: DrillTraits["question"], ui: Ui): HTMLDivElement {
  const pos = question.position || {};
  const box = el("div", "cw-d-position");
  const trumps = new Set(pos.trumps || []);
  if (pos.trump) box.appendChild(el("div", "cw-d-trump", `${t(ui, "trump")}: ${pos.trump}`));
  if (pos.trick && pos.trick.length) box.appendChild(group("cw-d-trick", "", pos.trick, ui, trumps));
  if (pos.table) box.appendChild(group("cw-d-table", t(ui, "table_card"), [pos.table], ui, trumps));
  if (pos.pile && pos.pile.length) box.appendChild(group("cw-d-pile", "", pos.pile, ui, trumps));
  if (pos.hand) box.appendChild(group("cw-d-hand", t(ui, "your_hand"), pos.hand, ui, trumps));
  if (pos.facts && pos.facts.length) {
    const list = el("ul", "cw-d-facts");
    for (const fact of pos.facts) list.appendChild(el("li", "", fact));
    box.appendChild(list);
  }
  return box;
}

/** The answers as buttons "1. A and C"; answers already tried are marked right or wrong. */
function options(model: Model<DrillTraits>, send: Send<DrillMessage>): HTMLDivElement {
  const bar = el("div", "cw-d-options");
  bar.setAttribute("role", "group");
  const tried = new Map((model.get("tried") || []).map((entry) => [entry.option, entry.correct]));
  (model.get("options") || []).forEach((label, index) => {
    const button = el("button", "cw-command cw-d-option", `${index + 1}. ${label}`);
    button.type = "button";
    button.dataset.option = String(index);
    button.dataset.key = String(index + 1);
    if (tried.has(index)) button.classList.add(tried.get(index) ? "cw-d-tried-right" : "cw-d-tried-wrong");
    button.addEventListener("click", () => send({ command: "answer", option: index }));
    bar.appendChild(button);
  });
  return bar;
}

/** The verdict on the last answer: green or red, the rule id, the engine's explanation. */
function verdict(model: Model<DrillTraits>, ui: Ui): HTMLDivElement {
  const fb = model.get("feedback") || {};
  const box = el("div", "cw-d-feedback");
  box.setAttribute("role", "status");
  if (fb.text === undefined) return box;
  box.classList.add(fb.correct ? "cw-d-right" : "cw-d-wrong");
  box.dataset.correct = String(!!fb.correct);
  box.dataset.rule = fb.rule || "";
  box.setAttribute("aria-label", t(ui, fb.correct ? "right" : "wrong"));
  box.append(el("span", "cw-d-rule", fb.rule), " ", el("span", "cw-why", fb.text));
  return box;
}

function render({ model, el: host }: RenderProps<DrillTraits>): void {
  const root = el("div", "cw-drill");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.classList.add("cw-host");
  host.appendChild(root);
  const send = (content: DrillMessage): void => model.send(content);

  function draw() {
    const ui = model.get("ui") || {};
    const question = model.get("question") || {};
    const fb = model.get("feedback") || {};
    root.dataset.topic = model.get("topic") || "";
    root.dataset.number = String(question.number || "");
    root.dataset.state = fb.text === undefined ? "question" : fb.correct ? "right" : "wrong";
    root.setAttribute("aria-label", question.title || t(ui, "drill"));
    const score = model.get("score") || {};
    const head = el("div", "cw-d-head");
    head.append(el("span", "cw-d-title", `${question.title || ""} — ${t(ui, "item", { n: question.number || 1 })}`), el("span", "cw-d-score", t(ui, "score", { asked: score.asked || 0, right: score.right || 0 })));
    const next = el("button", "cw-command cw-d-next", t(ui, "next"));
    next.type = "button";
    next.dataset.command = "next";
    next.addEventListener("click", () => send({ command: "next" }));
    const error = el("div", "cw-error");
    error.setAttribute("role", "alert");
    error.textContent = (model.get("error") || {}).text || "";
    // This topic's progress, kept by the kernel across restarts; a notice if its file was unusable.
    const mastery = model.get("mastery") || {};
    const progress = el("div", "cw-d-progress", mastery.text || "");
    progress.dataset.answered = String(mastery.answered || 0);
    progress.dataset.mastered = String(!!mastery.mastered);
    root.dataset.review = String(!!mastery.review);
    const notice = el("div", "cw-d-notice", mastery.notice || "");
    root.replaceChildren(head, position(question, ui), el("div", "cw-d-question", question.text || ""), options(model, send), verdict(model, ui), next, progress, notice, el("div", "cw-d-keys", t(ui, "keys")), error);
  }

  // Keys 1-9 answer; Enter or N (the key, whatever the keyboard's language) asks the next question.
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const count = (model.get("options") || []).length;
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= count) {
      send({ command: "answer", option: digit - 1 });
    } else if (event.key === "Enter" || event.code === "KeyN") {
      send({ command: "next" });
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  });
  for (const name of ["question", "options", "feedback", "tried", "score", "error", "ui", "topic", "mastery"] as const) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
