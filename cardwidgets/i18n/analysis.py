"""Messages of the analysis (double-dummy solver, post-mortem), English and Russian."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "analysis.not_in_play": {
        "en": "the solver analyses the play only, and this deal is in the {phase} phase",
        "ru": "решатель анализирует только розыгрыш, а эта сдача в фазе «{phase}»",
    },
    "analysis.not_a_state": {
        "en": "the solver needs a deal (a game state), not {what}",
        "ru": "решателю нужна сдача (состояние игры), а не {what}",
    },
}
