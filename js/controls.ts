// Action buttons and keyboard play.
import { el } from "./dom.js";
import type { Action, Send } from "./types.js";

/** Buttons for the legal actions that are not a plain card play. */
export function actionButtons(legal: Action[], labels: Record<Action, string>, send: Send<{ action: Action }>): HTMLDivElement {
  const bar = el("div", "cw-actions");
  for (const action of legal) {
    if (/^play \S+$/.test(action)) continue; // plain plays are made by clicking a card
    const button = el("button", "cw-action", labels[action] || action);
    button.type = "button";
    button.dataset.action = action;
    button.addEventListener("click", () => send({ action }));
    bar.appendChild(button);
  }
  return bar;
}

/** Arrow keys move between legal cards in the hand; Enter plays the focused one. */
export function enableKeyboard(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const cards = [...root.querySelectorAll<HTMLElement>(".cw-hand .cw-card.cw-legal")];
    if (!cards.length) return;
    const index = cards.findIndex((card) => card === document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const step = event.key === "ArrowRight" ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : cards.length - 1) : (index + step + cards.length) % cards.length;
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
