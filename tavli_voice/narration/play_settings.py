"""How plays are offered, saved in the shared settings file's ``plays`` section.

``suggest``: the expert's best plays first, said as "suggested" (off by
default; ``--suggest`` / ``--no-suggest`` change and save it).
``group_above``: above this many plays, a long list is chosen group by group
(:mod:`tavli_voice.rules.playgroups`) or step by step.

A missing, damaged or partly wrong section gives the defaults for what is
wrong, never a traceback.

>>> PlaySettings()
PlaySettings(suggest=False, group_above=12)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Mapping

from tavli_voice.narration.settings import read_section, write_section

SECTION = "plays"
#: The settable limit on plays offered as one list.
GROUP_ABOVE_RANGE = (1, 999)
#: The limit when none is saved.
DEFAULT_GROUP_ABOVE = 12


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """The saved play-list settings (see the module docstring)."""

    suggest: bool = False
    group_above: int = 12

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlaySettings:
        """Settings from a section; a field of the wrong kind keeps its default."""
        suggest = data.get("suggest", False)
        above = data.get("group_above", 12)
        if not isinstance(suggest, bool):
            suggest = False
        if (isinstance(above, bool) or not isinstance(above, int)
                or not GROUP_ABOVE_RANGE[0] <= above <= GROUP_ABOVE_RANGE[1]):
            above = 12
        return cls(suggest, above)


def load_play_settings(path: Path) -> PlaySettings:
    """The ``plays`` section of the settings file (defaults if missing or damaged)."""
    values, _status = read_section(path, SECTION)
    return PlaySettings.from_json(values)


def save_play_settings(settings: PlaySettings, path: Path) -> None:
    """Write the ``plays`` section, leaving the others as they are. May raise ``OSError``."""
    write_section(path, SECTION, asdict(settings))
