// Renders the whole table from a snapshot of the widget's traits. What lies where — each seat's
// position, name and badges, the cards on the table, the panel's facts — comes from Python as the
// `board` trait (cardwidgets/widgets/board.py, every word localized); this module only draws it,
// with the seat, trick and table-card drawing it shares with HandReplay (js/board.ts).
import { cardFace, cardText } from "./cards.js";
import { cardOnlyAction, cardSeatVerbs, isCardSeatAction, seatBox as drawSeat, tableCards as drawTableCards, trickArea as drawTrick } from "./board.js";
import { actionButtons } from "./controls.js";
import { seatName, t, withRule } from "./i18n.js";
import { el } from "./dom.js";
import { analysisSection, drawBoard, markBoard } from "./replay/index.js";
import { shareButton } from "./share.js";
import type {
  Action,
  Board,
  BoardSeat,
  Card,
  ErrorInfo,
  Feedback,
  Hint,
  OpenedReview,
  Play,
  ReviewRow,
  ReviewView,
  Scoreboard,
  Seat,
  Send,
  TableEvent,
  TableMessage,
  Trick,
  Ui,
  View,
} from "./types.js";

/** Everything one drawing of the table needs: the traits (defaults filled in), local state, callbacks, overrides. */
export interface Snapshot {
  game?: string;
  seat: Seat;
  view: View;
  board: Board;
  legal: Action[];
  labels: Record<Action, string>;
  events: TableEvent[];
  scoreboard: Scoreboard;
  error: ErrorInfo;
  ui: Ui;
  pace?: number;
  hint: Hint;
  feedback: Feedback;
  botLevels: string[];
  review: ReviewRow[];
  reviewed: boolean;
  reviewProgress: number[];
  reviewView: ReviewView;
  selected: Card | null;
  showLast: boolean;
  send: Send<TableMessage>;
  onCard: (card: Card) => void;
  toggleLast: () => void;
  setPace: (pace: number) => void;
  /** While a bot move is shown: its trick, status line and explanation. */
  trickOverride?: Play[];
  statusOverride?: string;
  whyOverride?: string;
}

/** Positions by seat: bottom, left, top, right. */
type Positions = Record<Seat, string | undefined>;

function currentTrick(view: View): Play[] {
  const tricks = view.tricks || [];
  const last = tricks[tricks.length - 1];
  return last && last.collector == null ? last.plays : []; // == null: a None may arrive as undefined (JupyterLite)
}

function lastCompletedTrick(view: View): Trick | null {
  const done = (view.tricks || []).filter((trick) => trick.collector != null);
  return done[done.length - 1] || null;
}

/** A seat as the board model describes it (js/board.ts); the learner's hand is drawn by handArea. */
function seatBox(snap: Snapshot, seat: Seat): HTMLElement {
  return drawSeat(snap.ui, { seat, ...boardSeat(snap, seat) }, { withHand: seat !== snap.seat });
}

/** The board model's entry for `seat` (built in Python: widgets/board.py). */
function boardSeat(snap: Snapshot, seat: Seat): Partial<BoardSeat> {
  return ((snap.board || {}).seats || [])[seat] || {};
}

/** The trick on the table (js/board.ts); a card a legal action names alone (`VERB CARD`) is marked and sends it. */
function trickArea(snap: Snapshot, plays: Play[], positions: Positions): HTMLDivElement {
  return drawTrick(snap.ui, plays, positions, {
    isLegal: (card) => cardOnlyAction(snap.legal, card) !== null,
    actionOf: (card) => cardOnlyAction(snap.legal, card) || `play ${card}`,
    send: snap.send,
  });
}

/** The trick just taken, faded, until the next card is led (as on a real table). */
function previousTrick(snap: Snapshot, trick: Trick, positions: Positions): HTMLDivElement {
  const box = drawTrick(snap.ui, trick.plays, positions, { className: "cw-previous-trick", label: "" });
  for (const face of box.querySelectorAll<HTMLElement>(".cw-card")) face.tabIndex = -1;
  box.appendChild(el("div", "cw-last-collector", `→ ${seatName(snap.ui, trick.collector, snap.seat)}`));
  return box;
}

/** The cards lying on the table outside the hands (js/board.ts); a card a legal action names alone sends it. */
function tableCards(snap: Snapshot): HTMLDivElement {
  const actionOf = (card: Card): Action | null => cardOnlyAction(snap.legal, card);
  return drawTableCards(snap.ui, (snap.board || {}).groups, { actionOf, send: snap.send });
}

function handArea(snap: Snapshot, interactive: boolean): HTMLDivElement {
  const { view, ui } = snap;
  const hand = el("div", "cw-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", t(ui, "hand"));
  const trumps = new Set(view.trumps || []);
  const cardSeat = cardSeatVerbs(snap.board);
  for (const card of view.my_hand || []) {
    const legal = interactive && snap.legal.some((action) => action.startsWith(`play ${card}`) || isCardSeatAction(action, cardSeat, card));
    const face = cardFace(card, { ui, legal, trump: trumps.has(card) });
    if (snap.selected === card) face.classList.add("cw-selected");
    if (interactive && snap.hint && (snap.hint.action || "").split(" ")[1] === card) face.classList.add("cw-hinted");
    face.addEventListener("click", () => snap.onCard(card));
    hand.appendChild(face);
  }
  return hand;
}

function sideName(snap: Snapshot, side: number): string {
  const sides = snap.scoreboard.sides || [];
  const seats = sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => seat);
  const names = seats.map((seat) => seatName(snap.ui, seat, snap.seat)).join(" + ");
  return seats.length > 1 ? `${t(snap.ui, "team", { n: side })} (${names})` : names;
}

/** The side panel: the deal's facts, the score, the commands, the bots, the pace, the last trick. */
function infoPanel(snap: Snapshot): HTMLElement {
  const info = el("aside", "cw-info");
  info.append(factRows(snap), scoreBox(snap), commandButtons(snap), botLevels(snap), paceSlider(snap));
  if (snap.showLast) info.appendChild(lastTrickBox(snap));
  return info;
}

/**
 * The board model's facts as label: value rows: those the game declares (trump, the high bid while
 * bidding, the contract) and its own lines, already worded (`facts`: a row each, its label when it has one).
 */
function factRows(snap: Snapshot): HTMLDivElement {
  const { ui } = snap;
  const board = snap.board || {};
  const facts = el("div", "cw-facts");
  const line = (cls: string, label: string, value: string): void => {
    const row = el("div", cls);
    if (label) row.appendChild(el("span", "cw-label", `${label}: `));
    row.appendChild(el("span", "cw-value", value));
    facts.appendChild(row);
  };
  if (board.trump != null) line("cw-trump", t(ui, "trump"), board.trump);
  if (board.high_bid) line("cw-high-bid", t(ui, "high_bid"), board.high_bid);
  for (const fact of board.facts || []) {
    line("cw-fact", fact.label, fact.text);
    (facts.lastChild as HTMLElement).dataset.key = fact.key;
  }
  if (board.contract) line("cw-contract", t(ui, "contract"), board.contract);
  return facts;
}

/** The match score by side, with the game's own notes on each side (worded by the kernel), and this deal's points. */
function scoreBox(snap: Snapshot): HTMLDivElement {
  const { ui, scoreboard } = snap;
  const scores = el("div", "cw-scores");
  scores.appendChild(el("div", "cw-label", t(ui, "score")));
  (scoreboard.scores || []).forEach((score, side) => {
    const row = el("div", "cw-score");
    row.dataset.side = String(side);
    row.textContent = `${sideName(snap, side)}: ${(scoreboard.score_texts || [])[side] ?? score}`;
    for (const note of (scoreboard.side_notes || [])[side] || []) row.textContent += ` · ${note}`;
    if (scoreboard.deal_score_texts) row.textContent += ` (${scoreboard.deal_score_texts[side]})`;
    scores.appendChild(row);
  });
  return scores;
}

/** A command button (data-command) that calls `onClick`. */
function commandButton(ui: Ui, command: string, onClick: () => void, className = "cw-command"): HTMLButtonElement {
  const button = el("button", className, t(ui, command));
  button.type = "button";
  button.dataset.command = command;
  button.addEventListener("click", onClick);
  return button;
}

/** Last trick, and as the deal allows: Next deal, Review, Hint. */
function commandButtons(snap: Snapshot): HTMLDivElement {
  const { view, ui, scoreboard } = snap;
  const buttons = el("div", "cw-commands");
  const last = commandButton(ui, "last_trick", () => snap.toggleLast());
  last.setAttribute("aria-pressed", snap.showLast ? "true" : "false");
  buttons.appendChild(last);
  if (view.phase === "done" && !scoreboard.over) {
    buttons.appendChild(commandButton(ui, "next_deal", () => snap.send({ command: "next_deal" }), "cw-command cw-next"));
  }
  if (view.phase === "done") {
    // Review: the judge's verdicts on the learner's decisions (docs/analysis.md); disabled while it is worked out.
    const review = commandButton(ui, "review", () => snap.send({ command: "review" }), "cw-command cw-review-button");
    review.disabled = snap.reviewProgress.length === 2;
    buttons.appendChild(review);
  }
  // A puzzle (widgets/puzzle.py) gives no hint; once it is over, Next puzzle serves another.
  if (snap.legal.length && !snap.trickOverride && !ui.puzzle) {
    buttons.appendChild(commandButton(ui, "hint", () => snap.send({ command: "hint" })));
  }
  if (ui.puzzle && ui.puzzle_over && !snap.trickOverride) {
    buttons.appendChild(commandButton(ui, "next_puzzle", () => snap.send({ command: "next_puzzle" }), "cw-command cw-next-puzzle"));
  }
  return buttons;
}

/** The bots' pace, seconds per move (the one trait the browser writes). */
function paceSlider(snap: Snapshot): HTMLLabelElement {
  const pace = el("label", "cw-pace-label", `${t(snap.ui, "pace")} `);
  const slider = el("input", "cw-pace");
  Object.assign(slider, { type: "range", min: "0", max: "2", step: "0.1", value: String(snap.pace) });
  slider.addEventListener("change", () => snap.setPace(Number(slider.value)));
  pace.appendChild(slider);
  return pace;
}

/** The last trick taken and who took it (the Last trick button). */
function lastTrickBox(snap: Snapshot): HTMLDivElement {
  const { ui } = snap;
  const trick = lastCompletedTrick(snap.view);
  const box = el("div", "cw-last-trick");
  if (trick) {
    for (const [seat, card] of trick.plays) box.appendChild(cardFace(card, { ui, seat }));
    box.appendChild(el("div", "cw-last-collector", `→ ${seatName(ui, trick.collector, snap.seat)}`));
  }
  return box;
}

/** A level chooser for every bot seat: random, rules of thumb, search. */
function botLevels(snap: Snapshot): HTMLDivElement {
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

function statusText(snap: Snapshot): string {
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
export function renderTable(root: HTMLElement, snap: Snapshot): void {
  const { view, game } = snap;
  const players = (view.hand_sizes || []).length;
  const animating = Boolean(snap.trickOverride);
  root.dataset.game = game ?? "";
  root.dataset.phase = view.phase || "";
  root.dataset.toAct = view.to_act === null || view.to_act === undefined ? "" : String(view.to_act);
  root.dataset.animating = animating ? "true" : "false";
  root.dataset.moves = String((view.history || []).length);
  const positions: Positions = {};
  for (let seat = 0; seat < players; seat += 1) positions[seat] = boardSeat(snap, seat).position;

  const grid = el("div", "cw-grid");
  for (let seat = 0; seat < players; seat += 1) {
    if (seat !== snap.seat) grid.appendChild(seatBox(snap, seat));
  }
  const center = el("div", "cw-center");
  const plays = snap.trickOverride || currentTrick(view);
  center.appendChild(trickArea(snap, plays, positions));
  const previous = lastCompletedTrick(view);
  if (!snap.trickOverride && !plays.length && previous) center.appendChild(previousTrick(snap, previous, positions));
  center.appendChild(tableCards(snap));
  grid.appendChild(center);
  const mine = seatBox(snap, snap.seat);
  mine.appendChild(handArea(snap, !animating));
  grid.appendChild(mine);

  const main = el("div", "cw-main");
  main.appendChild(grid);
  const legal = animating ? [] : snap.legal;
  // A card, then a seat (an action `VERB CARD SEAT` of the game's): click a card first, then the seat's button.
  const cardSeat = cardSeatVerbs(snap.board);
  const chosen = (action: Action): boolean => Boolean(snap.selected) && isCardSeatAction(action, cardSeat, snap.selected);
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
    main.appendChild(el("div", "cw-hint-text", `💡 ${snap.hint.label}: ${snap.hint.reason}`));
  }
  if (snap.reviewProgress.length === 2) main.appendChild(reviewProgressBox(snap));
  if (snap.reviewed && view.phase === "done") main.appendChild(reviewBox(snap));
  const error = el("div", "cw-error");
  error.setAttribute("role", "alert");
  if (snap.error && snap.error.text) error.textContent = withRule(snap.error.text, snap.error.rule);
  main.appendChild(error);

  root.replaceChildren(main, infoPanel(snap));
}

/** While the Review is worked out: a progress bar and a Cancel (the table stays usable). */
function reviewProgressBox(snap: Snapshot): HTMLElement {
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

/** A Review row's group: costly on what the learner could see, a cost only face up, or not valued. */
function reviewGroup(row: ReviewRow): string {
  return row.group || (row.valued ? "costly" : "unvalued");
}

/**
 * The Review: each costly decision a button (click or Enter opens it right here); the decisions that cost
 * only with all cards face up apart, under their own title; the unvalued ones apart too.
 */
function reviewBox(snap: Snapshot): HTMLElement {
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

/** One Review entry: a button with its number (from 1), the judge's sentence and its costs. */
function reviewEntry(snap: Snapshot, row: ReviewRow): HTMLLIElement {
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
  if (row.verdict) button.appendChild(el("strong", "cw-review-verdict", `${t(ui, `verdict_${row.verdict}`)} `)); // the coach's word
  button.appendChild(el("span", "cw-review-text", row.text));
  if (row.valued) {
    const costs = el("span", "cw-review-costs");
    const faceUp = row.in_play !== false; // a bid, an exchange …: no face-up figure
    if (faceUp) {
      const dd = row.dd_cost == null ? t(ui, "review_dd_none") : t(ui, "review_dd", { n: row.dd });
      costs.appendChild(el("span", "cw-review-dd", ` ${dd}`));
    }
    costs.appendChild(el("span", "cw-review-mc", `${faceUp ? " · " : " "}${t(ui, "review_mc", { n: row.mc })}`));
    button.appendChild(costs);
  }
  button.addEventListener("click", () => snap.send({ review: row.index }));
  item.appendChild(button);
  if (row.link) item.appendChild(shareButton(ui, () => row.link || "", () => item)); // this deal at this decision
  return item;
}

/** Whether a Review entry is open (`review_view` is `{}` when none is). */
function isOpened(view: ReviewView | undefined): view is OpenedReview {
  return Boolean(view && view.board);
}

/** The opened entry: the deal at that decision with the analysis, stepping back and forth, and Close. */
function reviewReplay(snap: Snapshot, opened: OpenedReview): HTMLElement {
  const { ui } = snap;
  const box = el("section", "cw-review-replay");
  box.dataset.entry = String(opened.entry);
  box.dataset.step = String(opened.step);
  box.setAttribute("aria-label", opened.heading);
  box.appendChild(el("div", "cw-review-replay-heading", opened.heading));
  const tools = el("div", "cw-review-replay-tools");
  const step = (command: string, value: -1 | 0 | 1): HTMLButtonElement => commandButton(ui, command, () => snap.send({ review_step: value }), `cw-command cw-review-${command}`);
  const back = step("review_back", -1);
  back.disabled = opened.step <= 0;
  const forward = step("review_forward", 1);
  forward.disabled = opened.step >= opened.steps;
  tools.append(back, forward, step("review_close", 0));
  box.appendChild(tools);
  const board = drawBoard(opened.board, ui, () => {});
  markBoard(board, opened.analysis_view || {});
  box.append(board, analysisSection(ui, opened.analysis_view || {}, []));
  return box;
}

// The coaching table's verdict on the learner's last move (best / good / mistake), with its reason.
function feedbackBox(feedback: Feedback, ui: Ui): HTMLDivElement {
  const box = el("div", "cw-feedback");
  box.dataset.verdict = feedback.verdict;
  box.setAttribute("role", "status");
  box.appendChild(el("strong", "cw-verdict", t(ui, `verdict_${feedback.verdict}`)));
  box.appendChild(el("span", "cw-feedback-text", ` ${withRule(feedback.text, feedback.rule === "BOT" ? "" : feedback.rule)}`));
  return box;
}

function lastWhy(snap: Snapshot): string {
  const events = snap.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const done = events[i].done;
    if (done) return withRule(done.why, done.rule);
  }
  return "";
}

export { cardText };
