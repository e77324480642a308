"""How a name typed by a person is read: bot levels, coach levels and the
solver's objectives all go through :func:`name_key`, so that each registry
accepts the same spellings.

>>> name_key(" Search_Lite "), name_key("bag_adjusted"), name_key("RULE")
('search-lite', 'bag-adjusted', 'rule')
"""

from __future__ import annotations

__all__ = ["name_key"]


def name_key(text: str) -> str:
    """``text`` as a registry's key: stripped, lower-cased, and with ``_``
    read as ``-`` (the registries spell their names with hyphens)."""
    return text.strip().lower().replace("_", "-")
