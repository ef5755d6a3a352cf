// The learner's own card, drawn on the trick at once, before the kernel answers.
//
// The legal list came from the kernel, so a click on a legal card will be confirmed: the table
// draws the card on the trick before the kernel's round trip and the bots' answer arrive. The
// kernel's next view (or its verdict, at a puzzle) replaces this guess whatever it holds; if the kernel refuses after all, the
// card goes back to the hand and the kernel's error is shown. Only the learner's own card moves:
// nothing about the other seats is guessed.
import type { Action, Board, Card, ErrorInfo, Feedback, Hint, Seat, Trick, View } from "./types.js";

/** The learner's card on its way to the kernel, and the kernel's view, error and feedback at the click. */
export interface Pending {
  action: Action;
  card: Card;
  view?: View;
  error?: ErrorInfo;
  /** A puzzle's verdict on a wrong card replaces only the feedback: the position stays for the retry. */
  feedback?: Feedback;
}

/** The learner's legal action for a click on `card` ("play 10S", or the first "play 10S …"), or null. */
export function cardPlay(legal: Action[], card: Card): Action | null {
  const plain = `play ${card}`;
  if (legal.includes(plain)) return plain;
  return legal.find((action) => action.startsWith(`${plain} `)) || null;
}

/** `view` with `card` moved from the learner's hand (`seat`) to the trick in progress; nobody to act yet. */
export function optimisticView(view: View, seat: Seat, card: Card): View {
  const tricks: Trick[] = [...(view.tricks || [])];
  const last = tricks[tricks.length - 1];
  if (last && last.collector == null) {
    tricks[tricks.length - 1] = { ...last, plays: [...last.plays, [seat, card]] };
  } else {
    tricks.push({ collector: null, plays: [[seat, card]] }); // the card leads a new trick
  }
  const handSizes = [...(view.hand_sizes || [])];
  if (handSizes[seat] > 0) handSizes[seat] -= 1;
  return {
    ...view,
    tricks,
    my_hand: (view.my_hand || []).filter((held) => held !== card),
    hand_sizes: handSizes,
    to_act: null,
  };
}

/** Snapshot overrides while `pending` ({action, card}) waits for the kernel: no legal moves, old error and hint gone. */
export function pendingOverrides(
  pending: Pending,
  { view, board, seat, labels, ownName }: { view: View; board: Board; seat: Seat; labels: Record<Action, string>; ownName: string },
): { view: View; board: Board; legal: Action[]; error: ErrorInfo; hint: Hint; statusOverride: string } {
  const seats = (board.seats || []).map((entry) => ({ ...entry, to_act: false })); // nobody, until the kernel says
  return {
    view: optimisticView(view, seat, pending.card),
    board: { ...board, seats },
    legal: [],
    error: {},
    hint: {},
    statusOverride: `${ownName}: ${labels[pending.action] || pending.action}`,
  };
}
