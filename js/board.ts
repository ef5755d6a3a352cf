// The board model's drawing, shared by the card table (js/table.ts) and HandReplay (js/replay):
// a seat (name, dealer ◆, tricks taken, badges, its hand face up or down), the cards lying on the
// table outside the hands, and the trick. What lies where comes from Python (widgets/board.py,
// every word localized); these functions only draw it.
import { cardBack, cardFace } from "./cards.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";
import type { Action, Board, BoardGroup, BoardSeat, Card, Play, Seat, Send, Ui } from "./types.js";

/**
 * Options every drawing below takes, all optional:
 * - `actionOf(card)`: the action a click on `card` sends (null/"": none);
 * - `isLegal(card)`: whether to mark `card` legal (default: it has an action);
 * - `send(content)`: where a click goes;
 * - `tag`: also write the action as `data-action` (HandReplay: its analysis marks find the cards by it).
 */
export interface DrawOptions {
  actionOf?: (card: Card) => Action | null;
  isLegal?: (card: Card) => boolean;
  send?: Send<{ action: Action }>;
  tag?: boolean;
}

function face(card: Card, ui: Ui, { seat = null, trump = false, actionOf = () => null, isLegal, send, tag = false }: DrawOptions & { seat?: Seat | null; trump?: boolean } = {}): HTMLButtonElement {
  const action = actionOf(card);
  const legal = isLegal ? isLegal(card) : Boolean(action);
  const node = cardFace(card, { ui, seat, trump, legal });
  if (action && send) node.addEventListener("click", () => send({ action }));
  if (action && tag) node.dataset.action = action;
  return node;
}

/** A legal action naming just `card` (`VERB CARD`, whatever the game's verb: a card on the table to pick), or null. */
export function cardOnlyAction(legal: Iterable<Action>, card: Card): Action | null {
  for (const action of legal) {
    const words = action.split(" ");
    if (words.length === 2 && words[1] === card) return action;
  }
  return null;
}

/** The verbs of the game's actions that take a card and then a seat (`VERB CARD SEAT`: the board model's `card_seat`). */
export function cardSeatVerbs(board: Board | undefined): string[] {
  return ((board || {}).card_seat || []).map(({ verb }) => verb);
}

/** Whether `action` takes a card and then a seat (one of `verbs`), with `card` when given. */
export function isCardSeatAction(action: Action, verbs: string[], card?: Card | null): boolean {
  const words = action.split(" ");
  return words.length === 3 && verbs.includes(words[0]) && (card == null || words[1] === card);
}

/** A seat as the board model describes it; `withHand: false` leaves the hand out (the learner's: js/table.ts). */
export function seatBox(ui: Ui, info: BoardSeat, { withHand = true, ...options }: DrawOptions & { withHand?: boolean } = {}): HTMLElement {
  const box = el("section", `cw-seat cw-pos-${info.position}`);
  box.dataset.seat = String(info.seat);
  box.setAttribute("aria-label", info.name || "");
  if (info.to_act) box.classList.add("cw-to-act");
  const name = el("div", "cw-seat-name", info.name);
  if (info.dealer) {
    const mark = el("span", "cw-dealer", " ◆");
    mark.setAttribute("aria-label", t(ui, "dealer"));
    name.appendChild(mark);
  }
  box.appendChild(name);
  box.appendChild(el("div", "cw-taken", `${t(ui, "tricks")}: ${info.taken}`));
  const badges = info.badges || [];
  if (badges.length) box.appendChild(el("div", "cw-badges", badges.join(" · ")));
  if (withHand) box.appendChild(Array.isArray(info.hand) ? openHand(ui, info.hand, info.trumps, options) : heldHand(info));
  return box;
}

/** A hand face up (a revealed Table, the instructor's replay), trumps marked. */
function openHand(ui: Ui, hand: Card[], trumpCards: Card[] | undefined, options: DrawOptions): HTMLDivElement {
  const open = el("div", "cw-open-hand");
  const trumps = new Set(trumpCards || []);
  for (const card of hand) open.appendChild(face(card, ui, { ...options, trump: trumps.has(card) }));
  return open;
}

/** A hand held face down: its backs (at most 10 drawn) and how many cards, in the kernel's words. */
function heldHand({ count = 0, count_text: countText = "" }: BoardSeat): DocumentFragment {
  const box = document.createDocumentFragment();
  const backs = el("div", "cw-backs");
  for (let i = 0; i < Math.min(count, 10); i += 1) backs.appendChild(cardBack());
  box.append(backs, el("div", "cw-count", countText));
  return box;
}

/** The cards lying on the table outside the hands, group by group (null: a card face down). */
export function tableCards(ui: Ui, groups: BoardGroup[] | undefined, options: DrawOptions = {}): HTMLDivElement {
  const box = el("div", "cw-table-cards");
  for (const { key, label, cards } of groups || []) {
    const group = el("div", `cw-group cw-group-${key}`);
    group.appendChild(el("div", "cw-group-name", label));
    for (const card of cards) group.appendChild(card ? face(card, ui, options) : cardBack());
    box.appendChild(group);
  }
  return box;
}

/**
 * The trick: `plays` as [seat, card] pairs (seat null: a card from the table), each card marked with
 * the side it came from (`positions[seat]`); `captions` (HandReplay) names who played each card.
 */
export function trickArea(
  ui: Ui,
  plays: Play[],
  positions: Record<Seat, string | undefined>,
  { label = t(ui, "tricks"), captions = null, className = "cw-trick", ...options }: DrawOptions & { label?: string; captions?: string[] | null; className?: string } = {},
): HTMLDivElement {
  const area = el("div", className);
  if (label) area.setAttribute("aria-label", label);
  plays.forEach(([seat, card], index) => {
    const node = face(card, ui, { ...options, seat });
    node.classList.add(`cw-from-${seat == null ? "table" : positions[seat]}`); // == null: None may arrive as undefined
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

/** Each seat's side of the table (bottom, left, top, right) from the board model. */
export function positionsOf(board: Board | undefined): Record<Seat, string | undefined> {
  const positions: Record<Seat, string | undefined> = {};
  for (const info of (board || {}).seats || []) positions[info.seat] = info.position;
  return positions;
}
