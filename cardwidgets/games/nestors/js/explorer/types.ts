// The TrickExplorer's synced shapes and messages (docs/widget-protocol.md); the shared ones come from js/types.ts.
import type { Card, ErrorInfo, Ui } from "../../../../../js/types.js";

/** The explorer's fixed texts: the 36 cards, the trump choices [rank, name], the places' names, examples, predict cases. */
export interface ExplorerUi extends Ui {
  deck?: Card[];
  trumps?: [string, string][];
  positions?: Record<string, string>;
  example_names?: string[];
  predict_cases?: string[];
  trump?: string;
}

/** TrickExplorer: the places of a trick and C's hand. */
export type Place = "a" | "b" | "c" | "hand";

export interface ExplorerOption {
  card: Card;
  legal: boolean;
  winners?: string;
  winners_text?: string;
  rule?: string;
}

export interface ExplorerResult {
  a?: Card | null;
  b?: Card | null;
  c?: Card | null;
  hand?: Card[] | null;
  trump?: string;
  may_play?: { cards: Card[]; why: string } | null;
  options?: ExplorerOption[];
  trick?: { winners: string; winners_text: string; rule: string; rule_id: string; collector: string; why: string } | null;
  prompt?: string;
}

export interface QuizQuestion {
  field: string;
  text: string;
  options: { label: string; value: string }[];
  /** Open for answers: the questions before it have an answer. */
  asked?: boolean;
  /** The last answer, graded; ``tries``: on which try (a right one after wrong ones says so in ``text``). */
  guess?: { value: string; correct: boolean; text: string; rule: string; tries?: number } | null;
}

export interface Quiz {
  done?: boolean;
  table?: Card | null;
  questions?: QuizQuestion[];
  /** Questions answered, and answered right at the first try. */
  score?: { asked: number; right: number };
}

export interface ExplorerTraits {
  result: ExplorerResult;
  quiz: Quiz;
  ui: ExplorerUi;
  locale: string;
  error: ErrorInfo;
}

export type ExplorerMessage =
  | { command: "trump" | "example" | "predict"; value: string }
  | { command: "card"; position: Place; value: Card }
  | { command: "guess"; field: string; value: string }
  | { command: "clear" };
