// Card elements: faces (with data-card and an accessible name) and backs.
import { el } from "./dom.js";
import type { Card, Seat, Ui } from "./types.js";

const SUIT_SYMBOLS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** Split canonical card text "10H" into rank "10" and suit "H". */
export function splitCard(card: Card): { rank: string; suit: string } {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** The rank as printed on a face in the reader's language: "A" / "Т" (from `ui.rank_letters`). */
function rankLetter(ui: Ui | null, rank: string): string {
  return (ui && ui.rank_letters && ui.rank_letters[rank]) || rank;
}

/**
 * A face-up card as a button: data-card="10H" (canonical, for code and tests),
 * aria-label "ten of hearts" / «десятка червей», and the face's rank in the
 * reader's letters (Т, К, Д, В in Russian) when `ui` is given.
 */
export interface FaceOptions {
  ui?: Ui | null;
  /** The accessible name (default: `ui.card_names`, else the code). */
  name?: string;
  legal?: boolean;
  trump?: boolean;
  seat?: Seat | null;
}

export function cardFace(card: Card, { ui = null, name, legal = false, trump = false, seat = null }: FaceOptions = {}): HTMLButtonElement {
  const { rank, suit } = splitCard(card);
  const face = el("button", `cw-card cw-suit-${suit}`);
  face.type = "button";
  if (legal) face.classList.add("cw-legal");
  if (trump) face.classList.add("cw-trump-card");
  face.dataset.card = card;
  if (seat !== null && seat !== undefined) face.dataset.seat = String(seat);
  face.setAttribute("aria-label", name || (ui && ui.card_names && ui.card_names[card]) || card);
  face.append(el("span", "cw-rank", rankLetter(ui, rank)), el("span", "cw-suit", SUIT_SYMBOLS[suit] || suit));
  return face;
}

/** A face-down card (no identity at all: hidden cards are not in the browser). */
export function cardBack(): HTMLDivElement {
  const back = el("div", "cw-back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

/** Pretty text of a card for sentences: "10♥", "A♠" / «Т♠». */
export function cardText(card: Card, ui: Ui | null = null): string {
  const { rank, suit } = splitCard(card);
  return rankLetter(ui, rank) + (SUIT_SYMBOLS[suit] || suit);
}
