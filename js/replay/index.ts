// HandReplay front-end: the board comes from Python as data (the `board` trait, export.board_json:
// the board model, every word localized) and is drawn with the card table's drawing (js/board.ts);
// this module adds the step controls, the action list with notes, and sends the instructor's clicks
// back. Python decides everything, including which actions are legal.
import { cardOnlyAction, positionsOf, seatBox, tableCards, trickArea } from "../board.js";
import { actionButtons } from "../controls.js";
import { shareButton } from "../share.js";
import { t } from "../i18n.js";
import { el } from "../dom.js";
import type { Action, AnalysisView, Board, Card, Model, RenderProps, ReplayMessage, ReplayTraits, Send, Ui } from "../types.js";

type ReplayModel = Model<ReplayTraits>;

const TOOLBAR = ["start", "back_trick", "back", "forward", "forward_trick", "end"] as const;

function commandButton(ui: Ui, command: "start" | "back_trick" | "back" | "forward" | "forward_trick" | "end" | "finish" | "original" | "reveal", send: Send<ReplayMessage>): HTMLButtonElement {
  const button = el("button", "cw-command", t(ui, command));
  button.type = "button";
  button.dataset.command = command;
  button.addEventListener("click", () => send({ command }));
  return button;
}

/** Step controls, "jump to trick", bots finish, back to the record, download the line. */
function toolbar(model: ReplayModel, send: Send<ReplayMessage>): HTMLDivElement {
  const ui = model.get("ui") || {};
  const bar = el("div", "cw-replay-toolbar");
  bar.setAttribute("role", "toolbar");
  for (const command of TOOLBAR) bar.appendChild(commandButton(ui, command, send));
  const jump = el("select", "cw-replay-jump");
  jump.dataset.command = "trick";
  jump.setAttribute("aria-label", t(ui, "jump"));
  jump.appendChild(el("option", "", t(ui, "jump")));
  (model.get("trick_ends") || []).forEach((_step, index) => {
    const option = el("option", "", t(ui, "trick_n", { n: index + 1 }));
    option.value = String(index + 1);
    jump.appendChild(option);
  });
  jump.addEventListener("change", () => jump.value && send({ command: "trick", trick: Number(jump.value) }));
  bar.appendChild(jump);
  bar.appendChild(commandButton(ui, "finish", send));
  if (model.get("branched_at") != null) bar.appendChild(commandButton(ui, "original", send));
  if (model.get("seat") != null && !model.get("revealed")) {
    // A seat's view: "what would you play here?" — Reveal shows every hand and the whole line.
    // No Analysis switch either: double-dummy values would give the hidden hands away.
    bar.appendChild(commandButton(ui, "reveal", send));
    return bar; // no download: the record holds every hand
  }
  const on = Boolean(model.get("analysis"));
  const analysis = el("button", "cw-command cw-analysis-switch", t(ui, "analysis"));
  analysis.type = "button";
  analysis.dataset.command = "analysis";
  analysis.setAttribute("aria-pressed", String(on));
  analysis.addEventListener("click", () => send({ command: "analysis", on: !on }));
  bar.appendChild(analysis);
  const download = el("button", "cw-command", t(ui, "download"));
  download.type = "button";
  download.dataset.command = "download";
  download.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(model.get("record"), null, 2)], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${model.get("game")}-record.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  bar.appendChild(download);
  if (model.get("share_link")) {
    const place = (button: HTMLElement): HTMLElement => (button.closest(".cw-replay-main") as HTMLElement | null) || bar;
    bar.appendChild(shareButton(ui, () => model.get("share_link"), place));
  }
  return bar;
}

/** The line's actions, numbered from 1; the current one marked, notes shown; click to go there. */
function actionList(model: ReplayModel, send: Send<ReplayMessage>): HTMLOListElement {
  const ui = model.get("ui") || {};
  const step = model.get("step");
  const branch = model.get("branched_at");
  const list = el("ol", "cw-replay-line");
  list.setAttribute("aria-label", t(ui, "actions"));
  for (const entry of model.get("line") || []) {
    const item = el("li", "cw-replay-step");
    item.dataset.step = String(entry.step);
    if (entry.step === step) item.classList.add("cw-current");
    if (branch != null && entry.step > branch) item.classList.add("cw-branch");
    const seat = entry.seat == null ? "" : `${t(ui, "seat", { n: entry.seat })}: `;
    item.appendChild(el("span", "cw-replay-action", `${seat}${entry.text || entry.action}`));
    if (entry.note) item.appendChild(el("div", "cw-note", entry.note));
    item.addEventListener("click", () => send({ command: "go", step: entry.step }));
    list.appendChild(item);
  }
  return list;
}

/**
 * The board at this step: every seat (its hand face up, or face down in a seat's view), the trick
 * with who played each card and who took it, the cards on the table, the other legal actions as
 * buttons, and the panel (the last action, the note, phase, trump, contract, whose turn, result).
 * A legal action carries data-action (the analysis marks find it) and sends it when clicked.
 */
export function drawBoard(board: Board, ui: Ui, send: Send<{ action: Action }>): HTMLDivElement {
  const legal = new Set(board.legal || []);
  const options = (verb: string) => ({ actionOf: (card: Card) => (legal.has(`${verb} ${card}`) ? `${verb} ${card}` : null), send, tag: true });
  const root = el("div", "cw-board");
  root.dataset.game = board.game || "";
  root.dataset.phase = board.phase || "";
  root.dataset.toAct = board.to_act == null ? "" : String(board.to_act);
  if (board.heading) root.appendChild(el("div", "cw-heading", board.heading));
  const grid = el("div", "cw-grid");
  for (const info of board.seats || []) grid.appendChild(seatBox(ui, info, options("play")));
  const center = el("div", "cw-center");
  const plays = board.trick || [];
  center.appendChild(trickArea(ui, plays, positionsOf(board), { label: board.trick_label, captions: board.captions }));
  center.appendChild(el("div", "cw-why", board.why || ""));
  center.appendChild(tableCards(ui, board.groups, { actionOf: (card: Card) => cardOnlyAction(legal, card), send, tag: true }));
  grid.appendChild(center);
  const labels = Object.fromEntries((board.actions || []).map(({ action, label }) => [action, label]));
  const buttons = (board.actions || []).map(({ action }) => action);
  const info = el("aside", "cw-info");
  info.appendChild(el("div", "cw-last", board.last || ""));
  if (board.note) {
    const note = el("div", "cw-note", board.note);
    note.setAttribute("role", "note");
    info.appendChild(note);
  }
  for (const [label, value] of board.info || []) {
    const row = el("div", "cw-row");
    row.append(el("span", "cw-label", `${label}:`), document.createTextNode(` ${value}`));
    info.appendChild(row);
  }
  root.append(grid, actionButtons(buttons, labels, send), info);
  return root;
}

/** Marks on the board's legal actions, with units: the value, ✓ for a best one, −n points for a loss, ? if not solved. */
export function markBoard(board: HTMLElement, view: AnalysisView): void {
  const byAction = new Map((view.actions || []).map((entry) => [entry.action, entry]));
  for (const node of board.querySelectorAll<HTMLElement>("[data-action]")) {
    const entry = byAction.get(node.dataset.action || "");
    if (!entry) continue;
    const unknown = entry.value == null;
    const kind = unknown ? "cw-dd-unknown" : entry.best ? "cw-dd-best" : "cw-dd-loss";
    node.classList.add("cw-dd", kind);
    node.dataset.ddValue = unknown ? "" : String(entry.value);
    const mark = el("span", `cw-dd-mark ${kind}`, unknown ? "?" : entry.badge || "?");
    mark.setAttribute("aria-hidden", "true");
    node.appendChild(mark);
    node.title = `${entry.label}: ${unknown ? "?" : entry.badge || "?"}`;
  }
}

/** The Analysis panel of a replay widget (its traits). */
function analysisPanel(model: ReplayModel): HTMLElement {
  return analysisSection(model.get("ui") || {}, model.get("analysis_view") || {}, model.get("analysis_progress") || []);
}

/** The Analysis panel: the judge's verdict on the move played, whose points, every action's value, only/any card, the best line, the legend. */
export function analysisSection(ui: Ui, view: AnalysisView, progress: number[]): HTMLElement {
  const panel = el("section", "cw-analysis");
  panel.setAttribute("aria-label", t(ui, "dd_title"));
  panel.dataset.status = view.status || "";
  panel.appendChild(el("div", "cw-analysis-title", t(ui, "dd_title")));
  if (view.verdict && view.verdict.verdict) {
    const verdict = el("div", "cw-analysis-verdict", view.verdict.text);
    verdict.dataset.verdict = view.verdict.verdict;
    panel.appendChild(verdict);
  }
  if (progress.length === 2) {
    const bar = el("progress", "cw-analysis-progress");
    bar.max = progress[1];
    bar.value = progress[0];
    bar.setAttribute("aria-label", t(ui, "dd_progress", { done: progress[0], total: progress[1] }));
    panel.appendChild(bar);
  }
  if (view.side) panel.appendChild(el("div", "cw-analysis-side", view.side));
  const values = view.actions || [];
  if (values.length) {
    const list = el("ul", "cw-analysis-values");
    list.setAttribute("aria-label", t(ui, "dd_values"));
    for (const entry of values) {
      const unknown = entry.value == null;
      const item = el("li", unknown ? "cw-dd-unknown" : entry.best ? "cw-dd-best" : "cw-dd-loss");
      item.dataset.action = entry.action;
      item.textContent = `${entry.label}: ${unknown ? "?" : entry.badge || "?"}`;
      list.appendChild(item);
    }
    panel.appendChild(list);
  }
  if (view.summary) panel.appendChild(el("div", `cw-analysis-kind cw-dd-${view.kind}`, view.summary));
  const best = view.line || [];
  if (best.length) {
    const line = el("div", "cw-analysis-line");
    line.appendChild(el("span", "cw-label", `${t(ui, "dd_line")}: `));
    line.appendChild(el("span", "", best.map((step) => step.label).join(", ")));
    panel.appendChild(line);
  }
  if (view.message) {
    const message = el("div", "cw-analysis-message", view.message);
    message.setAttribute("role", "status");
    panel.appendChild(message);
  }
  const legendTexts = view.legend || [];
  if (legendTexts.length) {
    const legend = el("ul", "cw-analysis-legend");
    for (const text of legendTexts) legend.appendChild(el("li", "", text));
    panel.appendChild(legend);
  }
  return panel;
}

function render({ model, el: host }: RenderProps<ReplayTraits>): void {
  const root = el("div", "cw-replay");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.classList.add("cw-host");
  host.appendChild(root);
  const send = (content: ReplayMessage): void => model.send(content);

  function draw() {
    const ui = model.get("ui") || {};
    root.dataset.game = model.get("game");
    root.dataset.step = String(model.get("step"));
    root.dataset.seat = model.get("seat") == null ? "" : String(model.get("seat"));
    root.dataset.revealed = String(Boolean(model.get("revealed")));
    root.setAttribute("aria-label", t(ui, "replay"));
    const board = el("div", "cw-replay-board");
    board.appendChild(drawBoard(model.get("board") || {}, ui, send));
    const status = el("div", "cw-status", t(ui, "step", { step: model.get("step"), steps: model.get("steps") }));
    status.setAttribute("role", "status");
    if (model.get("branched_at") != null) status.textContent += ` · ${t(ui, "branch", { step: model.get("branched_at") })}`;
    const error = el("div", "cw-error", (model.get("error") || {}).text || "");
    error.setAttribute("role", "alert");
    const side = el("div", "cw-replay-side");
    if (model.get("analysis")) markBoard(board, model.get("analysis_view") || {});
    if (ui.deal_note) side.appendChild(el("div", "cw-note cw-deal-note", ui.deal_note));
    side.appendChild(actionList(model, send));
    const main = el("div", "cw-replay-main");
    main.append(toolbar(model, send), status, board, error);
    if (model.get("analysis")) main.appendChild(analysisPanel(model)); // under the board: values, best line, legend
    root.replaceChildren(main, side);
    const current = side.querySelector(".cw-current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  for (const name of ["step", "steps", "board", "line", "trick_ends", "branched_at", "error", "ui", "seat", "revealed", "analysis", "analysis_view", "analysis_progress"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
}

export default { render };
