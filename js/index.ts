// anywidget entry point: wires the model to the renderer and animates bot moves.
import { cardSeatVerbs, isCardSeatAction } from "./board.js";
import { enableKeyboard } from "./controls.js";
import { seatName, t, withRule } from "./i18n.js";
import { cardPlay, pendingOverrides } from "./optimistic.js";
import type { Pending } from "./optimistic.js";
import { SeatHandshake } from "./seat.js";
import { renderTable } from "./table.js";
import type { Snapshot } from "./table.js";
import { el as element } from "./dom.js";
import type { Card, RenderProps, TableMessage, TableTraits } from "./types.js";

/** The overrides of one animation step: the bot's move on the trick, the status line, the explanation. */
type Frame = Pick<Snapshot, "trickOverride" | "statusOverride" | "whyOverride">;

const TRAITS: (keyof TableTraits)[] = ["view", "board", "legal", "labels", "scoreboard", "error", "ui", "locale", "reveal", "seat", "pace", "hint", "bot_levels", "feedback", "review_rows", "reviewed", "review_progress", "review_view"];

function render({ model, el }: RenderProps<TableTraits>): () => void {
  const root = element("div", "cw-table");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  el.classList.add("cw-host"); // a size container: the drawing follows the width it gets (table.css)
  el.appendChild(root);
  enableKeyboard(root);

  // frame: the overrides of the animation step on screen (null when not animating). A trait that
  // changes mid-animation (the Hint's answer, an error, or a trait synced after `events` in the same
  // message) redraws that step, never the final position ahead of its time.
  // pending: the learner's card drawn on the trick before the kernel confirms it ({action, card} and
  // the kernel's view, error and feedback at the click: once one is replaced, the kernel has answered).
  const local: {
    selected: Card | null;
    showLast: boolean;
    timer: ReturnType<typeof setTimeout> | undefined;
    frame: Frame | null;
    pending: Pending | null;
  } = { selected: null, showLast: false, timer: undefined, frame: null, pending: null };
  const send = (content: TableMessage): void => model.send(content);

  /** The learner's card awaiting the kernel, or null once the kernel's view or error has replaced it. */
  function pending(): Pending | null {
    const waiting = local.pending;
    const answered = model.get("view") !== waiting?.view || model.get("error") !== waiting?.error || model.get("feedback") !== waiting?.feedback;
    if (waiting && answered) local.pending = null;
    return local.pending;
  }

  function snapshot(overrides: Frame = {}): Snapshot {
    const snap: Snapshot = {
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
      setPace: (pace: number) => {
        model.set("pace", pace);
        model.save_changes();
      },
    };
    const waiting = pending();
    const guess = waiting && pendingOverrides(waiting, { ...snap, ownName: seatName(snap.ui, snap.seat, snap.seat) });
    return { ...snap, ...guess, ...overrides };
  }

  function onCard(card: Card): void {
    const legal = model.get("legal") || [];
    const cardSeat = cardSeatVerbs(model.get("board"));
    if (legal.some((action) => isCardSeatAction(action, cardSeat, card))) {
      local.selected = local.selected === card ? null : card; // choose the card, then the seat
      draw();
      return;
    }
    if (pending()) return; // one card at a time: the first is on its way to the kernel
    const action = cardPlay(legal, card);
    send({ action: action || `play ${card}` });
    if (action && !local.frame) {
      // Legal (the kernel's own list): draw it on the trick now; the kernel's answer replaces the guess.
      local.pending = { action, card, view: model.get("view"), error: model.get("error"), feedback: model.get("feedback") };
      draw();
    }
  }

  function draw(overrides: Frame = local.frame || {}): void {
    const hadFocus = root.contains(document.activeElement);
    renderTable(root, snapshot(overrides));
    if (handshake.offer) root.querySelector(".cw-error")?.after(takeOverButton());
    root.dataset.pending = pending() ? "true" : "false";
    if (hadFocus && !root.contains(document.activeElement)) root.focus();
  }

  function animate(): void {
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
    const step = (): void => {
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
        whyOverride: event.done ? withRule(event.done.why, event.done.rule) : "",
      };
      draw();
      local.timer = setTimeout(step, pace * 1000 * (event.done ? 2 : 1));
    };
    step();
  }

  /** The seat is played in another tab: "Play here" confirms this page's claim again, taking the seat over. */
  function takeOverButton(): HTMLButtonElement {
    const button = element("button", "cw-command cw-take-over", t(model.get("ui") || {}, "take_over"));
    button.type = "button";
    button.addEventListener("click", () => void handshake.takeOver());
    return button;
  }

  // A seat at a shared room: the page's half of the seat handshake and its heartbeat (js/seat.ts).
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

export default { render };
