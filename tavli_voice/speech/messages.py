"""Every sentence speech input says to the player, in English and Greek.

The table (``VOICE_MESSAGES``) lives with every other word in
``narration/messages.py``. Values are ``str.format`` templates; the Greek
speaks to the player in the familiar singular, as the narrator does.
"""

from __future__ import annotations

from typing import Final

from .words import Lang
from ..narration.messages import VOICE_MESSAGES

MESSAGES: Final[dict[str, dict[Lang, str]]] = VOICE_MESSAGES  # type: ignore[assignment]  # words live in narration/messages.py


def message(key: str, lang: Lang, /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in."""
    return MESSAGES[key][lang].format(**values)
