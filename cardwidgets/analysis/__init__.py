"""Analysis of a deal with all cards face up: the double-dummy solver (docs/analysis.md).

    >>> from cardwidgets.games import new_game
    >>> from cardwidgets.analysis import double_dummy
    >>> values = double_dummy(state)   # {action: declaring side's points after it}
    >>> rows = post_mortem(record, seat)  # two costs per decision of ``seat``

Pure Python (it runs in JupyterLite). Layer: above ``games`` and ``bots``,
below ``widgets``.
"""

from __future__ import annotations

from cardwidgets.analysis.dd import AnalysisError, DoubleDummy, double_dummy, position_of
from cardwidgets.analysis.postmortem import post_mortem
from cardwidgets.analysis.solver import Unfinished

__all__ = ["AnalysisError", "DoubleDummy", "Unfinished", "double_dummy", "position_of", "post_mortem"]
