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
function seatName(ui, seat, mySeat) {
  return seat === mySeat ? t(ui, "you") : t(ui, "seat", { n: seat });
}
function withRule(text, rule) {
  if (!text) return "";
  return !rule || text.includes(rule) ? text : `${text} (${rule})`;
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
function cardSeatVerbs(board) {
  return ((board || {}).card_seat || []).map(({ verb }) => verb);
}
function isCardSeatAction(action, verbs, card) {
  const words = action.split(" ");
  return words.length === 3 && verbs.includes(words[0]) && (card == null || words[1] === card);
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
function enableKeyboard(root) {
  root.addEventListener("keydown", (event) => {
    const cards = [...root.querySelectorAll(".cw-hand .cw-card.cw-legal")];
    if (!cards.length) return;
    const index = cards.findIndex((card) => card === document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const step = event.key === "ArrowRight" ? 1 : -1;
      const next = index < 0 ? step > 0 ? 0 : cards.length - 1 : (index + step + cards.length) % cards.length;
      cards[next].focus();
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Enter" && index >= 0) {
      cards[index].click();
      event.preventDefault();
      event.stopPropagation();
    }
  });
}

// js/optimistic.ts
function cardPlay(legal, card) {
  const plain = `play ${card}`;
  if (legal.includes(plain)) return plain;
  return legal.find((action) => action.startsWith(`${plain} `)) || null;
}
function optimisticView(view, seat, card) {
  const tricks = [...view.tricks || []];
  const last = tricks[tricks.length - 1];
  if (last && last.collector == null) {
    tricks[tricks.length - 1] = { ...last, plays: [...last.plays, [seat, card]] };
  } else {
    tricks.push({ collector: null, plays: [[seat, card]] });
  }
  const handSizes = [...view.hand_sizes || []];
  if (handSizes[seat] > 0) handSizes[seat] -= 1;
  return {
    ...view,
    tricks,
    my_hand: (view.my_hand || []).filter((held) => held !== card),
    hand_sizes: handSizes,
    to_act: null
  };
}
function pendingOverrides(pending, { view, board, seat, labels, ownName }) {
  const seats = (board.seats || []).map((entry) => ({ ...entry, to_act: false }));
  return {
    view: optimisticView(view, seat, pending.card),
    board: { ...board, seats },
    legal: [],
    error: {},
    hint: {},
    statusOverride: `${ownName}: ${labels[pending.action] || pending.action}`
  };
}

// js/seat.ts
var PAGE_ALIVE_MS = 1e4;
var OTHER_TAB = "room.other_tab";
var CLAIM_ID = /^[A-Za-z0-9_-]{1,200}$/;
var API_PATH = /^(?:[A-Za-z0-9_.-]+\/)+$/;
function isSeatClaim(content) {
  if (!content || typeof content !== "object") return false;
  const message = content;
  return message.kind === "seat_claim" && typeof message.claim === "string" && CLAIM_ID.test(message.claim) && typeof message.api === "string" && API_PATH.test(message.api) && !message.api.split("/").includes("..") && (message.take_over === void 0 || typeof message.take_over === "boolean");
}
function serverBase(doc = document) {
  const script = doc.getElementById("jupyter-config-data");
  let base;
  try {
    base = script && JSON.parse(script.textContent || "{}").baseUrl;
  } catch {
    base = void 0;
  }
  if (typeof base !== "string" || !base.startsWith("/") || base.startsWith("//")) return "/";
  return base.endsWith("/") ? base : `${base}/`;
}
function xsrfToken(cookies) {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "_xsrf") return decodeURIComponent(value.join("="));
  }
  return "";
}
function refusalOf(body) {
  const error = body && typeof body === "object" ? body.error : null;
  if (!error || typeof error !== "object") return null;
  const { rule, key, params } = error;
  if (typeof key !== "string") return null;
  return {
    rule: typeof rule === "string" ? rule : "ROOM",
    key,
    params: params && typeof params === "object" && !Array.isArray(params) ? params : {}
  };
}
async function confirmClaim(claim, takeOver, env) {
  const where = `${serverBase(env.document)}${claim.api}`;
  const url = `${where}claims/${encodeURIComponent(claim.claim)}/confirm`;
  const unreachable = (reason) => ({
    kind: "seat_claim_refused",
    claim: claim.claim,
    error: { rule: "ROOM", key: "room.unreachable", params: { store: where, reason } }
  });
  let response;
  try {
    let token = xsrfToken(env.document.cookie);
    if (!token) {
      await env.fetch(where, { method: "GET", credentials: "same-origin" });
      token = xsrfToken(env.document.cookie);
    }
    response = await env.fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-XSRFToken": token },
      body: JSON.stringify({ take_over: takeOver })
    });
  } catch (error) {
    return unreachable(error instanceof Error ? error.message : String(error));
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) return { kind: "seat_claim_confirmed", claim: claim.claim };
  const refusal = refusalOf(body);
  return refusal ? { kind: "seat_claim_refused", claim: claim.claim, error: refusal } : unreachable(`HTTP ${response.status}`);
}
var taken = /* @__PURE__ */ new WeakMap();
var SeatHandshake = class {
  constructor(model, changed, env = { fetch: (...args) => fetch(...args), document }) {
    this.model = model;
    this.changed = changed;
    this.env = env;
    this.offer = null;
    this.listener = (content) => {
      if (isSeatClaim(content)) void this.answer(content, Boolean(content.take_over));
    };
  }
  /** Listen for claims and start the heartbeat (the first beat at once: a kernel waiting for its page learns it is there). */
  start() {
    this.model.on("msg:custom", this.listener);
    this.beat();
    this.timer = setInterval(() => this.beat(), PAGE_ALIVE_MS);
  }
  /** The view is gone: no more heartbeats from it, no more answers. */
  stop() {
    clearInterval(this.timer);
    this.timer = void 0;
    this.model.off?.("msg:custom", this.listener);
  }
  /** The "take over" button: confirm the refused claim again, asking for the seat from the other tab. */
  takeOver() {
    const claim = this.offer;
    if (!claim) return Promise.resolve();
    this.setOffer(null);
    return this.answer(claim, true, true);
  }
  beat() {
    const message = { kind: "page_alive" };
    this.model.send(message);
  }
  setOffer(offer) {
    if (offer === this.offer) return;
    this.offer = offer;
    this.changed();
  }
  /** Confirm `claim` (once per model, unless it is the take-over's second try) and tell the kernel. */
  async answer(claim, takeOver, again = false) {
    let claims = taken.get(this.model);
    if (!claims) taken.set(this.model, claims = /* @__PURE__ */ new Set());
    if (claims.has(claim.claim) && !again) return;
    claims.add(claim.claim);
    if (!again) this.setOffer(null);
    const reply = await confirmClaim(claim, takeOver, this.env);
    this.model.send(reply);
    if (reply.kind === "seat_claim_refused" && reply.error.key === OTHER_TAB) this.setOffer(claim);
  }
};

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

// js/table.ts
function currentTrick(view) {
  const tricks = view.tricks || [];
  const last = tricks[tricks.length - 1];
  return last && last.collector == null ? last.plays : [];
}
function lastCompletedTrick(view) {
  const done = (view.tricks || []).filter((trick) => trick.collector != null);
  return done[done.length - 1] || null;
}
function seatBox2(snap, seat) {
  return seatBox(snap.ui, { seat, ...boardSeat(snap, seat) }, { withHand: seat !== snap.seat });
}
function boardSeat(snap, seat) {
  return ((snap.board || {}).seats || [])[seat] || {};
}
function trickArea2(snap, plays, positions) {
  return trickArea(snap.ui, plays, positions, {
    isLegal: (card) => cardOnlyAction(snap.legal, card) !== null,
    actionOf: (card) => cardOnlyAction(snap.legal, card) || `play ${card}`,
    send: snap.send
  });
}
function previousTrick(snap, trick, positions) {
  const box = trickArea(snap.ui, trick.plays, positions, { className: "cw-previous-trick", label: "" });
  for (const face2 of box.querySelectorAll(".cw-card")) face2.tabIndex = -1;
  box.appendChild(el("div", "cw-last-collector", `\u2192 ${seatName(snap.ui, trick.collector, snap.seat)}`));
  return box;
}
function tableCards2(snap) {
  const actionOf = (card) => cardOnlyAction(snap.legal, card);
  return tableCards(snap.ui, (snap.board || {}).groups, { actionOf, send: snap.send });
}
function handArea(snap, interactive) {
  const { view, ui } = snap;
  const hand = el("div", "cw-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", t(ui, "hand"));
  const trumps = new Set(view.trumps || []);
  const cardSeat = cardSeatVerbs(snap.board);
  for (const card of view.my_hand || []) {
    const legal = interactive && snap.legal.some((action) => action.startsWith(`play ${card}`) || isCardSeatAction(action, cardSeat, card));
    const face2 = cardFace(card, { ui, legal, trump: trumps.has(card) });
    if (snap.selected === card) face2.classList.add("cw-selected");
    if (interactive && snap.hint && (snap.hint.action || "").split(" ")[1] === card) face2.classList.add("cw-hinted");
    face2.addEventListener("click", () => snap.onCard(card));
    hand.appendChild(face2);
  }
  return hand;
}
function sideName(snap, side) {
  const sides = snap.scoreboard.sides || [];
  const seats = sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => seat);
  const names = seats.map((seat) => seatName(snap.ui, seat, snap.seat)).join(" + ");
  return seats.length > 1 ? `${t(snap.ui, "team", { n: side })} (${names})` : names;
}
function infoPanel(snap) {
  const info = el("aside", "cw-info");
  info.append(factRows(snap), scoreBox(snap), commandButtons(snap), botLevels(snap), paceSlider(snap));
  if (snap.showLast) info.appendChild(lastTrickBox(snap));
  return info;
}
function factRows(snap) {
  const { ui } = snap;
  const board = snap.board || {};
  const facts = el("div", "cw-facts");
  const line = (cls, label, value) => {
    const row = el("div", cls);
    if (label) row.appendChild(el("span", "cw-label", `${label}: `));
    row.appendChild(el("span", "cw-value", value));
    facts.appendChild(row);
  };
  if (board.trump != null) line("cw-trump", t(ui, "trump"), board.trump);
  if (board.high_bid) line("cw-high-bid", t(ui, "high_bid"), board.high_bid);
  for (const fact of board.facts || []) {
    line("cw-fact", fact.label, fact.text);
    facts.lastChild.dataset.key = fact.key;
  }
  if (board.contract) line("cw-contract", t(ui, "contract"), board.contract);
  return facts;
}
function scoreBox(snap) {
  const { ui, scoreboard } = snap;
  const scores = el("div", "cw-scores");
  scores.appendChild(el("div", "cw-label", t(ui, "score")));
  (scoreboard.scores || []).forEach((score, side) => {
    const row = el("div", "cw-score");
    row.dataset.side = String(side);
    row.textContent = `${sideName(snap, side)}: ${(scoreboard.score_texts || [])[side] ?? score}`;
    for (const note of (scoreboard.side_notes || [])[side] || []) row.textContent += ` \xB7 ${note}`;
    if (scoreboard.deal_score_texts) row.textContent += ` (${scoreboard.deal_score_texts[side]})`;
    scores.appendChild(row);
  });
  return scores;
}
function commandButton(ui, command, onClick, className = "cw-command") {
  const button = el("button", className, t(ui, command));
  button.type = "button";
  button.dataset.command = command;
  button.addEventListener("click", onClick);
  return button;
}
function commandButtons(snap) {
  const { view, ui, scoreboard } = snap;
  const buttons = el("div", "cw-commands");
  const last = commandButton(ui, "last_trick", () => snap.toggleLast());
  last.setAttribute("aria-pressed", snap.showLast ? "true" : "false");
  buttons.appendChild(last);
  if (view.phase === "done" && !scoreboard.over) {
    buttons.appendChild(commandButton(ui, "next_deal", () => snap.send({ command: "next_deal" }), "cw-command cw-next"));
  }
  if (view.phase === "done") {
    const review = commandButton(ui, "review", () => snap.send({ command: "review" }), "cw-command cw-review-button");
    review.disabled = snap.reviewProgress.length === 2;
    buttons.appendChild(review);
  }
  if (snap.legal.length && !snap.trickOverride && !ui.puzzle) {
    buttons.appendChild(commandButton(ui, "hint", () => snap.send({ command: "hint" })));
  }
  if (ui.puzzle && ui.puzzle_over && !snap.trickOverride) {
    buttons.appendChild(commandButton(ui, "next_puzzle", () => snap.send({ command: "next_puzzle" }), "cw-command cw-next-puzzle"));
  }
  return buttons;
}
function paceSlider(snap) {
  const pace = el("label", "cw-pace-label", `${t(snap.ui, "pace")} `);
  const slider = el("input", "cw-pace");
  Object.assign(slider, { type: "range", min: "0", max: "2", step: "0.1", value: String(snap.pace) });
  slider.addEventListener("change", () => snap.setPace(Number(slider.value)));
  pace.appendChild(slider);
  return pace;
}
function lastTrickBox(snap) {
  const { ui } = snap;
  const trick = lastCompletedTrick(snap.view);
  const box = el("div", "cw-last-trick");
  if (trick) {
    for (const [seat, card] of trick.plays) box.appendChild(cardFace(card, { ui, seat }));
    box.appendChild(el("div", "cw-last-collector", `\u2192 ${seatName(ui, trick.collector, snap.seat)}`));
  }
  return box;
}
function botLevels(snap) {
  const { ui } = snap;
  const box = el("div", "cw-bots");
  box.appendChild(el("div", "cw-label", t(ui, "bots")));
  (snap.botLevels || []).forEach((level, seat) => {
    if (seat === snap.seat) return;
    const row = el("label", "cw-bot");
    row.appendChild(document.createTextNode(`${seatName(ui, seat, snap.seat)} `));
    const select = el("select", "cw-bot-level");
    select.dataset.seat = String(seat);
    const levels = level === "custom" ? ["custom", "random", "heuristic", "search"] : ["random", "heuristic", "search"];
    for (const name of levels) {
      const option = el("option", "", t(ui, `level_${name}`));
      option.value = name;
      option.selected = name === level;
      select.appendChild(option);
    }
    select.addEventListener("change", () => snap.send({ bot: [seat, select.value] }));
    row.appendChild(select);
    box.appendChild(row);
  });
  return box;
}
function statusText(snap) {
  const { view, ui, scoreboard } = snap;
  if (snap.statusOverride) return snap.statusOverride;
  if (scoreboard.over) {
    return scoreboard.winner === null || scoreboard.winner === void 0 ? t(ui, "match_drawn") : t(ui, "match_won", { side: sideName(snap, scoreboard.winner) });
  }
  if (view.phase === "done") return scoreboard.why ? `${t(ui, "deal_over")}: ${scoreboard.why}` : t(ui, "deal_over");
  if (view.to_act === snap.seat) return t(ui, "your_turn");
  return t(ui, "waiting", { seat: seatName(ui, view.to_act, snap.seat) });
}
function renderTable(root, snap) {
  const { view, game } = snap;
  const players = (view.hand_sizes || []).length;
  const animating = Boolean(snap.trickOverride);
  root.dataset.game = game ?? "";
  root.dataset.phase = view.phase || "";
  root.dataset.toAct = view.to_act === null || view.to_act === void 0 ? "" : String(view.to_act);
  root.dataset.animating = animating ? "true" : "false";
  root.dataset.moves = String((view.history || []).length);
  const positions = {};
  for (let seat = 0; seat < players; seat += 1) positions[seat] = boardSeat(snap, seat).position;
  const grid = el("div", "cw-grid");
  for (let seat = 0; seat < players; seat += 1) {
    if (seat !== snap.seat) grid.appendChild(seatBox2(snap, seat));
  }
  const center = el("div", "cw-center");
  const plays = snap.trickOverride || currentTrick(view);
  center.appendChild(trickArea2(snap, plays, positions));
  const previous = lastCompletedTrick(view);
  if (!snap.trickOverride && !plays.length && previous) center.appendChild(previousTrick(snap, previous, positions));
  center.appendChild(tableCards2(snap));
  grid.appendChild(center);
  const mine = seatBox2(snap, snap.seat);
  mine.appendChild(handArea(snap, !animating));
  grid.appendChild(mine);
  const main = el("div", "cw-main");
  main.appendChild(grid);
  const legal = animating ? [] : snap.legal;
  const cardSeat = cardSeatVerbs(snap.board);
  const chosen = (action) => Boolean(snap.selected) && isCardSeatAction(action, cardSeat, snap.selected);
  const actions = legal.filter((action) => !isCardSeatAction(action, cardSeat) || chosen(action));
  main.appendChild(actionButtons(actions, snap.labels, snap.send));
  const waiting = snap.selected ? [] : (snap.board?.card_seat || []).filter(({ verb }) => legal.some((action) => isCardSeatAction(action, [verb])));
  for (const { hint } of waiting) main.appendChild(el("div", "cw-hint", hint));
  const status = el("div", "cw-status", statusText(snap));
  status.setAttribute("role", "status");
  main.appendChild(status);
  main.appendChild(el("div", "cw-why", snap.whyOverride || lastWhy(snap)));
  for (const notice of animating ? [] : view.notices || []) main.appendChild(el("div", "cw-notice", withRule(notice.text, notice.rule)));
  if (snap.feedback && snap.feedback.verdict) main.appendChild(feedbackBox(snap.feedback, snap.ui));
  if (snap.hint && snap.hint.action && !animating) {
    main.appendChild(el("div", "cw-hint-text", `\u{1F4A1} ${snap.hint.label}: ${snap.hint.reason}`));
  }
  if (snap.reviewProgress.length === 2) main.appendChild(reviewProgressBox(snap));
  if (snap.reviewed && view.phase === "done") main.appendChild(reviewBox(snap));
  const error = el("div", "cw-error");
  error.setAttribute("role", "alert");
  if (snap.error && snap.error.text) error.textContent = withRule(snap.error.text, snap.error.rule);
  main.appendChild(error);
  root.replaceChildren(main, infoPanel(snap));
}
function reviewProgressBox(snap) {
  const { ui } = snap;
  const [done, total] = snap.reviewProgress;
  const box = el("section", "cw-review-progress");
  box.setAttribute("aria-label", t(ui, "review_working"));
  box.appendChild(el("span", "cw-label", `${t(ui, "review_working")} `));
  const bar = el("progress", "cw-review-bar");
  if (total > 0) {
    bar.max = total;
    bar.value = done;
  }
  bar.setAttribute("aria-label", t(ui, "review_working"));
  box.appendChild(bar);
  box.appendChild(commandButton(ui, "review_cancel", () => snap.send({ command: "review_cancel" }), "cw-command cw-review-cancel"));
  return box;
}
function reviewGroup(row) {
  return row.group || (row.valued ? "costly" : "unvalued");
}
function reviewBox(snap) {
  const { ui } = snap;
  const box = el("section", "cw-review");
  box.setAttribute("aria-label", t(ui, "review_title"));
  box.appendChild(el("div", "cw-review-title", t(ui, "review_title")));
  const costly = snap.review.filter((row) => reviewGroup(row) === "costly");
  const faceUp = snap.review.filter((row) => reviewGroup(row) === "face_up");
  const unvalued = snap.review.filter((row) => reviewGroup(row) === "unvalued");
  if (!costly.length) box.appendChild(el("div", "cw-review-none", t(ui, "review_none")));
  const list = el("ol", "cw-review-list");
  for (const row of costly) list.appendChild(reviewEntry(snap, row));
  if (costly.length) box.appendChild(list);
  if (faceUp.length) {
    box.appendChild(el("div", "cw-review-face-up-title", t(ui, "review_face_up")));
    const apart = el("ul", "cw-review-face-up");
    for (const row of faceUp) apart.appendChild(reviewEntry(snap, row));
    box.appendChild(apart);
  }
  if (unvalued.length) {
    box.appendChild(el("div", "cw-review-unvalued-title", t(ui, "review_unvalued")));
    const apart = el("ul", "cw-review-unvalued");
    for (const row of unvalued) apart.appendChild(reviewEntry(snap, row));
    box.appendChild(apart);
  }
  if (isOpened(snap.reviewView)) box.appendChild(reviewReplay(snap, snap.reviewView));
  return box;
}
function reviewEntry(snap, row) {
  const { ui } = snap;
  const item = el("li", "cw-review-row");
  item.dataset.number = String(row.number);
  item.dataset.step = String(row.step);
  item.dataset.verdict = row.verdict || "";
  item.dataset.group = reviewGroup(row);
  const button = el("button", "cw-review-entry");
  button.type = "button";
  button.dataset.entry = String(row.index);
  if (snap.reviewView && snap.reviewView.entry === row.index) button.setAttribute("aria-current", "true");
  button.setAttribute("aria-label", t(ui, "review_open", { i: row.index }));
  button.appendChild(el("span", "cw-review-index", `${row.index}. `));
  if (row.verdict) button.appendChild(el("strong", "cw-review-verdict", `${t(ui, `verdict_${row.verdict}`)} `));
  button.appendChild(el("span", "cw-review-text", row.text));
  if (row.valued) {
    const costs = el("span", "cw-review-costs");
    const faceUp = row.in_play !== false;
    if (faceUp) {
      const dd = row.dd_cost == null ? t(ui, "review_dd_none") : t(ui, "review_dd", { n: row.dd });
      costs.appendChild(el("span", "cw-review-dd", ` ${dd}`));
    }
    costs.appendChild(el("span", "cw-review-mc", `${faceUp ? " \xB7 " : " "}${t(ui, "review_mc", { n: row.mc })}`));
    button.appendChild(costs);
  }
  button.addEventListener("click", () => snap.send({ review: row.index }));
  item.appendChild(button);
  if (row.link) item.appendChild(shareButton(ui, () => row.link || "", () => item));
  return item;
}
function isOpened(view) {
  return Boolean(view && view.board);
}
function reviewReplay(snap, opened) {
  const { ui } = snap;
  const box = el("section", "cw-review-replay");
  box.dataset.entry = String(opened.entry);
  box.dataset.step = String(opened.step);
  box.setAttribute("aria-label", opened.heading);
  box.appendChild(el("div", "cw-review-replay-heading", opened.heading));
  const tools = el("div", "cw-review-replay-tools");
  const step = (command, value) => commandButton(ui, command, () => snap.send({ review_step: value }), `cw-command cw-review-${command}`);
  const back = step("review_back", -1);
  back.disabled = opened.step <= 0;
  const forward = step("review_forward", 1);
  forward.disabled = opened.step >= opened.steps;
  tools.append(back, forward, step("review_close", 0));
  box.appendChild(tools);
  const board = drawBoard(opened.board, ui, () => {
  });
  markBoard(board, opened.analysis_view || {});
  box.append(board, analysisSection(ui, opened.analysis_view || {}, []));
  return box;
}
function feedbackBox(feedback, ui) {
  const box = el("div", "cw-feedback");
  box.dataset.verdict = feedback.verdict;
  box.setAttribute("role", "status");
  box.appendChild(el("strong", "cw-verdict", t(ui, `verdict_${feedback.verdict}`)));
  box.appendChild(el("span", "cw-feedback-text", ` ${withRule(feedback.text, feedback.rule === "BOT" ? "" : feedback.rule)}`));
  return box;
}
function lastWhy(snap) {
  const events = snap.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const done = events[i].done;
    if (done) return withRule(done.why, done.rule);
  }
  return "";
}

// js/index.ts
var TRAITS = ["view", "board", "legal", "labels", "scoreboard", "error", "ui", "locale", "reveal", "seat", "pace", "hint", "bot_levels", "feedback", "review_rows", "reviewed", "review_progress", "review_view"];
function render({ model, el: el2 }) {
  const root = el("div", "cw-table");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  el2.classList.add("cw-host");
  el2.appendChild(root);
  enableKeyboard(root);
  const local = { selected: null, showLast: false, timer: void 0, frame: null, pending: null };
  const send = (content) => model.send(content);
  function pending() {
    const waiting = local.pending;
    const answered = model.get("view") !== waiting?.view || model.get("error") !== waiting?.error || model.get("feedback") !== waiting?.feedback;
    if (waiting && answered) local.pending = null;
    return local.pending;
  }
  function snapshot(overrides = {}) {
    const snap = {
      game: model.get("game"),
      seat: model.get("seat"),
      view: model.get("view") || {},
      board: model.get("board") || {},
      legal: model.get("legal") || [],
      labels: model.get("labels") || {},
      events: model.get("events") || [],
      scoreboard: model.get("scoreboard") || {},
      error: model.get("error") || {},
      ui: model.get("ui") || {},
      pace: model.get("pace"),
      hint: model.get("hint") || {},
      feedback: model.get("feedback") || {},
      botLevels: model.get("bot_levels") || [],
      review: model.get("review_rows") || [],
      reviewed: Boolean(model.get("reviewed")),
      reviewProgress: model.get("review_progress") || [],
      reviewView: model.get("review_view") || {},
      selected: local.selected,
      showLast: local.showLast,
      send,
      onCard,
      toggleLast: () => {
        local.showLast = !local.showLast;
        draw();
      },
      setPace: (pace) => {
        model.set("pace", pace);
        model.save_changes();
      }
    };
    const waiting = pending();
    const guess = waiting && pendingOverrides(waiting, { ...snap, ownName: seatName(snap.ui, snap.seat, snap.seat) });
    return { ...snap, ...guess, ...overrides };
  }
  function onCard(card) {
    const legal = model.get("legal") || [];
    const cardSeat = cardSeatVerbs(model.get("board"));
    if (legal.some((action2) => isCardSeatAction(action2, cardSeat, card))) {
      local.selected = local.selected === card ? null : card;
      draw();
      return;
    }
    if (pending()) return;
    const action = cardPlay(legal, card);
    send({ action: action || `play ${card}` });
    if (action && !local.frame) {
      local.pending = { action, card, view: model.get("view"), error: model.get("error"), feedback: model.get("feedback") };
      draw();
    }
  }
  function draw(overrides = local.frame || {}) {
    const hadFocus = root.contains(document.activeElement);
    renderTable(root, snapshot(overrides));
    if (handshake.offer) root.querySelector(".cw-error")?.after(takeOverButton());
    root.dataset.pending = pending() ? "true" : "false";
    if (hadFocus && !root.contains(document.activeElement)) root.focus();
  }
  function animate() {
    clearTimeout(local.timer);
    local.frame = null;
    local.selected = null;
    const events = model.get("events") || [];
    const pace = Number(model.get("pace")) || 0;
    const mySeat = model.get("seat");
    const steps = events.filter((event) => event.seat !== mySeat || event.done);
    if (!steps.length || pace <= 0) {
      draw();
      return;
    }
    let index = 0;
    const step = () => {
      if (index >= steps.length) {
        local.frame = null;
        draw();
        return;
      }
      const event = steps[index];
      index += 1;
      const ui = model.get("ui") || {};
      local.frame = {
        trickOverride: event.trick,
        statusOverride: event.status || `${seatName(ui, event.seat, mySeat)}: ${event.text || ""}`,
        whyOverride: event.done ? withRule(event.done.why, event.done.rule) : ""
      };
      draw();
      local.timer = setTimeout(step, pace * 1e3 * (event.done ? 2 : 1));
    };
    step();
  }
  function takeOverButton() {
    const button = el("button", "cw-command cw-take-over", t(model.get("ui") || {}, "take_over"));
    button.type = "button";
    button.addEventListener("click", () => void handshake.takeOver());
    return button;
  }
  const handshake = new SeatHandshake(model, () => draw());
  model.on("change:events", animate);
  for (const name of TRAITS) model.on(`change:${name}`, () => draw());
  animate();
  handshake.start();
  return () => {
    clearTimeout(local.timer);
    handshake.stop();
  };
}
var index_default = { render };
export {
  index_default as default
};
