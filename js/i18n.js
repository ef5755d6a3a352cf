// Localized texts come from Python (the `ui` trait); this module only fills them in.

/** The text `key` of the ui dictionary with {name} fields filled from `params`. */
export function t(ui, key, params = {}) {
  const template = (ui && ui[key]) || key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** "You" for the learner's seat, else "Seat N" / "Игрок N". */
export function seatName(ui, seat, mySeat) {
  return seat === mySeat ? t(ui, "you") : t(ui, "seat", { n: seat });
}

/** The spoken name of a card ("ten of hearts" / «десятка червей»). */
export function cardName(ui, card) {
  return (ui.card_names && ui.card_names[card]) || card;
}

/** A sentence followed by its rule id, unless the sentence already cites it. */
export function withRule(text, rule) {
  if (!text) return "";
  return !rule || text.includes(rule) ? text : `${text} (${rule})`;
}
