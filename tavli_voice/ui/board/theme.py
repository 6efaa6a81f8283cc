"""Colours, line widths and the scale setting of the board window.

Two themes ship: :data:`HIGH_CONTRAST` (the default, for low vision: near
black field, saturated yellow and blue triangles, pure white and pure black
checkers each ringed in the other colour, a magenta highlight that appears in
no other element) and :data:`CLASSIC` (a wooden board as sold in Greek
kafeneia: walnut frame, cream and red triangles, ivory and dark checkers).

Nothing here imports pygame: colours are RGB tuples, so themes are tested
and chosen without a display. ``scale`` multiplies text and button sizes
(1.0 = 100 %); the board itself always fills the window (see ``layout.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pathlib import Path

from ... import userfiles
from ...arguments import SCALE_RANGE as SCALE_RANGE  # allowed range of the scale setting

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the renderer uses, and the scale of text and buttons."""

    name: str
    background: RGB      #: around the board and behind the side panel
    frame: RGB           #: the board's rim, bar and trays
    field: RGB           #: the playing surface between the triangles
    triangle_a: RGB      #: odd points
    triangle_b: RGB      #: even points
    triangle_edge: RGB   #: outline of every triangle
    mine: RGB            #: the viewer's checkers
    mine_edge: RGB
    theirs: RGB          #: the opponent's checkers
    theirs_edge: RGB
    pin_mark: RGB        #: the cross and double ring on a pinned checker (R5.2)
    number: RGB          #: point numbers on the rim
    text: RGB            #: panel text
    muted: RGB           #: secondary text
    highlight: RGB       #: the scanned / focused item (used by nothing else)
    help: RGB            #: move help: destinations of the selected checker
    last_move: RGB       #: markers of the last play
    button: RGB
    button_text: RGB
    button_edge: RGB
    die: RGB
    die_pip: RGB
    die_used: RGB        #: a die already played this turn
    #: the colours' names in the legend (``board.colour_<name>``, ``board.mark_help_<name>``,
    #: ``board.mark_focus_<name>``): colour is never the only cue, but it is named
    mine_name: str = "white"
    theirs_name: str = "black"
    help_name: str = "green"
    highlight_name: str = "magenta"
    pin_name: str = "red"  #: ``board.mark_pin_<name>``
    scale: float = 1.0

    def with_scale(self, scale: float) -> "Theme":
        """A copy with another scale, clamped to :data:`SCALE_RANGE`."""
        low, high = SCALE_RANGE
        return replace(self, scale=min(high, max(low, float(scale))))

    def px(self, size: float) -> int:
        """A size in pixels at this scale (never below 1)."""
        return max(1, round(size * self.scale))


HIGH_CONTRAST = Theme(
    name="high_contrast",
    background=(0, 0, 0),
    frame=(70, 70, 78),
    field=(12, 22, 44),
    triangle_a=(255, 210, 0),
    triangle_b=(30, 144, 255),
    triangle_edge=(0, 0, 0),
    mine=(255, 255, 255),
    mine_edge=(0, 0, 0),
    theirs=(0, 0, 0),
    theirs_edge=(255, 255, 255),
    pin_mark=(255, 64, 64),
    number=(255, 255, 255),
    text=(255, 255, 255),
    muted=(200, 200, 200),
    highlight=(255, 0, 255),
    help=(0, 255, 120),
    last_move=(255, 140, 0),
    button=(30, 30, 36),
    button_text=(255, 255, 255),
    button_edge=(255, 255, 255),
    die=(255, 255, 255),
    die_pip=(0, 0, 0),
    die_used=(110, 110, 110),
)

CLASSIC = Theme(
    name="classic",
    background=(40, 26, 16),
    frame=(92, 54, 26),
    field=(200, 162, 108),
    triangle_a=(150, 30, 30),
    triangle_b=(250, 240, 215),
    triangle_edge=(70, 40, 20),
    mine=(250, 244, 228),
    mine_edge=(60, 30, 10),
    theirs=(54, 30, 20),
    theirs_edge=(245, 225, 190),
    pin_mark=(20, 90, 220),
    number=(250, 235, 200),
    text=(250, 240, 220),
    muted=(215, 195, 165),
    highlight=(0, 200, 255),
    help=(0, 150, 60),
    last_move=(255, 170, 0),
    button=(70, 42, 22),
    button_text=(255, 248, 230),
    button_edge=(250, 230, 190),
    die=(255, 252, 240),
    die_pip=(20, 20, 20),
    die_used=(150, 140, 120),
    mine_name="light",
    theirs_name="dark",
    highlight_name="cyan",
    pin_name="blue",
)

THEMES: dict[str, Theme] = {t.name: t for t in (HIGH_CONTRAST, CLASSIC)}

#: The section of the shared settings file that keeps the window's look.
LOOK_SECTION = "window"


def load_look(path: Path) -> tuple[str | None, float | None]:
    """The theme's name and the scale last chosen in the window (F2, + and −, the scan
    menu), each None when not kept or not usable (an unknown theme, a scale out of range).

    >>> load_look(Path("/nonexistent/settings.json"))
    (None, None)
    """
    section, _problem = userfiles.read_section(path, LOOK_SECTION)
    section = section or {}
    name, scale = section.get("theme"), section.get("scale")
    low, high = SCALE_RANGE
    kept = (float(scale) if isinstance(scale, (int, float)) and not isinstance(scale, bool)
            and low <= scale <= high else None)
    return (name if name in THEMES else None, kept)


def save_look(path: Path, name: str, scale: float) -> Path | None:
    """Keep the window's theme and scale in the settings file, its other sections as they
    were (:func:`tavli_voice.userfiles.write_section`; ``OSError`` when it cannot be written)."""
    return userfiles.write_section(path, LOOK_SECTION, {"theme": name, "scale": scale})


def find_theme(name: str | None, scale: float = 1.0) -> Theme:
    """The theme called ``name`` (default high contrast) at ``scale``.

    Raises ``ValueError`` naming the choices for an unknown name.
    """
    theme = THEMES.get(name or HIGH_CONTRAST.name)
    if theme is None:
        raise ValueError(f"unknown theme {name!r}; choose one of {', '.join(THEMES)}")
    return theme.with_scale(scale)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21), to test the themes."""
    def lum(c: RGB) -> float:
        def ch(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
        r, g, bl = (ch(x) for x in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl
    la, lb = sorted((lum(a), lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
