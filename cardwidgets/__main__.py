"""``python -m cardwidgets …``: see ``cardwidgets.cli``."""

import sys

from cardwidgets.cli import main

sys.exit(main())
