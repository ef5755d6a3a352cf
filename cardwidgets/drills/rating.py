"""Ratings (Glicko-2) and review schedules (FSRS) of what a learner practises.

What is rated and reviewed is an *item*: its kind (``DRILL``: a drill topic; ``PUZZLE``: one puzzle),
its id and its game. After every first answer (an *attempt*):

- the learner's rating in the item's game and the item's rating are both updated by Glicko-2
  (the ``glicko2`` package), the item playing the learner's opponent: an answer right at the first
  try is a win for the learner, a miss a win for the item. Everyone starts at ``START`` (1500 ± 350);
  a puzzle may start elsewhere (a rating calibrated from the bots' success);
- the reviewed thing's FSRS card (the ``fsrs`` package) is reviewed: right is ``Good``, a miss
  ``Again``. A drill topic's cards are its rules (the rule id that decides a question): a missed
  rule is due again after ``RELEARN`` (a new question of that rule, never the identical one); a
  rule answered right comes back after FSRS's interval (days, growing with each spaced success).

A drill topic is *mastered* when every rule of it the learner has met is in FSRS's review state
with a stability of at least ``MASTERY_DAYS`` days: recalled with 90 % probability a week on.
FSRS grows stability only with reviews spread over days (reviews on the same day leave it as it
is), so mastery takes practice on more than one day, as fast as this learner's answers allow,
instead of a fixed run of right answers.

Time comes from the caller (``now``), so that tests move it on without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone

import glicko2
from fsrs import Card, Rating, Scheduler, State

#: The kinds of things rated and reviewed.
DRILL = "drill"
PUZZLE = "puzzle"
#: The kind of the learner's own rating rows (one per game; the item id is the game).
LEARNER = "learner"

#: How soon a missed rule (or a rule met for the first time and missed) is due again.
RELEARN = timedelta(minutes=1)
#: FSRS's steps for a rule met for the first time: again after a minute, then after ten.
LEARN = (timedelta(minutes=1), timedelta(minutes=10))
#: The stability (days) every rule of a topic needs for the topic to be mastered.
MASTERY_DAYS = 7.0

#: The reviews' scheduler: FSRS's published default weights, 90 % retention, no random fuzz (a
#: learner's schedule is the same however often it is computed again).
SCHEDULER = Scheduler(
    desired_retention=0.9, learning_steps=LEARN, relearning_steps=(RELEARN,), enable_fuzzing=False
)


@dataclass(frozen=True)
class Glicko:
    """A Glicko-2 rating: the rating, its deviation and volatility; attempts and how many were won."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06
    attempts: int = 0
    won: int = 0


#: Where every learner and every item starts.
START = Glicko()


def rated(me: Glicko, other: Glicko, score: float) -> Glicko:
    """``me`` after one game against ``other`` ending ``score`` for me (1 won, 0 lost): Glicko-2."""
    player = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
    player.update_player([other.rating], [other.rd], [score])
    return replace(
        me, rating=float(player.rating), rd=float(player.rd), vol=float(player.vol),
        attempts=me.attempts + 1, won=me.won + int(score >= 1),
    )


def now_utc() -> datetime:
    """The time now (the default clock of a progress store)."""
    return datetime.now(timezone.utc)


def reviewed(card: str | None, correct: bool, now: datetime) -> Card:
    """The FSRS card (JSON, None: never reviewed) after an answer at ``now``: ``Good`` if right, ``Again`` if not."""
    before = Card.from_json(card) if card else Card(card_id=0, due=now)
    after, _log = SCHEDULER.review_card(before, Rating.Good if correct else Rating.Again, review_datetime=now)
    return after


def card_of(text: str) -> Card:
    """An FSRS card from its JSON."""
    return Card.from_json(text)


def steady(card: Card) -> bool:
    """Whether ``card`` is learnt for the long term: in review, with a stability of ``MASTERY_DAYS`` or more."""
    return card.state == State.Review and (card.stability or 0.0) >= MASTERY_DAYS


def retrievability(card: Card, now: datetime) -> float:
    """FSRS's probability that the learner recalls ``card`` at ``now``."""
    return float(SCHEDULER.get_card_retrievability(card, current_datetime=now))
