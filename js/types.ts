// The shapes the kernel syncs and the messages the browser sends (docs/widget-protocol.md).
// Python's None may arrive as null or, in JupyterLite, as undefined: such fields are `?: … | null`.

/** Canonical card text: "10H", "AS" (what data-card holds and the kernel reads). */
export type Card = string;
/** A seat number, from 0. */
export type Seat = number;
/** A canonical action string: "play 10S", "bid 60", "pass". */
export type Action = string;

/** The localized fixed texts (the `ui` trait): texts by key, plus a few tables. */
export interface Ui {
  [key: string]: unknown;
  card_names?: Record<Card, string>;
  rank_letters?: Record<string, string>;
  /** HandReplay: the deal's note. */
  deal_note?: string;
  /** Puzzle: the table plays a puzzle (no Hint), and whether it is over (Next puzzle). */
  puzzle?: boolean;
  puzzle_over?: boolean;
}

/** {name: value} filled into a ui text's {name} fields. */
export type Params = Record<string, string | number | null | undefined>;

/** A card on the trick and who played it (seat null: a card from the table). */
export type Play = [Seat | null | undefined, Card];

export interface Trick {
  collector?: Seat | null;
  plays: Play[];
}

export interface Notice {
  text: string;
  rule?: string;
}

/** `view`: what the learner's seat may see (`state.view(seat)`). */
export interface View {
  phase?: string;
  to_act?: Seat | null;
  tricks?: Trick[];
  my_hand?: Card[];
  hand_sizes?: number[];
  trumps?: Card[];
  notices?: Notice[];
  /** The deal's moves so far (their number is the root's `data-moves`). */
  history?: Action[];
  [key: string]: unknown;
}

/** One seat of the board model (widgets/board.py). */
export interface BoardSeat {
  seat: Seat;
  name?: string;
  position?: string;
  badges?: string[];
  taken?: number;
  dealer?: boolean;
  to_act?: boolean;
  /** Cards face up, or null: held face down. */
  hand?: Card[] | null;
  trumps?: Card[];
  count?: number;
  count_text?: string;
}

/** Cards lying on the table outside the hands (null: a card face down). */
export interface BoardGroup {
  key: string;
  label: string;
  cards: (Card | null)[];
}

/** One of the game's own lines in the panel: `label: text`, or the text alone. */
export interface BoardFact {
  key: string;
  label: string;
  text: string;
}

/** The board model (`board` trait of Table; HandReplay's adds the replay's extras). */
export interface Board {
  seats?: BoardSeat[];
  groups?: BoardGroup[];
  /** The facts the game declares (widgets/board.py): trump (a game with a trump), the high bid and the contract (an auction). */
  trump?: string;
  high_bid?: string;
  contract?: string;
  /** The game's own lines, already worded (its board module's `facts`); `label` may be empty. */
  facts?: BoardFact[];
  /** The game's actions that take a card, then a seat (`VERB CARD SEAT`), with the hint shown meanwhile. */
  card_seat?: { verb: string; hint: string }[];
  // HandReplay's extras (export.board_json)
  game?: string;
  phase?: string;
  to_act?: Seat | null;
  heading?: string;
  legal?: Action[];
  trick?: Play[];
  trick_label?: string;
  captions?: string[] | null;
  why?: string;
  actions?: { action: Action; label: string }[];
  last?: string;
  note?: string;
  info?: [string, string][];
}

export interface Scoreboard {
  scores?: number[];
  score_texts?: string[];
  deal_score_texts?: string[];
  sides?: number[];
  winner?: number | null;
  over?: boolean;
  why?: string;
  /** Per side, the game's own notes beside its score, already worded in the learner's language. */
  side_notes?: string[][];
  [key: string]: unknown;
}

/** `error`: {} or why the last message or update was refused. */
export interface ErrorInfo {
  text?: string;
  rule?: string;
  action?: string;
}

export interface Hint {
  action?: Action;
  label?: string;
  reason?: string;
}

export interface Feedback {
  verdict?: string;
  text?: string;
  rule?: string;
  better?: Action | null;
}

/** One bot move to animate (`events`). */
export interface TableEvent {
  seat: Seat;
  action?: Action;
  text?: string;
  status?: string;
  trick?: Play[];
  done?: { collector?: Seat; why: string; rule?: string } | null;
}

export interface ReviewRow {
  index: number;
  number: number;
  step: number;
  /** costly (the coach's inaccuracy or mistake), face_up (a cost only with all cards face up), unvalued. */
  group?: "costly" | "face_up" | "unvalued";
  action?: Action;
  label?: string;
  verdict?: string | null;
  valued: boolean;
  /** False: a decision outside the play (a bid, an exchange …), which has no face-up value. */
  in_play?: boolean | null;
  dd_cost?: number | null;
  /** The costs written for the locale. */
  dd: string;
  mc: string;
  text: string;
  /** A deal link to this deal at this decision (core/links.py), for the entry's Share button. */
  link?: string;
}

/** One legal action's double-dummy value in the Analysis panel. */
export interface ActionValue {
  action: Action;
  label: string;
  value?: number | null;
  best?: boolean;
  mark?: string;
  /** The mark with its units: the declaring side's points, then ✓ or what it loses ("3 points · −7 points"). */
  badge?: string;
}

export interface AnalysisView {
  status?: string;
  verdict?: { verdict?: string; text?: string } | null;
  side?: string;
  actions?: ActionValue[];
  summary?: string;
  kind?: string;
  line?: { label: string }[];
  message?: string;
  legend?: string[];
}

/** The opened Review entry. */
export interface OpenedReview {
  entry: number;
  step: number;
  steps: number;
  board: Board;
  analysis_view?: AnalysisView;
  heading: string;
}

/** `review_view`: the opened entry, or {} when none is. */
export type ReviewView = OpenedReview | Record<string, never>;

/** The `Table` widget's synced traits. */
export interface TableTraits {
  game: string;
  seat: Seat;
  locale: string;
  reveal: boolean;
  pace: number;
  view: View;
  board: Board;
  legal: Action[];
  labels: Record<Action, string>;
  events: TableEvent[];
  scoreboard: Scoreboard;
  error: ErrorInfo;
  ui: Ui;
  hint: Hint;
  feedback: Feedback;
  bot_levels: string[];
  review_rows: ReviewRow[];
  reviewed: boolean;
  review_progress: number[];
  review_view: ReviewView;
}

/** Table: browser -> Python. */
export type TableMessage =
  | { action: Action }
  | { command: "next_deal" | "hint" | "review" | "review_cancel" | "next_puzzle" }
  | { review: number }
  | { review_step: -1 | 0 | 1 }
  | { bot: [Seat, string] };

/** One action of a HandReplay line. */
export interface LineEntry {
  step: number;
  seat?: Seat | null;
  action: Action;
  text?: string;
  note?: string;
}

export interface ReplayTraits {
  game: string;
  seat: Seat | null;
  locale: string;
  step: number;
  steps: number;
  board: Board;
  line: LineEntry[];
  trick_ends: number[];
  branched_at: number | null;
  error: ErrorInfo;
  ui: Ui;
  revealed: boolean;
  analysis: boolean;
  analysis_view: AnalysisView;
  analysis_progress: number[];
  record: unknown;
  share_link: string;
}

export type ReplayMessage =
  | { action: Action }
  | { command: "start" | "back_trick" | "back" | "forward" | "forward_trick" | "end" | "finish" | "original" | "reveal" | "download" }
  | { command: "trick"; trick: number }
  | { command: "go"; step: number }
  | { command: "analysis"; on: boolean };

/** A Drill question's position: the trick (who played what), table card, pile, hand, facts. */
export interface DrillPosition {
  trump?: string;
  trumps?: Card[];
  trick?: (Card | { who: string; card: Card })[];
  table?: Card | null;
  pile?: Card[];
  hand?: Card[] | null;
  facts?: string[];
}

export interface DrillTraits {
  topic: string;
  question: { number?: number; title?: string; text?: string; position?: DrillPosition };
  options: string[];
  feedback: { correct?: boolean; option?: number; rule?: string; text?: string };
  tried: { option: number; correct: boolean }[];
  score: { asked?: number; right?: number };
  /** This topic's progress; ``rating``: the learner's Glicko-2 rating in the game, ``due``: reviews due now. */
  mastery: {
    text?: string; answered?: number; right?: number; streak?: number; mastered?: boolean; due?: number;
    rating?: number | null; topic_rating?: number | null; review?: boolean; notice?: string;
  };
  error: ErrorInfo;
  ui: Ui;
  locale: string;
}

export type DrillMessage = { command: "answer"; option: number } | { command: "next" };

/** The part of anywidget's model the front-ends use, typed by the widget's traits. */
export interface Model<Traits> {
  get<K extends keyof Traits>(name: K): Traits[K];
  set<K extends keyof Traits>(name: K, value: Traits[K]): void;
  save_changes(): void;
  send(content: unknown): void;
  /** `change:<trait>` handlers get nothing; `msg:custom` handlers get the kernel's message. */
  on(event: string, handler: (content?: unknown) => void): void;
  off?(event: string, handler: (content?: unknown) => void): void;
}

/** What anywidget passes to `render`. */
export interface RenderProps<Traits> {
  model: Model<Traits>;
  el: HTMLElement;
}

/** Where a click's message goes. */
export type Send<Message> = (content: Message) => void;
