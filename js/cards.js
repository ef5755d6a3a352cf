// Card elements: faces (with data-card and an accessible name) and backs.

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** Split canonical card text "10H" into rank "10" and suit "H". */
export function splitCard(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** A face-up card as a button: data-card="10H", aria-label "ten of hearts". */
export function cardFace(card, { name, legal = false, trump = false, seat = null } = {}) {
  const { rank, suit } = splitCard(card);
  const el = document.createElement("button");
  el.type = "button";
  el.className = `cw-card cw-suit-${suit}`;
  if (legal) el.classList.add("cw-legal");
  if (trump) el.classList.add("cw-trump-card");
  el.dataset.card = card;
  if (seat !== null && seat !== undefined) el.dataset.seat = String(seat);
  el.setAttribute("aria-label", name || card);
  el.innerHTML = `<span class="cw-rank">${rank}</span><span class="cw-suit">${SUIT_SYMBOLS[suit] || suit}</span>`;
  return el;
}

/** A face-down card (no identity at all: hidden cards are not in the browser). */
export function cardBack() {
  const el = document.createElement("div");
  el.className = "cw-back";
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** Pretty text of a card for sentences: "10♥". */
export function cardText(card) {
  const { rank, suit } = splitCard(card);
  return rank + (SUIT_SYMBOLS[suit] || suit);
}
