// Localized texts come from Python (the `ui` trait); this module only fills them in.
import type { Card, Params, Seat, Ui } from "./types.js";

/** The text `key` of the ui dictionary with {name} fields filled from `params`. */
export function t(ui: Ui | null | undefined, key: string, params: Params = {}): string {
  const text = ui && ui[key];
  const template = typeof text === "string" && text ? text : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}

/** "You" for the learner's seat, else "Seat N" / "Игрок N". */
export function seatName(ui: Ui, seat: Seat | null | undefined, mySeat: Seat | null | undefined): string {
  return seat === mySeat ? t(ui, "you") : t(ui, "seat", { n: seat });
}

/** The spoken name of a card ("ten of hearts" / «десятка червей»). */
export function cardName(ui: Ui, card: Card): string {
  return (ui.card_names && ui.card_names[card]) || card;
}

/** A sentence followed by its rule id, unless the sentence already cites it. */
export function withRule(text: string | null | undefined, rule?: string | null): string {
  if (!text) return "";
  return !rule || text.includes(rule) ? text : `${text} (${rule})`;
}
