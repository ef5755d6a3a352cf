// js/dom.ts
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== void 0) node.textContent = text;
  return node;
}

// js/cards.ts
var SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
function splitCard(card2) {
  return { rank: card2.slice(0, -1), suit: card2.slice(-1) };
}
function rankLetter(ui, rank) {
  return ui && ui.rank_letters && ui.rank_letters[rank] || rank;
}
function cardFace(card2, { ui = null, name, legal = false, trump = false, seat = null } = {}) {
  const { rank, suit } = splitCard(card2);
  const face = el("button", `cw-card cw-suit-${suit}`);
  face.type = "button";
  if (legal) face.classList.add("cw-legal");
  if (trump) face.classList.add("cw-trump-card");
  face.dataset.card = card2;
  if (seat !== null && seat !== void 0) face.dataset.seat = String(seat);
  face.setAttribute("aria-label", name || ui && ui.card_names && ui.card_names[card2] || card2);
  face.append(el("span", "cw-rank", rankLetter(ui, rank)), el("span", "cw-suit", SUIT_SYMBOLS[suit] || suit));
  return face;
}

// js/i18n.ts
function t(ui, key, params = {}) {
  const text = ui && ui[key];
  const template = typeof text === "string" && text ? text : key;
  return template.replace(/\{(\w+)\}/g, (_, name) => name in params ? String(params[name]) : `{${name}}`);
}
function cardName(ui, card2) {
  return ui.card_names && ui.card_names[card2] || card2;
}

// js/drill/index.ts
function card(ui, code, trumps) {
  const face = cardFace(code, { ui, name: cardName(ui, code), trump: trumps.has(code) });
  face.disabled = true;
  face.tabIndex = -1;
  return face;
}
function group(className, label, cards, ui, trumps) {
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
function position(question, ui) {
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
function options(model, send) {
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
function verdict(model, ui) {
  const fb = model.get("feedback") || {};
  const box = el("div", "cw-d-feedback");
  box.setAttribute("role", "status");
  if (fb.text === void 0) return box;
  box.classList.add(fb.correct ? "cw-d-right" : "cw-d-wrong");
  box.dataset.correct = String(!!fb.correct);
  box.dataset.rule = fb.rule || "";
  box.setAttribute("aria-label", t(ui, fb.correct ? "right" : "wrong"));
  box.append(el("span", "cw-d-rule", fb.rule), " ", el("span", "cw-why", fb.text));
  return box;
}
function render({ model, el: host }) {
  const root = el("div", "cw-drill");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.classList.add("cw-host");
  host.appendChild(root);
  const send = (content) => model.send(content);
  function draw() {
    const ui = model.get("ui") || {};
    const question = model.get("question") || {};
    const fb = model.get("feedback") || {};
    root.dataset.topic = model.get("topic") || "";
    root.dataset.number = String(question.number || "");
    root.dataset.state = fb.text === void 0 ? "question" : fb.correct ? "right" : "wrong";
    root.setAttribute("aria-label", question.title || t(ui, "drill"));
    const score = model.get("score") || {};
    const head = el("div", "cw-d-head");
    head.append(el("span", "cw-d-title", `${question.title || ""} \u2014 ${t(ui, "item", { n: question.number || 1 })}`), el("span", "cw-d-score", t(ui, "score", { asked: score.asked || 0, right: score.right || 0 })));
    const next = el("button", "cw-command cw-d-next", t(ui, "next"));
    next.type = "button";
    next.dataset.command = "next";
    next.addEventListener("click", () => send({ command: "next" }));
    const error = el("div", "cw-error");
    error.setAttribute("role", "alert");
    error.textContent = (model.get("error") || {}).text || "";
    const mastery = model.get("mastery") || {};
    const progress = el("div", "cw-d-progress", mastery.text || "");
    progress.dataset.answered = String(mastery.answered || 0);
    progress.dataset.mastered = String(!!mastery.mastered);
    root.dataset.review = String(!!mastery.review);
    const notice = el("div", "cw-d-notice", mastery.notice || "");
    root.replaceChildren(head, position(question, ui), el("div", "cw-d-question", question.text || ""), options(model, send), verdict(model, ui), next, progress, notice, el("div", "cw-d-keys", t(ui, "keys")), error);
  }
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
  for (const name of ["question", "options", "feedback", "tried", "score", "error", "ui", "topic", "mastery"]) model.on(`change:${name}`, draw);
  draw();
}
var drill_default = { render };
export {
  drill_default as default
};
