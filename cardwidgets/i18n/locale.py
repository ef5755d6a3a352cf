"""The locale: ``en`` or ``ru``, and the default used wherever no ``locale=`` is given.

The default is, in order: ``set_locale(...)``, the environment variable
``CARDWIDGETS_LOCALE``, English.
"""

from __future__ import annotations

import os

LOCALES = ("en", "ru")
#: The environment variable a deployment (Binder, Voila, JupyterLite) sets to ``ru``.
LOCALE_ENV = "CARDWIDGETS_LOCALE"

_chosen: str | None = None


def check_locale(locale: str) -> str:
    """``locale`` if it is one of ``LOCALES``, else one clear ``ValueError``."""
    if locale not in LOCALES:
        raise ValueError(f'unknown locale "{locale}": expected one of {", ".join(LOCALES)}')
    return locale


def set_locale(locale: str | None) -> None:
    """Make ``locale`` (``"en"`` or ``"ru"``) the default; ``None`` goes back to the environment."""
    global _chosen  # noqa: PLW0603 - one process-wide setting, like the locale module's
    _chosen = None if locale is None else check_locale(locale)


def get_locale() -> str:
    """The default locale now (``set_locale``, else ``CARDWIDGETS_LOCALE``, else ``en``)."""
    return default_locale()


def default_locale() -> str:
    """The locale to use when none is given; an explicit ``locale=`` always wins over it.

    ``CARDWIDGETS_LOCALE`` may be ``ru``, ``ru_RU.UTF-8`` or ``ru-RU``; an unknown
    value is one clear ``ValueError`` naming the variable.
    """
    if _chosen is not None:
        return _chosen
    raw = os.environ.get(LOCALE_ENV, "").strip()
    if not raw:
        return "en"
    language = raw.replace("-", "_").split("_")[0].split(".")[0].lower()
    if language not in LOCALES:
        raise ValueError(f'{LOCALE_ENV}="{raw}" is not a locale cardwidgets knows: expected one of {", ".join(LOCALES)}')
    return language


def resolve(locale: str | None) -> str:
    """An explicit locale (checked), or the default one."""
    return default_locale() if locale is None else check_locale(locale)
