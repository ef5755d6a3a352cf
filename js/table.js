// Renders the whole table from a snapshot of the widget's traits.
import { cardBack, cardFace, cardText } from "./cards.js";
import { actionButtons } from "./controls.js";
import { cardName, seatName, t } from "./i18n.js";
import { seatPosition } from "./layout.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Face-up cards lying on the table outside tricks, by view key (per game).
const TABLE_CARD_KEYS = ["display", "row", "table_card", "talon", "troyans"];

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Cards as a list of strings, whether the view gives one card or a list (nulls are hidden cards). */
function asCardList(value) {
  if (!value) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flat ? value.flat(2) : value;
  return [];
}

function currentTrick(view) {
  const tricks = view.tricks || [];
  const last = tricks[tricks.length - 1];
  return last && last.collector === null ? last.plays : [];
}

function lastCompletedTrick(view) {
  const done = (view.tricks || []).filter((trick) => trick.collector !== null);
  return done[done.length - 1] || null;
}

function seatBox(snap, seat, position, players) {
  const { view, ui } = snap;
  const box = el("div", `cw-seat cw-pos-${position}`);
  box.dataset.seat = String(seat);
  if (view.to_act === seat) box.classList.add("cw-to-act");
  const name = el("div", "cw-seat-name", seatName(ui, seat, snap.seat));
  if (view.dealer === seat) name.appendChild(el("span", "cw-dealer", " ◆"));
  box.appendChild(name);
  const taken = (view.tricks || []).filter((trick) => trick.collector === seat).length;
  box.appendChild(el("div", "cw-taken", `${t(ui, "tricks")}: ${taken}`));
  if (seat === snap.seat) return box;
  const hand = view.hands && view.hands[seat];
  if (Array.isArray(hand)) {
    const open = el("div", "cw-open-hand");
    for (const card of hand) open.appendChild(cardFace(card, { name: cardName(ui, card) }));
    box.appendChild(open);
  } else {
    const count = (view.hand_sizes || [])[seat] || 0;
    const backs = el("div", "cw-backs");
    for (let i = 0; i < Math.min(count, 10); i += 1) backs.appendChild(cardBack());
    box.appendChild(backs);
    box.appendChild(el("div", "cw-count", t(ui, "cards", { n: count })));
  }
  return box;
}

function trickArea(snap, plays, positions) {
  const area = el("div", "cw-trick");
  area.setAttribute("aria-label", t(snap.ui, "tricks"));
  for (const [seat, card] of plays) {
    const face = cardFace(card, { name: cardName(snap.ui, card), seat });
    face.classList.add(`cw-from-${seat === null ? "table" : positions[seat]}`);
    const leave = `leave ${card}`;
    if (snap.legal.includes(leave)) face.classList.add("cw-legal");
    face.addEventListener("click", () => snap.send({ action: snap.legal.includes(leave) ? leave : `play ${card}` }));
    area.appendChild(face);
  }
  return area;
}

/** The trick just taken, faded, until the next card is led (as on a real table). */
function previousTrick(snap, trick, positions) {
  const box = el("div", "cw-previous-trick");
  for (const [seat, card] of trick.plays) {
    const face = cardFace(card, { name: cardName(snap.ui, card), seat });
    face.classList.add(`cw-from-${seat === null ? "table" : positions[seat]}`);
    face.tabIndex = -1;
    box.appendChild(face);
  }
  box.appendChild(el("div", "cw-last-collector", `→ ${seatName(snap.ui, trick.collector, snap.seat)}`));
  return box;
}

function tableCards(snap) {
  const box = el("div", "cw-table-cards");
  for (const key of TABLE_CARD_KEYS) {
    const cards = asCardList(snap.view[key]);
    if (!cards.length) continue;
    const group = el("div", `cw-group cw-group-${key}`);
    group.appendChild(el("div", "cw-group-name", t(snap.ui, key)));
    for (const card of cards) {
      if (!card) {
        group.appendChild(cardBack());
        continue;
      }
      const face = cardFace(card, { name: cardName(snap.ui, card) });
      const leave = `leave ${card}`;
      if (snap.legal.includes(leave)) {
        face.classList.add("cw-legal");
        face.addEventListener("click", () => snap.send({ action: leave }));
      }
      group.appendChild(face);
    }
    box.appendChild(group);
  }
  return box;
}

function handArea(snap, interactive) {
  const { view, ui } = snap;
  const hand = el("div", "cw-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", t(ui, "hand"));
  const trumps = new Set(view.trumps || []);
  for (const card of view.my_hand || []) {
    const legal = interactive && snap.legal.some((action) => action.startsWith(`play ${card}`) || action.startsWith(`give ${card} `));
    const face = cardFace(card, { name: cardName(ui, card), legal, trump: trumps.has(card) });
    if (snap.selected === card) face.classList.add("cw-selected");
    face.addEventListener("click", () => snap.onCard(card));
    hand.appendChild(face);
  }
  return hand;
}

function trumpText(snap) {
  const { view, ui } = snap;
  if (!view.trump) return t(ui, "no_trump");
  if (view.trump in SUIT_SYMBOLS) return SUIT_SYMBOLS[view.trump];
  return (ui.rank_names && ui.rank_names[view.trump]) || view.trump;
}

function sideName(snap, side) {
  const sides = snap.scoreboard.sides || [];
  const seats = sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => seat);
  const names = seats.map((seat) => seatName(snap.ui, seat, snap.seat)).join(" + ");
  return seats.length > 1 ? `${t(snap.ui, "team", { n: side })} (${names})` : names;
}

function infoPanel(snap) {
  const { view, ui, scoreboard } = snap;
  const info = el("aside", "cw-info");
  const line = (cls, label, value) => {
    const row = el("div", cls);
    row.appendChild(el("span", "cw-label", `${label}: `));
    row.appendChild(el("span", "cw-value", value));
    info.appendChild(row);
  };
  line("cw-trump", t(ui, "trump"), trumpText(snap));
  if (view.contract) {
    const who = seatName(ui, view.contract.seat, snap.seat);
    line("cw-contract", t(ui, "contract"), view.contract.bid !== undefined ? `${view.contract.bid} (${who})` : who);
  }
  const scores = el("div", "cw-scores");
  scores.appendChild(el("div", "cw-label", t(ui, "score")));
  (scoreboard.scores || []).forEach((score, side) => {
    const row = el("div", "cw-score");
    row.dataset.side = String(side);
    row.textContent = `${sideName(snap, side)}: ${score}`;
    if (scoreboard.deal_score) row.textContent += ` (${scoreboard.deal_score[side] >= 0 ? "+" : ""}${scoreboard.deal_score[side]})`;
    scores.appendChild(row);
  });
  info.appendChild(scores);
  const buttons = el("div", "cw-commands");
  const last = el("button", "cw-command", t(ui, "last_trick"));
  last.type = "button";
  last.dataset.command = "last_trick";
  last.setAttribute("aria-pressed", snap.showLast ? "true" : "false");
  last.addEventListener("click", () => snap.toggleLast());
  buttons.appendChild(last);
  if (view.phase === "done" && !scoreboard.over) {
    const next = el("button", "cw-command cw-next", t(ui, "next_deal"));
    next.type = "button";
    next.dataset.command = "next_deal";
    next.addEventListener("click", () => snap.send({ command: "next_deal" }));
    buttons.appendChild(next);
  }
  info.appendChild(buttons);
  const pace = el("label", "cw-pace-label", `${t(ui, "pace")} `);
  const slider = el("input", "cw-pace");
  Object.assign(slider, { type: "range", min: "0", max: "2", step: "0.1", value: String(snap.pace) });
  slider.addEventListener("change", () => snap.setPace(Number(slider.value)));
  pace.appendChild(slider);
  info.appendChild(pace);
  if (snap.showLast) {
    const trick = lastCompletedTrick(view);
    const box = el("div", "cw-last-trick");
    if (trick) {
      for (const [seat, card] of trick.plays) box.appendChild(cardFace(card, { name: cardName(ui, card), seat }));
      box.appendChild(el("div", "cw-last-collector", `→ ${seatName(ui, trick.collector, snap.seat)}`));
    }
    info.appendChild(box);
  }
  return info;
}

function statusText(snap) {
  const { view, ui, scoreboard } = snap;
  if (snap.statusOverride) return snap.statusOverride;
  if (scoreboard.over) {
    return scoreboard.winner === null || scoreboard.winner === undefined
      ? t(ui, "match_drawn")
      : t(ui, "match_won", { side: sideName(snap, scoreboard.winner) });
  }
  if (view.phase === "done") return scoreboard.why ? `${t(ui, "deal_over")}: ${scoreboard.why}` : t(ui, "deal_over");
  if (view.to_act === snap.seat) return t(ui, "your_turn");
  return t(ui, "waiting", { seat: seatName(ui, view.to_act, snap.seat) });
}

/** Replace the contents of `root` with the table for snapshot `snap`. */
export function renderTable(root, snap) {
  const { view, game } = snap;
  const players = (view.hand_sizes || []).length;
  const animating = Boolean(snap.trickOverride);
  root.dataset.game = game;
  root.dataset.phase = view.phase || "";
  root.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
  root.dataset.animating = animating ? "true" : "false";
  const positions = {};
  for (let seat = 0; seat < players; seat += 1) positions[seat] = seatPosition(game, players, snap.seat, seat);

  const grid = el("div", "cw-grid");
  for (let seat = 0; seat < players; seat += 1) {
    if (seat !== snap.seat) grid.appendChild(seatBox(snap, seat, positions[seat], players));
  }
  const center = el("div", "cw-center");
  const plays = snap.trickOverride || currentTrick(view);
  center.appendChild(trickArea(snap, plays, positions));
  const previous = lastCompletedTrick(view);
  if (!snap.trickOverride && !plays.length && previous) center.appendChild(previousTrick(snap, previous, positions));
  center.appendChild(tableCards(snap));
  grid.appendChild(center);
  const mine = seatBox(snap, snap.seat, "bottom", players);
  mine.appendChild(handArea(snap, !animating));
  grid.appendChild(mine);

  const main = el("div", "cw-main");
  main.appendChild(grid);
  const legal = animating ? [] : snap.legal;
  const actions = snap.selected
    ? legal.filter((action) => !action.startsWith("give ") || action.startsWith(`give ${snap.selected} `))
    : legal;
  main.appendChild(actionButtons(actions, snap.labels, snap.send));
  const status = el("div", "cw-status", statusText(snap));
  status.setAttribute("role", "status");
  main.appendChild(status);
  main.appendChild(el("div", "cw-why", snap.whyOverride || lastWhy(snap)));
  const error = el("div", "cw-error");
  error.setAttribute("role", "alert");
  if (snap.error && snap.error.text) error.textContent = `${snap.error.text} (${snap.error.rule})`;
  main.appendChild(error);

  root.replaceChildren(main, infoPanel(snap));
}

function lastWhy(snap) {
  const events = snap.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].done) return events[i].done.why;
  return "";
}

export { cardText };
