// js/dom.ts
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== void 0) node.textContent = text;
  return node;
}

// js/cards.ts
var SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
function splitCard(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}
function rankLetter(ui, rank) {
  return ui && ui.rank_letters && ui.rank_letters[rank] || rank;
}
function cardFace(card, { ui = null, name, legal = false, trump = false, seat = null } = {}) {
  const { rank, suit } = splitCard(card);
  const face2 = el("button", `cw-card cw-suit-${suit}`);
  face2.type = "button";
  if (legal) face2.classList.add("cw-legal");
  if (trump) face2.classList.add("cw-trump-card");
  face2.dataset.card = card;
  if (seat !== null && seat !== void 0) face2.dataset.seat = String(seat);
  face2.setAttribute("aria-label", name || ui && ui.card_names && ui.card_names[card] || card);
  face2.append(el("span", "cw-rank", rankLetter(ui, rank)), el("span", "cw-suit", SUIT_SYMBOLS[suit] || suit));
  return face2;
}
function cardBack() {
  const back = el("div", "cw-back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

// js/i18n.ts
function t(ui, key, params = {}) {
  const text = ui && ui[key];
  const template = typeof text === "string" && text ? text : key;
  return template.replace(/\{(\w+)\}/g, (_, name) => name in params ? String(params[name]) : `{${name}}`);
}

// js/board.ts
function face(card, ui, { seat = null, trump = false, actionOf = () => null, isLegal, send, tag = false } = {}) {
  const action = actionOf(card);
  const legal = isLegal ? isLegal(card) : Boolean(action);
  const node = cardFace(card, { ui, seat, trump, legal });
  if (action && send) node.addEventListener("click", () => send({ action }));
  if (action && tag) node.dataset.action = action;
  return node;
}
function cardOnlyAction(legal, card) {
  for (const action of legal) {
    const words = action.split(" ");
    if (words.length === 2 && words[1] === card) return action;
  }
  return null;
}
function seatBox(ui, info, { withHand = true, ...options } = {}) {
  const box = el("section", `cw-seat cw-pos-${info.position}`);
  box.dataset.seat = String(info.seat);
  box.setAttribute("aria-label", info.name || "");
  if (info.to_act) box.classList.add("cw-to-act");
  const name = el("div", "cw-seat-name", info.name);
  if (info.dealer) {
    const mark = el("span", "cw-dealer", " \u25C6");
    mark.setAttribute("aria-label", t(ui, "dealer"));
    name.appendChild(mark);
  }
  box.appendChild(name);
  box.appendChild(el("div", "cw-taken", `${t(ui, "tricks")}: ${info.taken}`));
  const badges = info.badges || [];
  if (badges.length) box.appendChild(el("div", "cw-badges", badges.join(" \xB7 ")));
  if (withHand) box.appendChild(Array.isArray(info.hand) ? openHand(ui, info.hand, info.trumps, options) : heldHand(info));
  return box;
}
function openHand(ui, hand, trumpCards, options) {
  const open = el("div", "cw-open-hand");
  const trumps = new Set(trumpCards || []);
  for (const card of hand) open.appendChild(face(card, ui, { ...options, trump: trumps.has(card) }));
  return open;
}
function heldHand({ count = 0, count_text: countText = "" }) {
  const box = document.createDocumentFragment();
  const backs = el("div", "cw-backs");
  for (let i = 0; i < Math.min(count, 10); i += 1) backs.appendChild(cardBack());
  box.append(backs, el("div", "cw-count", countText));
  return box;
}
function tableCards(ui, groups, options = {}) {
  const box = el("div", "cw-table-cards");
  for (const { key, label, cards } of groups || []) {
    const group = el("div", `cw-group cw-group-${key}`);
    group.appendChild(el("div", "cw-group-name", label));
    for (const card of cards) group.appendChild(card ? face(card, ui, options) : cardBack());
    box.appendChild(group);
  }
  return box;
}
function trickArea(ui, plays, positions, { label = t(ui, "tricks"), captions = null, className = "cw-trick", ...options } = {}) {
  const area = el("div", className);
  if (label) area.setAttribute("aria-label", label);
  plays.forEach(([seat, card], index) => {
    const node = face(card, ui, { ...options, seat });
    node.classList.add(`cw-from-${seat == null ? "table" : positions[seat]}`);
    if (!captions) {
      area.appendChild(node);
      return;
    }
    const play = el("figure", "cw-play");
    play.append(node, el("figcaption", "", captions[index] || ""));
    area.appendChild(play);
  });
  return area;
}
function positionsOf(board) {
  const positions = {};
  for (const info of (board || {}).seats || []) positions[info.seat] = info.position;
  return positions;
}

// js/controls.ts
function actionButtons(legal, labels, send) {
  const bar = el("div", "cw-actions");
  for (const action of legal) {
    if (/^play \S+$/.test(action)) continue;
    const button = el("button", "cw-action", labels[action] || action);
    button.type = "button";
    button.dataset.action = action;
    button.addEventListener("click", () => send({ action }));
    bar.appendChild(button);
  }
  return bar;
}

// js/share.ts
function liteRoot() {
  const config = document.getElementById("jupyter-config-data");
  return config ? config.getAttribute("data-jupyter-lite-root") : null;
}
function absoluteLink(link, href, root) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || root === null) return link;
  try {
    const site = new URL(root.endsWith("/") ? root : `${root}/`, href);
    return /^https?:$/.test(site.protocol) ? new URL(link, site).href : link;
  } catch {
    return link;
  }
}
function shareButton(ui, link, place) {
  const button = el("button", "cw-command cw-share", t(ui, "share"));
  button.type = "button";
  button.dataset.command = "share";
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    const full = absoluteLink(link(), window.location.href, liteRoot());
    const where = place(button);
    const old = where.querySelector(":scope > .cw-share-box");
    if (old) old.remove();
    const box = el("div", "cw-share-box");
    const field = el("input", "cw-share-link");
    field.readOnly = true;
    field.value = full;
    field.setAttribute("aria-label", t(ui, "share_label"));
    field.addEventListener("click", (inner) => inner.stopPropagation());
    const said = el("div", "cw-share-note", t(ui, "share_shown"));
    said.setAttribute("role", "status");
    box.append(field, said);
    where.appendChild(box);
    field.select();
    const clipboard = navigator.clipboard;
    if (clipboard && window.isSecureContext) {
      clipboard.writeText(full).then(() => said.textContent = t(ui, "share_copied"), () => void 0);
    }
  });
  return button;
}

// js/replay/index.ts
var TOOLBAR = ["start", "back_trick", "back", "forward", "forward_trick", "end"];
function commandButton(ui, command, send) {
  const button = el("button", "cw-command", t(ui, command));
  button.type = "button";
  button.dataset.command = command;
  button.addEventListener("click", () => send({ command }));
  return button;
}
function toolbar(model, send) {
  const ui = model.get("ui") || {};
  const bar = el("div", "cw-replay-toolbar");
  bar.setAttribute("role", "toolbar");
  for (const command of TOOLBAR) bar.appendChild(commandButton(ui, command, send));
  const jump = el("select", "cw-replay-jump");
  jump.dataset.command = "trick";
  jump.setAttribute("aria-label", t(ui, "jump"));
  jump.appendChild(el("option", "", t(ui, "jump")));
  (model.get("trick_ends") || []).forEach((_step, index) => {
    const option = el("option", "", t(ui, "trick_n", { n: index + 1 }));
    option.value = String(index + 1);
    jump.appendChild(option);
  });
  jump.addEventListener("change", () => jump.value && send({ command: "trick", trick: Number(jump.value) }));
  bar.appendChild(jump);
  bar.appendChild(commandButton(ui, "finish", send));
  if (model.get("branched_at") != null) bar.appendChild(commandButton(ui, "original", send));
  if (model.get("seat") != null && !model.get("revealed")) {
    bar.appendChild(commandButton(ui, "reveal", send));
    return bar;
  }
  const on = Boolean(model.get("analysis"));
  const analysis = el("button", "cw-command cw-analysis-switch", t(ui, "analysis"));
  analysis.type = "button";
  analysis.dataset.command = "analysis";
  analysis.setAttribute("aria-pressed", String(on));
  analysis.addEventListener("click", () => send({ command: "analysis", on: !on }));
  bar.appendChild(analysis);
  const download = el("button", "cw-command", t(ui, "download"));
  download.type = "button";
  download.dataset.command = "download";
  download.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(model.get("record"), null, 2)], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${model.get("game")}-record.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  bar.appendChild(download);
  if (model.get("share_link")) {
    const place = (button) => button.closest(".cw-replay-main") || bar;
    bar.appendChild(shareButton(ui, () => model.get("share_link"), place));
  }
  return bar;
}
function actionList(model, send) {
  const ui = model.get("ui") || {};
  const step = model.get("step");
  const branch = model.get("branched_at");
  const list = el("ol", "cw-replay-line");
  list.setAttribute("aria-label", t(ui, "actions"));
  for (const entry of model.get("line") || []) {
    const item = el("li", "cw-replay-step");
    item.dataset.step = String(entry.step);
    if (entry.step === step) item.classList.add("cw-current");
    if (branch != null && entry.step > branch) item.classList.add("cw-branch");
    const seat = entry.seat == null ? "" : `${t(ui, "seat", { n: entry.seat })}: `;
    item.appendChild(el("span", "cw-replay-action", `${seat}${entry.text || entry.action}`));
    if (entry.note) item.appendChild(el("div", "cw-note", entry.note));
    item.addEventListener("click", () => send({ command: "go", step: entry.step }));
    list.appendChild(item);
  }
  return list;
}
function drawBoard(board, ui, send) {
  const legal = new Set(board.legal || []);
  const options = (verb) => ({ actionOf: (card) => legal.has(`${verb} ${card}`) ? `${verb} ${card}` : null, send, tag: true });
  const root = el("div", "cw-board");
  root.dataset.game = board.game || "";
  root.dataset.phase = board.phase || "";
  root.dataset.toAct = board.to_act == null ? "" : String(board.to_act);
  if (board.heading) root.appendChild(el("div", "cw-heading", board.heading));
  const grid = el("div", "cw-grid");
  for (const info2 of board.seats || []) grid.appendChild(seatBox(ui, info2, options("play")));
  const center = el("div", "cw-center");
  const plays = board.trick || [];
  center.appendChild(trickArea(ui, plays, positionsOf(board), { label: board.trick_label, captions: board.captions }));
  center.appendChild(el("div", "cw-why", board.why || ""));
  center.appendChild(tableCards(ui, board.groups, { actionOf: (card) => cardOnlyAction(legal, card), send, tag: true }));
  grid.appendChild(center);
  const labels = Object.fromEntries((board.actions || []).map(({ action, label }) => [action, label]));
  const buttons = (board.actions || []).map(({ action }) => action);
  const info = el("aside", "cw-info");
  info.appendChild(el("div", "cw-last", board.last || ""));
  if (board.note) {
    const note = el("div", "cw-note", board.note);
    note.setAttribute("role", "note");
    info.appendChild(note);
  }
  for (const [label, value] of board.info || []) {
    const row = el("div", "cw-row");
    row.append(el("span", "cw-label", `${label}:`), document.createTextNode(` ${value}`));
    info.appendChild(row);
  }
  root.append(grid, actionButtons(buttons, labels, send), info);
  return root;
}
function markBoard(board, view) {
  const byAction = new Map((view.actions || []).map((entry) => [entry.action, entry]));
  for (const node of board.querySelectorAll("[data-action]")) {
    const entry = byAction.get(node.dataset.action || "");
    if (!entry) continue;
    const unknown = entry.value == null;
    const kind = unknown ? "cw-dd-unknown" : entry.best ? "cw-dd-best" : "cw-dd-loss";
    node.classList.add("cw-dd", kind);
    node.dataset.ddValue = unknown ? "" : String(entry.value);
    const mark = el("span", `cw-dd-mark ${kind}`, unknown ? "?" : entry.badge || "?");
    mark.setAttribute("aria-hidden", "true");
    node.appendChild(mark);
    node.title = `${entry.label}: ${unknown ? "?" : entry.badge || "?"}`;
  }
}
function analysisPanel(model) {
  return analysisSection(model.get("ui") || {}, model.get("analysis_view") || {}, model.get("analysis_progress") || []);
}
function analysisSection(ui, view, progress) {
  const panel = el("section", "cw-analysis");
  panel.setAttribute("aria-label", t(ui, "dd_title"));
  panel.dataset.status = view.status || "";
  panel.appendChild(el("div", "cw-analysis-title", t(ui, "dd_title")));
  if (view.verdict && view.verdict.verdict) {
    const verdict = el("div", "cw-analysis-verdict", view.verdict.text);
    verdict.dataset.verdict = view.verdict.verdict;
    panel.appendChild(verdict);
  }
  if (progress.length === 2) {
    const bar = el("progress", "cw-analysis-progress");
    bar.max = progress[1];
    bar.value = progress[0];
    bar.setAttribute("aria-label", t(ui, "dd_progress", { done: progress[0], total: progress[1] }));
    panel.appendChild(bar);
  }
  if (view.side) panel.appendChild(el("div", "cw-analysis-side", view.side));
  const values = view.actions || [];
  if (values.length) {
    const list = el("ul", "cw-analysis-values");
    list.setAttribute("aria-label", t(ui, "dd_values"));
    for (const entry of values) {
      const unknown = entry.value == null;
      const item = el("li", unknown ? "cw-dd-unknown" : entry.best ? "cw-dd-best" : "cw-dd-loss");
      item.dataset.action = entry.action;
      item.textContent = `${entry.label}: ${unknown ? "?" : entry.badge || "?"}`;
      list.appendChild(item);
    }
    panel.appendChild(list);
  }
  if (view.summary) panel.appendChild(el("div", `cw-analysis-kind cw-dd-${view.kind}`, view.summary));
  const best = view.line || [];
  if (best.length) {
    const line = el("div", "cw-analysis-line");
    line.appendChild(el("span", "cw-label", `${t(ui, "dd_line")}: `));
    line.appendChild(el("span", "", best.map((step) => step.label).join(", ")));
    panel.appendChild(line);
  }
  if (view.message) {
    const message = el("div", "cw-analysis-message", view.message);
    message.setAttribute("role", "status");
    panel.appendChild(message);
  }
  const legendTexts = view.legend || [];
  if (legendTexts.length) {
    const legend = el("ul", "cw-analysis-legend");
    for (const text of legendTexts) legend.appendChild(el("li", "", text));
    panel.appendChild(legend);
  }
  return panel;
}
function render({ model, el: host }) {
  const root = el("div", "cw-replay");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.classList.add("cw-host");
  host.appendChild(root);
  const send = (content) => model.send(content);
  function draw() {
    const ui = model.get("ui") || {};
    root.dataset.game = model.get("game");
    root.dataset.step = String(model.get("step"));
    root.dataset.seat = model.get("seat") == null ? "" : String(model.get("seat"));
    root.dataset.revealed = String(Boolean(model.get("revealed")));
    root.setAttribute("aria-label", t(ui, "replay"));
    const board = el("div", "cw-replay-board");
    board.appendChild(drawBoard(model.get("board") || {}, ui, send));
    const status = el("div", "cw-status", t(ui, "step", { step: model.get("step"), steps: model.get("steps") }));
    status.setAttribute("role", "status");
    if (model.get("branched_at") != null) status.textContent += ` \xB7 ${t(ui, "branch", { step: model.get("branched_at") })}`;
    const error = el("div", "cw-error", (model.get("error") || {}).text || "");
    error.setAttribute("role", "alert");
    const side = el("div", "cw-replay-side");
    if (model.get("analysis")) markBoard(board, model.get("analysis_view") || {});
    if (ui.deal_note) side.appendChild(el("div", "cw-note cw-deal-note", ui.deal_note));
    side.appendChild(actionList(model, send));
    const main = el("div", "cw-replay-main");
    main.append(toolbar(model, send), status, board, error);
    if (model.get("analysis")) main.appendChild(analysisPanel(model));
    root.replaceChildren(main, side);
    const current = side.querySelector(".cw-current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }
  for (const name of ["step", "steps", "board", "line", "trick_ends", "branched_at", "error", "ui", "seat", "revealed", "analysis", "analysis_view", "analysis_progress"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
}
var replay_default = { render };
export {
  analysisSection,
  replay_default as default,
  drawBoard,
  markBoard
};
