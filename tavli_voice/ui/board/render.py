"""Draw a :class:`~.model.BoardView` on a pygame Surface.

The picture follows a real Tavli board (see ``layout.py``): a framed field
with 24 long triangles in four quarters, the bar down the middle, trays for
borne-off checkers on the right, the dice in the half of the player on roll.
On top of that the access aids:

* point numbers from the viewer's side on the rim (R1); numbers of the
  checkers that may move are underlined;
* stacks taller than five show their count on the last checker drawn;
* a Plakoto pinned checker (R5.2) lies under its pinner at the rim, drawn
  with a double ring and diagonal hatching in the pin colour, so it is told
  apart by shape and pattern, not by colour alone;
* the focused or scanned item has a thick frame in the highlight colour
  (which nothing else uses), a button filled in it and thickly edged; the selected checker's destinations (move help)
  get hollow target rings and outlined triangles; the highlighted play is
  drawn as arrows; the opponent's last play as thin arrows;
* the panel lists the plays as big numbered buttons, the action buttons, and
  while scanning, the scanned option in large type;
* the panel's header has a legend: each side's checker drawn small beside
  "You: white ○" (the colour named, a shape too), and the underline (while
  something can move) and frame marks drawn with what they mean; a line under the list says which plays are
  off screen and that Down / Up or the number keys show them (Page Down / Page Up
  too). Every panel text is drawn
  with :func:`panel_styles` (large, contrast at least 4.5:1, tested).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .layout import (BAR, HEADER_LINES, OFF, BoardLayout, PanelGeometry, PanelLayout, Rect, bar_stack,
                     more_rows, panel_geometry, point_centre, point_stack, status_fit,
                     tray_slabs)
from .navigation import MORE
from .model import BoardView, ScanStrip
from .theme import RGB, Theme
from ... import words

if TYPE_CHECKING:
    import pygame

_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


class Fonts:
    """Font cache: DejaVu Sans when installed (it has Greek), else pygame's default."""

    def __init__(self) -> None:
        import pygame

        self._pg = pygame
        if not pygame.font.get_init():
            pygame.font.init()
        path = None
        for name in ("dejavusans", "notosans", "freesans", "liberationsans"):
            try:
                path = pygame.font.match_font(name, bold=True)
            except Exception:  # fontconfig missing: use the default font
                path = None
            if path:
                break
        self._path = path
        self._cache: dict[int, pygame.font.Font] = {}

    def get(self, size: float) -> "pygame.font.Font":
        size = max(8, int(size))
        font = self._cache.get(size)
        if font is None:
            font = self._pg.font.Font(self._path, size)
            self._cache[size] = font
        return font


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How one kind of panel text is drawn: font size in pixels, colour, and the colour behind it."""

    size: int
    colour: RGB
    background: RGB


#: The least edge of the focused or scanned button, in pixels (a thin edge is 2 or 3).
FOCUS_EDGE = 6

#: WCAG's "large text" for a bold font: 14 pt, about 18.7 px.
LARGE_BOLD_PX = 18.67


def panel_styles(theme: Theme, line_h: int) -> dict[str, TextStyle]:
    """The size and colours of each text in the panel (the fonts are bold), by role.

    The renderer draws with exactly these, so the contrast and size of what a
    low-vision player reads are checked from them (``theme.contrast_ratio``).
    """
    def style(part: float, colour: RGB) -> TextStyle:
        return TextStyle(max(8, int(line_h * part)), colour, theme.background)

    return {"title": style(0.8, theme.muted), "score": style(0.8, theme.text),
            "legend": style(0.8, theme.text), "turn": style(0.95, theme.text),
            "marks": style(0.8, theme.text), "status": style(0.85, theme.text),
            "list_title": style(0.85, theme.text), "more": style(0.85, theme.text)}


def legend_parts(view: BoardView, theme: Theme) -> tuple[tuple[RGB, RGB, str], ...]:
    """Which checkers are whose: (fill, edge, "You: white ○") for each side, the
    colour named and a shape beside it (○ light, ● dark), never colour alone."""
    if not view.me or not view.other:
        return ()
    parts = []
    for name, colour, fill, edge in ((view.me, theme.mine_name, theme.mine, theme.mine_edge),
                                     (view.other, theme.theirs_name, theme.theirs,
                                      theme.theirs_edge)):
        shape = "○" if colour in ("white", "light") else "●"
        label = words.text("board.legend_side", view.lang, name=name,
                           colour=words.text(f"board.colour_{colour}", view.lang), shape=shape)
        parts.append((fill, edge, label))
    return tuple(parts)


def marks_parts(view: BoardView, theme: Theme) -> tuple[tuple[str, RGB, str], ...]:
    """The board's marks explained, each drawn beside its words (never colour alone):
    ("underline", colour, "Green underline: can move") only while a point's number is
    underlined (the player's checkers that may move, R2: not before the roll, nor in the
    opponent's turn), then ("frame", colour, "Magenta, thick frame: selected"): a
    selected point is framed thickly, a selected button filled and thickly edged; last,
    while a Plakoto checker is pinned, ("pin", colour, "Red hatched ring: pinned"), drawn as
    the board draws it."""
    parts: tuple[tuple[str, RGB, str], ...] = ()
    if any(1 <= p <= 24 for p in view.sources):
        parts += (("underline", theme.help,
                   words.text(f"board.mark_help_{theme.help_name}", view.lang)),)
    parts += (("frame", theme.highlight,
               words.text(f"board.mark_focus_{theme.highlight_name}", view.lang)),)
    if pin_rows(view):
        parts += (("pin", theme.pin_mark,
                   words.text(f"board.mark_pin_{theme.pin_name}", view.lang)),)
    return parts


def pin_rows(view: BoardView) -> int:
    """Rows the header adds for the pinned checker's mark: one while a checker is pinned (the
    header keeps it while the underline comes and goes), else none."""
    return 1 if any(view.position.pins) else 0


def more_text(view: BoardView, geo: PanelGeometry,
              fits: Callable[[str], bool] = lambda _: True) -> str:
    """"▼ More: 8–10 (Down or digits)" when plays are off screen, else ""; while scanning
    (``view.scan``) no key is named and the line says what the scan highlights next, as the
    scan goes (a checker's group of plays, a play, Back), not the list's next page:
    "▼ Next: From 13: 4 plays", or the arrow and the option alone when that does not ``fit``
    ("▼ Από το 13: 5 κινήσεις")."""
    start, end = geo.page
    count = len(view.plays)
    page = max(1, geo.capacity)
    if geo.more is None or count <= page:
        return ""
    if view.scan is not None:
        label = scanned_next(view.scan)
        said = words.text("board.more_below_scan", view.lang, label=label) if label else ""
        return said if fits(said) else "▼ " + label
    if end < count:
        return words.text("board.more_below", view.lang, start=end + 1,
                          end=min(count, end + page))
    return words.text("board.more_above", view.lang, start=max(1, start - page + 1), end=start)


def scanned_next(strip: ScanStrip) -> str:
    """The label of the option the scan highlights after the current one (the first when
    none is; "From 13: 4 plays"), "" when the strip has no other option."""
    options = strip.options
    if not options or (len(options) == 1 and strip.index is not None):
        return ""
    at = 0 if strip.index is None else (strip.index + 1) % len(options)
    return options[at]


def render(surface: "pygame.Surface", view: BoardView, layout: BoardLayout, theme: Theme,
           fonts: Fonts, geometry: PanelGeometry | None = None) -> PanelGeometry:
    """Draw ``view`` and return the panel geometry used (for hit-testing)."""
    surface.fill(theme.background)
    _board(surface, view, layout, theme, fonts)
    if geometry is None:
        geometry = geometry_for(view, layout)
    _panel(surface, view, layout, theme, fonts, geometry)
    return geometry


def geometry_for(view: BoardView, layout: BoardLayout) -> PanelGeometry:
    """The panel geometry for ``view`` (the same the renderer uses)."""
    focus = view.list_focus
    if focus is None and view.highlight and view.highlight[0] == "play":
        focus = _int(view.highlight[1]) - 1
    if focus is None and view.pending:
        focus = view.pending - 1
    return panel_geometry(layout, len(view.plays), focus, tuple(k for k, _ in view.actions),
                          view.scan is not None, newest=not view.status_all)


# ------------------------------------------------------------------ board
def _board(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme,
           fonts: Fonts) -> None:
    import pygame

    r = lay.board
    radius = max(4, r.w // 60)
    pygame.draw.rect(surface, theme.frame, r.tuple(), border_radius=radius)
    for half in (lay.left, lay.right):
        pygame.draw.rect(surface, theme.field, half.tuple())
    pygame.draw.rect(surface, _shade(theme.frame, 0.8), lay.bar.tuple())
    for tray in (lay.tray_mine, lay.tray_theirs):
        pygame.draw.rect(surface, _shade(theme.frame, 0.6), tray.tuple(), border_radius=3)
    # triangles
    for g in lay.points:
        colour = theme.triangle_a if g.number % 2 else theme.triangle_b
        t = g.triangle
        if g.top:
            poly = [(t.x + 1, t.y), (t.right - 1, t.y), (t.x + t.w / 2, t.bottom)]
        else:
            poly = [(t.x + 1, t.bottom), (t.right - 1, t.bottom), (t.x + t.w / 2, t.y)]
        pygame.draw.polygon(surface, colour, poly)
        pygame.draw.polygon(surface, theme.triangle_edge, poly, 1)
    _numbers(surface, view, lay, theme, fonts)
    _move_help(surface, view, lay, theme)
    _checkers(surface, view, lay, theme, fonts)
    _arrows(surface, view.last_move, lay, theme.last_move, max(2, lay.checker // 14))
    _arrows(surface, view.preview, lay, theme.highlight, max(3, lay.checker // 8))
    _dice(surface, view, lay, theme)
    _focus(surface, view, lay, theme)


def _numbers(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme,
             fonts: Fonts) -> None:
    import pygame

    rim = lay.field.y - lay.board.y
    font = fonts.get(min(rim * 0.62, lay.checker * 0.55))
    movable = set(view.sources)
    for g in lay.points:
        img = font.render(str(g.number), True, theme.number)
        rect = img.get_rect(center=g.label)
        surface.blit(img, rect)
        if g.number in movable:
            y = rect.bottom if not g.top else rect.bottom
            pygame.draw.line(surface, theme.help, (rect.x - 2, y), (rect.right + 2, y),
                             max(2, rim // 12))


def _move_help(surface: "pygame.Surface", view: BoardView, lay: BoardLayout,
               theme: Theme) -> None:
    """Destinations of the selected checker: outlined triangles and target rings."""
    import pygame

    width = max(3, lay.checker // 10)
    for p in view.destinations:
        if p == OFF:
            pygame.draw.rect(surface, theme.help, lay.tray_mine.inflate(2, 2).tuple(), width,
                             border_radius=4)
            cx, cy = lay.tray_mine.center
        elif p == BAR:
            continue
        else:
            g = lay.point(p)
            t = g.triangle
            if g.top:
                poly = [(t.x + 1, t.y), (t.right - 1, t.y), (t.x + t.w / 2, t.bottom)]
            else:
                poly = [(t.x + 1, t.bottom), (t.right - 1, t.bottom), (t.x + t.w / 2, t.y)]
            pygame.draw.polygon(surface, theme.help, poly, width)
            count = abs(view.position.points[p - 1]) + (1 if view.position.pins[p - 1] else 0)
            stack = point_stack(lay, p, count + 1)
            cx, cy = stack.centres[-1] if stack.centres else g.triangle.center
        pygame.draw.circle(surface, theme.help, (cx, cy), lay.checker // 2, width)
        pygame.draw.circle(surface, theme.help, (cx, cy), max(3, lay.checker // 8))


def _checker(surface: "pygame.Surface", centre: tuple[int, int], d: int, fill: RGB,
             edge: RGB) -> None:
    import pygame

    r = d // 2
    pygame.draw.circle(surface, edge, centre, r)
    pygame.draw.circle(surface, fill, centre, r - max(2, d // 14))
    pygame.draw.circle(surface, edge, centre, max(2, int(r * 0.55)), max(1, d // 28))


def _pinned(surface: "pygame.Surface", centre: tuple[int, int], d: int, fill: RGB, edge: RGB,
            mark: RGB) -> None:
    """A pinned checker (R5.2): its own colours, a double ring and hatching in ``mark``."""
    import pygame

    r = d // 2
    _checker(surface, centre, d, fill, edge)
    clip = pygame.Rect(centre[0] - r, centre[1] - r, d, d)
    hatch = pygame.Surface((d, d), pygame.SRCALPHA)
    step = max(5, d // 4)
    for k in range(-d, 2 * d, step):
        pygame.draw.line(hatch, mark, (k, 0), (k - d, d), max(2, d // 16))
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r - max(2, d // 14))
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(hatch, clip.topleft)
    pygame.draw.circle(surface, mark, centre, r, max(2, d // 12))
    pygame.draw.circle(surface, mark, centre, max(3, r - max(4, d // 6)), max(2, d // 16))


def _label(surface: "pygame.Surface", fonts: Fonts, text: str, centre: tuple[int, int],
           d: int, colour: RGB, fill: RGB) -> None:
    """The count of a tall stack on its last checker drawn (the inner ring hidden)."""
    import pygame

    pygame.draw.circle(surface, fill, centre, d // 2 - max(2, d // 14))
    font = fonts.get(d * (0.62 if len(text) < 2 else 0.52))
    img = font.render(text, True, colour)
    surface.blit(img, img.get_rect(center=centre))


def _checkers(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme,
              fonts: Fonts) -> None:
    pos = view.position
    d = lay.checker
    for i in range(24):
        number = i + 1
        top = pos.points[i]
        under = pos.pins[i]
        count = abs(top)
        if count == 0 and not under:
            continue
        mine = top > 0
        stack = point_stack(lay, number, count, pinned=bool(under))
        if stack.pinned is not None:
            fill, edge = ((theme.mine, theme.mine_edge) if under > 0
                          else (theme.theirs, theme.theirs_edge))
            _pinned(surface, stack.pinned, d, fill, edge, theme.pin_mark)
        fill, edge = (theme.mine, theme.mine_edge) if mine else (theme.theirs, theme.theirs_edge)
        for c in stack.centres:
            _checker(surface, c, d, fill, edge)
        if stack.label and stack.centres:
            _label(surface, fonts, str(count), stack.centres[-1], d, edge, fill)
    for side, mine in ((0, True), (1, False)):
        n = pos.bar[side]
        if n:
            stack = bar_stack(lay, n, mine)
            fill, edge = (theme.mine, theme.mine_edge) if mine else (theme.theirs, theme.theirs_edge)
            for c in stack.centres:
                _checker(surface, c, d, fill, edge)
            if stack.label and stack.centres:
                _label(surface, fonts, str(n), stack.centres[-1], d, edge, fill)
        off = pos.off[side]
        if off:
            import pygame

            fill, edge = (theme.mine, theme.mine_edge) if mine else (theme.theirs, theme.theirs_edge)
            slabs = tray_slabs(lay, off, mine)
            for s in slabs:
                pygame.draw.rect(surface, fill, s.tuple(), border_radius=2)
                pygame.draw.rect(surface, edge, s.tuple(), 1, border_radius=2)
            px, mine_at, theirs_at = tray_count_places(fonts, lay, d)
            img = fonts.get(px).render(str(off), True, theme.number)
            surface.blit(img, img.get_rect(center=mine_at if mine else theirs_at))


def tray_count_size(fonts: Fonts, lay: BoardLayout, d: int) -> int:
    """The size of the borne-off counts, drawn in the gap between the two trays, each at its
    tray's edge: as large as the tray and the checkers allow, and small enough that both fit
    the gap without touching ("15" above "7" at 800x600, where they overlapped)."""
    gap = lay.tray_mine.y - lay.tray_theirs.bottom
    size = max(8, int(min(lay.tray_mine.w * 0.45, d * 0.5)))
    while size > 8 and 2 * (fonts.get(size).get_height() + 2) > gap:
        size -= 1
    return size


#: The smallest borne-off count drawn in the gap between the trays; where the gap holds two
#: no larger, each goes on the rim at its tray's outer end.
TRAY_COUNT_MIN_PX = 10


def tray_count_places(fonts: Fonts, lay: BoardLayout, d: int
                      ) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The size of the borne-off counts and where each is centred (the viewer's, the
    opponent's): in the gap between the two trays, each at its tray's edge
    (:func:`tray_count_size`), while that gap holds both at :data:`TRAY_COUNT_MIN_PX` or more;
    else (480x360, where "15" and "7" were drawn over each other at 8 px) each on the rim at
    its tray's outer end, the opponent's above the board's field and the viewer's below it,
    as large as the rim holds, clear of the board's edge."""
    gap = lay.tray_mine.y - lay.tray_theirs.bottom
    size = tray_count_size(fonts, lay, d)
    h = fonts.get(size).get_height()
    x = lay.tray_mine.center[0]
    if size >= TRAY_COUNT_MIN_PX and 2 * (h + 2) <= gap:
        return size, (x, lay.tray_mine.y - h // 2 - 2), (x, lay.tray_theirs.bottom + h // 2 + 2)
    top = lay.tray_theirs.y - lay.board.y
    bottom = lay.board.bottom - lay.tray_mine.bottom
    room = min(top, bottom) - 2
    wide = 2 * min(x - lay.tray_mine.x + 2, lay.board.right - x) - 2
    size = max(8, int(top))
    while size > 8 and (fonts.get(size).get_height() > room or fonts.get(size).size("15")[0] > wide):
        size -= 1
    return size, (x, lay.tray_mine.bottom + bottom // 2), (x, lay.board.y + top // 2)


def _arrows(surface: "pygame.Surface", steps: tuple[tuple[int, int], ...], lay: BoardLayout,
            colour: RGB, width: int) -> None:
    import pygame

    for a, b in steps:
        start = point_centre(lay, a)
        end = point_centre(lay, b)
        if start == end:
            continue
        pygame.draw.line(surface, colour, start, end, width)
        ang = math.atan2(end[1] - start[1], end[0] - start[0])
        size = width * 4
        left = (end[0] - size * math.cos(ang - 0.45), end[1] - size * math.sin(ang - 0.45))
        right = (end[0] - size * math.cos(ang + 0.45), end[1] - size * math.sin(ang + 0.45))
        pygame.draw.polygon(surface, colour, [end, left, right])
        pygame.draw.circle(surface, colour, start, width * 2)


def _dice(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme) -> None:
    import pygame

    if view.dice is None or view.viewer_to_move is None:
        return
    a, b = view.dice
    values = [a, a, a, a] if a == b else [a, b]
    used = list(view.dice_used)
    rects = lay.die_rects(view.viewer_to_move, len(values))
    for value, rect in zip(values, rects):
        is_used = value in used
        if is_used:
            used.remove(value)
        body = theme.die_used if is_used else theme.die
        radius = max(3, rect.w // 6)
        pygame.draw.rect(surface, body, rect.tuple(), border_radius=radius)
        pygame.draw.rect(surface, theme.die_pip, rect.tuple(), max(1, rect.w // 20),
                         border_radius=radius)
        pip_r = max(2, rect.w // 11)
        for fx, fy in _PIPS[value]:
            pygame.draw.circle(surface, theme.die_pip,
                               (rect.x + round(fx * rect.w), rect.y + round(fy * rect.h)), pip_r)


def _frame_point(surface: "pygame.Surface", lay: BoardLayout, p: int, colour: RGB,
                 width: int) -> None:
    import pygame

    if p == BAR:
        rect = lay.bar
    elif p == OFF:
        rect = lay.tray_mine
    else:
        g = lay.point(p)
        t = g.target
        rect = Rect(t.x, lay.field.y if g.top else lay.field.center[1], t.w,
                    lay.field.h // 2)
    pygame.draw.rect(surface, colour, rect.inflate(1, 1).tuple(), width, border_radius=4)


def _focus(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme) -> None:
    """Cursor, held checker and scanned point: thick frames in the highlight colour."""
    import pygame

    width = max(4, lay.checker // 9)
    if view.cursor is not None:
        _frame_point(surface, lay, view.cursor, theme.highlight, width)
    if view.highlight and view.highlight[0] == "point":
        _frame_point(surface, lay, _int(view.highlight[1]), theme.highlight, width)
    if view.held is not None:
        centre = _top_checker(view, lay, view.held)
        pygame.draw.circle(surface, theme.highlight, centre, lay.checker // 2 + width // 2, width)


def _top_checker(view: BoardView, lay: BoardLayout, p: int) -> tuple[int, int]:
    pos = view.position
    if p == BAR:
        stack = bar_stack(lay, max(1, pos.bar[0]), True)
    elif p == OFF:
        return lay.tray_mine.center
    else:
        stack = point_stack(lay, p, max(1, abs(pos.points[p - 1])), bool(pos.pins[p - 1]))
    return stack.centres[-1] if stack.centres else point_centre(lay, p)


# ------------------------------------------------------------------ panel
def _panel(surface: "pygame.Surface", view: BoardView, lay: BoardLayout, theme: Theme,
           fonts: Fonts, geo: PanelGeometry) -> None:
    import pygame

    panel = lay.panel
    line = panel.line_h
    styles = panel_styles(theme, line)
    x = panel.header.x + 6
    _header(surface, view, panel, theme, fonts, styles)
    st = styles["status"]
    small = fonts.get(st.size)
    y = panel.status.y + 2
    step = line
    pages = shown_status_pages(fonts, theme, panel, view.status, view.lang, not view.status_all)
    at = min(view.status_page, len(pages) - 1)
    page = pages[at]
    more_button = dict(geo.actions).get(MORE)
    for i, text in enumerate(page):
        if len(pages) > 1 and i == len(page) - 1:
            if more_button is not None:
                break  # "more… (page 1 of 2)" is the More button's label, drawn with the buttons
            if small.size(text)[0] > panel.status.w - 12:  # "end (3/3)" where it is too long
                text = page_marker(view.lang, at, len(pages), short=True)
        img = small.render(_fit(small, text, panel.status.w - 12), True, st.colour)
        surface.blit(img, (x, y))
        y += step
    if geo.scan is not None and view.scan is not None:
        _scan_strip(surface, view, geo.scan, theme, fonts, line)
    if view.plays and geo.plays:  # (no list where the scan strip took its room)
        start, end = geo.page
        title = words.text("board.plays_more", view.lang, start=start + 1, end=end, count=len(view.plays)) \
            if len(view.plays) > end - start else words.text("board.plays", view.lang)
        st = styles["list_title"]
        font = fonts.get(st.size)
        img = font.render(_fit(font, title, geo.list_title.w - 12), True, st.colour)
        surface.blit(img, (geo.list_title.x + 6, geo.list_title.y))
        st = styles["more"]
        room = geo.more.w - 12 if geo.more is not None else 0
        more = more_text(view, geo, lambda line: line_font(fonts, line, room, st.size
                                                           ).size(line)[0] <= room)
        if more and geo.more is not None:
            # smaller, down to large bold type, rather than cut: "▼ More: plays 5–8 (Page
            # Down)" whole at 20 px in the 316 px of 1024x700, where at 22 px it was cut
            font = line_font(fonts, more, room, st.size)
            img = font.render(_fit(font, more, room), True, st.colour)
            surface.blit(img, (geo.more.x + 6, geo.more.y))
    for number, rect in geo.plays:
        _play_button(surface, view, number, rect, theme, fonts)
    _action_buttons(surface, view, geo, theme, fonts, page if len(pages) > 1 else None,
                    styles["status"].size, (at, len(pages)))
    del pygame


def turn_line(view: BoardView) -> str:
    """Whose turn, and while a remote's first digit waits for a second, what OK does now
    ("Your turn   [1] OK: play 1")."""
    if not view.digits:
        return view.turn
    return f"{view.turn}   {words.text('window.digits_wait', view.lang, digits=view.digits)}"


def _header(surface: "pygame.Surface", view: BoardView, panel: PanelLayout, theme: Theme,
            fonts: Fonts, styles: dict[str, TextStyle]) -> None:
    """Title, score, legend, whose turn and the marks' key, row under row; in a short
    panel the last rows (the marks' key) go first."""
    line = panel.line_h
    x = panel.header.x + 6
    y = panel.header.y + 2
    width = panel.header.w - 12
    roles, turn = header_roles(fonts, theme, view, panel)
    rows: list[tuple[str, str, int]] = [
        ("title", view.title, 0), ("score", view.score, 0), ("legend", "", 0),
        ("turn", turn, 0),
        ("marks", "", 0)]
    for role, text, _index in (row for row in rows if row[0] in roles):
        if y + line > panel.header.bottom + 2:
            break  # a short panel: the marks' key goes first
        st = styles[role]
        if role == "legend":
            # the turn's rows come first: a short header keeps the legend on one row
            turns = len(turn_rows(fonts, turn, width, styles["turn"].size)[0]) \
                if turn and "turn" in roles else 0
            room = max(1, (panel.header.bottom + 2 - y) // line - turns)
            y += line * _legend(surface, view, theme, fonts, st, (x, y), width, line, room)
        elif role == "marks":
            # two rows stay for the marks: the panel does not jump as marks come
            room = min(MARK_ROWS + pin_rows(view), (panel.header.bottom + 2 - y) // line)
            marks = marks_parts(view, theme)
            font = fonts.get(st.size)
            for (kind, colour, _label), lines in zip(marks, marks_fit(
                    font, [label for _k, _c, label in marks], width - legend_icon(line) - 8,
                    room)):
                for i, text in enumerate(lines):
                    _mark(surface, kind if i == 0 else "", colour, text, fonts, st, (x, y),
                          width, line, theme)
                    y += line
        elif role == "score" and text:
            lines, fitted = score_rows(fonts, text, width, st.size)
            for row in lines[:max(1, (panel.header.bottom + 2 - y) // line)]:
                surface.blit(fitted.render(row, True, st.colour), (x, y))
                y += line
        elif role == "turn" and text:
            lines, fitted = turn_rows(fonts, text, width, st.size)
            if len(lines) > max(1, (panel.header.bottom + 2 - y) // line):
                # no room for two rows: one, smaller, whole (never its first half alone)
                lines, fitted = _fitting(fonts, text, width, line, st.size)
                lines = lines[:1]
            for row in lines:
                surface.blit(fitted.render(row, True, st.colour), (x, y))
                y += line
        elif text:
            lines, fitted = _fitting(fonts, text, width, line, st.size)
            surface.blit(fitted.render(lines[0], True, st.colour), (x, y))
            y += line


#: The header's rows in the order a short one keeps them (:func:`header_roles`): whose turn (the
#: review's place), the legend, the score, the title, the marks' key; in a game the score
#: comes before the legend (:data:`GAME_PRIORITY`).
HEADER_PRIORITY = ("turn", "legend", "score", "title", "marks")
GAME_PRIORITY = ("turn", "score", "legend", "title", "marks")


def header_roles(fonts: Fonts, theme: Theme, view: BoardView, panel: PanelLayout
                 ) -> tuple[tuple[str, ...], str]:
    """The header's rows drawn, in their order, and whose turn as drawn: every row, and
    :func:`turn_line`; but where the buttons are under the board (``panel.buttons_below``, a
    review in a short window) only those of :data:`HEADER_PRIORITY` that the header's rows
    hold, each whole, and the review's place on one row without "Review:" ("Mistake 1 of 11
    (You)", «Λάθος 1 από 11 (Εσύ)») where its two rows do not fit."""
    turn = turn_line(view)
    roles = ("title", "score", "legend", "turn", "marks")
    if not panel.buttons_below:
        return roles, turn
    styles = panel_styles(theme, panel.line_h)
    width = panel.header.w - 12
    room = max(1, (panel.header.h - 2) // panel.line_h)
    need = {"title": 1 if view.title else 0, "marks": MARK_ROWS + pin_rows(view)}
    need["turn"] = len(turn_rows(fonts, turn, width, styles["turn"].size)[0]) if turn else 0
    if need["turn"] > room and view.place and not view.digits:
        turn, need["turn"] = view.place, 1
    need["score"] = len(score_rows(fonts, view.score, width, styles["score"].size)[0]) \
        if view.score else 0
    labels = [label for _f, _e, label in legend_parts(view, theme)]
    need["legend"] = len(legend_rows(fonts.get(styles["legend"].size), labels, width,
                                     legend_icon(panel.line_h))) if labels else 0
    kept: set[str] = set()
    used = 0
    for role in HEADER_PRIORITY if view.place else GAME_PRIORITY:
        if need[role] and used + need[role] <= room:
            kept.add(role)
            used += need[role]
    return tuple(role for role in roles if role in kept), turn


def _action_buttons(surface: "pygame.Surface", view: BoardView, geo: PanelGeometry, theme: Theme,
                    fonts: Fonts, page: list[str] | None, status_size: float,
                    at: tuple[int, int] = (0, 1)) -> None:
    """The action buttons; More (while ``page``, the status's page shown, is one of several)
    says which page, in the status under the rows it continues: "more… (page 1 of 3)", or
    where that is not whole in large bold type, "more… (1/3)" (``at``: the page shown,
    0-based, and how many)."""
    for i, (key, rect) in enumerate(geo.actions):
        label = dict(view.actions).get(key, key)
        size = None
        if key == MORE and page is not None:
            label = page[-1]
            if not view.status_all:  # a game's one-row More: its words as large as the status's
                size = max(rect.h * 0.45, status_size)
            inside = _inside(rect)
            lines, _font = _fitting(fonts, label, inside.w - 8, inside.h - 4,
                                    max(rect.h * 0.45 if size is None else size, LARGE_BOLD_PX),
                                    LARGE_BOLD_PX)
            if " ".join(lines) != label:
                label = page_marker(view.lang, at[0], at[1], short=True)
        focused = (view.action_focus == i) or view.highlight == ("action", key)
        _button(surface, rect, label, theme, fonts, focused,
                dwell=_dwell_for(view, ("action", key)), size=size)


def shown_status_pages(fonts: Fonts, theme: Theme, panel: PanelLayout,
                       status: tuple[str, ...] | list[str], lang: str,
                       newest: bool = True) -> list[list[str]]:
    """The status's pages as the panel shows them (:func:`status_pages`): a game's newest
    messages, or (``newest`` False) the review's whole answer; the page marker is the More
    button, :func:`~.layout.more_rows` rows high."""
    small = fonts.get(panel_styles(theme, panel.line_h)["status"].size)
    fit = status_fit(panel)
    marker = more_rows(panel, newest)
    return status_pages(small, status, panel.status.w - 12, fit, lang, newest, marker)


def status_pages(font: "pygame.font.Font", status: tuple[str, ...] | list[str], width: int,
                 fit: int, lang: str, newest: bool = True,
                 marker_rows: int = 1) -> list[list[str]]:
    """The status's rows as pages of at most ``fit`` rows, nothing cut off: ``status``'s
    sentences wrapped to ``width`` (with ``newest``, only the newest sentences that fit,
    each whole: a game's last messages; else all of them: the review's answer). When they
    need more than one page each page ends with a row that says so ("more… (page 1 of
    2)", «…συνέχεια (σελίδα 1 από 2)»; the last "end (page 2 of 2)"), which takes
    ``marker_rows`` rows."""
    rows: list[str] = []
    for text in (reversed(status) if newest else status):
        wrapped = _wrap(font, text, width)
        if not newest:
            rows += wrapped
            continue
        if rows and len(rows) + len(wrapped) > fit:
            break  # an older message: the newest ones stay whole
        rows = wrapped + rows
    if len(rows) <= fit:
        return [rows]
    per = max(1, fit - marker_rows)
    chunks = [rows[i:i + per] for i in range(0, len(rows), per)]
    last = len(chunks)
    # the marker whole: the More button's label, made smaller there to fit (cut when drawn as a
    # row of text)
    return [chunk + [words.text("review.status_more" if k < last else "review.status_last", lang,
                                page=k, pages=last)]
            for k, chunk in enumerate(chunks, 1)]


def page_marker(lang: str, at: int, pages: int, short: bool = False) -> str:
    """The row that ends page ``at`` (0-based) of ``pages``: "more… (page 1 of 3)", on the
    last "end (page 3 of 3)"; ``short``: "more… (1/3)", "end (3/3)" («…συνέχεια (1/3)»).

    >>> page_marker("el", 0, 3, short=True), page_marker("en", 2, 3)
    ('…συνέχεια (1/3)', 'end (page 3 of 3)')
    """
    key = "review.status_more" if at < pages - 1 else "review.status_last"
    return words.text(key + ("_short" if short else ""), lang, page=at + 1, pages=pages)


def _legend(surface: "pygame.Surface", view: BoardView, theme: Theme, fonts: Fonts,
            st: TextStyle, at: tuple[int, int], width: int, line: int, room: int = 2) -> int:
    """Each side's checker drawn small, then its words: "You: white ○ · Rita: black ●", on
    one row or (:func:`legend_rows`) one row each, in at most ``room`` rows; the rows drawn."""
    parts = legend_parts(view, theme)
    if not parts:
        return 0
    font = fonts.get(st.size)
    d = legend_icon(line)
    y = at[1]
    rows = legend_rows(font, [label for _f, _e, label in parts], width, d)
    if len(rows) > room:
        rows = [legend_fit(font, [label for _f, _e, label in parts], width, d)]
    i = 0
    for row in rows:
        for left, text in row:
            fill, edge, _label = parts[i]
            i += 1
            x = at[0] + left
            _checker(surface, (x + d // 2, y + line // 2), d, fill, edge)
            img = font.render(text, True, st.colour)
            surface.blit(img, img.get_rect(midleft=(x + d + 6, y + line // 2)))
        y += line
    return len(rows)


def legend_rows(font: "pygame.font.Font", labels: list[str], width: int, icon: int
                ) -> list[list[tuple[int, str]]]:
    """The legend's rows: one (:func:`legend_fit`) while each side's words show whole there,
    with or without the shape; else one row each, so that no name is cut («Πρώτη Ρίτα:
    λευκά» «Δεύτερη Ρίτα: μαύρα», where one row read «Πρώτη Ρίτ… Δεύτερη Ρ…»)."""
    one = legend_fit(font, labels, width, icon)
    if all(text in (label, label.rsplit(" ", 1)[0]) for (_x, text), label in zip(one, labels)):
        return [one]
    room = width - icon - 6
    rows = []
    for label in labels:
        shown = next((text for text in (label, label.rsplit(" ", 1)[0])
                      if font.size(text)[0] <= room), _fit(font, label, room))
        rows.append([(0, shown)])
    return rows


def score_rows(fonts: Fonts, text: str, width: int, size: float
               ) -> tuple[list[str], "pygame.font.Font"]:
    """The score's rows and font, whole and readable in ``width`` pixels: one row at
    ``size`` or smaller down to :data:`LARGE_BOLD_PX` (:func:`line_font`); else two rows at
    ``size``, broken at the " · " before the match's length ("Εσύ: 0 · Ρίτα: 0" "αγώνας
    στον έναν πόντο" at 1024x700, where one row shrank to 12 px); else each side and the
    length on its own row, a name never parted from its score («Πρώτη Ρίτα: 0» «Δεύτερη
    Ρίτα: 2» «αγώνας στον έναν πόντο», where «2» began the second row); else the length
    wrapped under the sides, down to large bold type («Εσύ: 0 · Ρίτα: 0» «αγώνας στους
    τρεις» «πόντους» at 480x360, where one row was cut at 12 px); else broken at spaces;
    only when even that is too wide, one row made smaller (:func:`_fitting`)."""
    font = line_font(fonts, text, width, size)
    if font.size(text)[0] <= width:
        return [text], font
    font = fonts.get(size)
    parts = text.split(" · ")
    for cut in range(len(parts) - 1, 0, -1):
        rows = [" · ".join(parts[:cut]), " · ".join(parts[cut:])]
        if all(font.size(row)[0] <= width for row in rows):
            return rows, font
    if len(parts) == 3 and all(font.size(row)[0] <= width for row in parts):
        return parts, font
    s = int(size)
    while len(parts) > 1:  # the match's length wrapped under the sides, down to large bold type
        font = fonts.get(s)
        head = " · ".join(parts[:-1])
        rows = ([head] if font.size(head)[0] <= width else parts[:-1]) + _wrap(font, parts[-1],
                                                                              width)
        if len(rows) <= len(parts) + 1 and all(font.size(row)[0] <= width for row in rows):
            return rows, font  # «Εσύ: 0 · Ρίτα: 0» «αγώνας στους τρεις» «πόντους» at 480x360
        if s <= LARGE_BOLD_PX:
            break
        s -= 1
    return _two_rows_or_smaller(fonts, fonts.get(size), text, width, size)


def _two_rows_or_smaller(fonts: Fonts, font: "pygame.font.Font", text: str, width: int, size: float
                         ) -> tuple[list[str], "pygame.font.Font"]:
    """``text`` wrapped at spaces into two rows of ``font`` when they fit ``width``; else one
    row made smaller (:func:`_fitting`)."""
    rows = _wrap(font, text, width)
    if len(rows) <= 2 and all(font.size(row)[0] <= width for row in rows):
        return rows, font
    lines, font = _fitting(fonts, text, width, font.get_linesize(), size)
    return lines[:1], font


def turn_rows(fonts: Fonts, text: str, width: int, size: float
              ) -> tuple[list[str], "pygame.font.Font"]:
    """Whose turn (or the review's place), whole and readable in ``width`` pixels: one row at
    ``size`` or smaller down to :data:`LARGE_BOLD_PX`; else two rows at ``size``, broken after
    the remote's digits' gap or the first colon («Ανασκόπηση:» «λάθος 1 από 11 (Εσύ)» at
    1024x700, where one row shrank to 17 px), or at spaces; only when even that is too wide,
    one row made smaller (:func:`_fitting`)."""
    font = line_font(fonts, text, width, size)
    if font.size(text)[0] <= width:
        return [text], font
    s = int(size)
    while True:  # two rows, as large as they fit, down to large bold type
        font = fonts.get(s)
        for sep, keep in (("   ", ""), (": ", ":")):
            head, found, rest = text.partition(sep)
            rows = [head + keep, rest]
            if found and all(font.size(row)[0] <= width for row in rows):
                return rows, font
        if s <= LARGE_BOLD_PX:
            break
        s -= 1
    return _two_rows_or_smaller(fonts, fonts.get(size), text, width, size)


def line_font(fonts: Fonts, text: str, width: int, size: float) -> "pygame.font.Font":
    """The font for one row of ``text`` in ``width`` pixels: the largest from ``size`` down
    to large bold type (:data:`LARGE_BOLD_PX`, the least readable) that holds it, else that
    least."""
    s = int(size)
    while s > LARGE_BOLD_PX and fonts.get(s).size(text)[0] > width:
        s -= 1
    return fonts.get(max(s, min(size, LARGE_BOLD_PX)))


def header_lines(fonts: Fonts, theme: Theme, view: BoardView, panel: PanelLayout) -> int:
    """Rows the panel's header needs for ``view``: :data:`~.layout.HEADER_LINES`, one more
    for each row more the score takes (:func:`score_rows`), one more when whose turn takes
    two (:func:`turn_rows`), one more when the legend does (:func:`legend_rows`)."""
    styles = panel_styles(theme, panel.line_h)
    width = panel.header.w - 12
    rows, _font = score_rows(fonts, view.score, width, styles["score"].size) if view.score \
        else ([""], None)
    turn = turn_line(view)
    turns, _font = turn_rows(fonts, turn, width, styles["turn"].size) if turn else ([""], None)
    labels = [label for _f, _e, label in legend_parts(view, theme)]
    legend = legend_rows(fonts.get(styles["legend"].size), labels, width,
                         legend_icon(panel.line_h)) if labels else [[]]
    return HEADER_LINES + len(rows) - 1 + len(turns) - 1 + len(legend) - 1 + pin_rows(view)


def legend_icon(line: int) -> int:
    """The legend's checker drawn beside each side's words, in pixels across."""
    return max(8, int(line * 0.8))


def legend_fit(font: "pygame.font.Font", labels: list[str], width: int, icon: int
               ) -> list[tuple[int, str]]:
    """Where each side's words go in the legend's row (x from its left, each after its
    ``icon``-wide checker) and the words shown: in equal halves where each fits its half;
    else each as wide as it needs ("You: white ○" beside "Rita: black ●" at 1024x700);
    else without the shape after the colour, which the checker drawn beside it shows
    ("You: white"); only when even that is too wide, cut with an ellipsis."""
    room = icon + 6 + 8  # the checker, the gap after it, the gap before the next side
    share = width // max(1, len(labels))
    if all(font.size(label)[0] <= share - room for label in labels):
        return [(i * share, label) for i, label in enumerate(labels)]
    for shown in (labels, [label.rsplit(" ", 1)[0] for label in labels]):
        if sum(font.size(text)[0] + room for text in shown) <= width + 8:
            out, x = [], 0
            for text in shown:
                out.append((x, text))
                x += font.size(text)[0] + room
            return out
    return [(i * share, _fit(font, label, share - room)) for i, label in enumerate(labels)]


#: Rows of the panel's header that explain the board's marks.
MARK_ROWS = 2


def marks_fit(font: "pygame.font.Font", labels: list[str], width: int, rows: int
              ) -> list[list[str]]:
    """The lines of each mark's words in ``rows`` rows of ``width`` pixels: wrapped where
    they need it and the rows hold them all ("Magenta, thick frame:" "selected" when it is
    the only mark, at 1024x700), else one row each, cut with an ellipsis."""
    wrapped = [_wrap(font, label, width) for label in labels]
    if (sum(len(lines) for lines in wrapped) <= rows
            and all(font.size(text)[0] <= width for lines in wrapped for text in lines)):
        return wrapped
    return [[_fit(font, label, width)] for label in labels[:rows]]


def _mark(surface: "pygame.Surface", kind: str, colour: RGB, label: str, fonts: Fonts,
          st: TextStyle, at: tuple[int, int], width: int, line: int, theme: Theme) -> None:
    """One mark of the board drawn as it appears there, then what it means (a mark's
    second row of words, ``kind`` "", under its first, without the mark)."""
    import pygame

    x, y = at
    d = legend_icon(line)
    w = max(2, line // 8)
    if kind == "":
        pass
    elif kind == "underline":
        pygame.draw.line(surface, colour, (x, y + line - w), (x + d, y + line - w), w)
    elif kind == "pin":  # a pinned checker as the board draws it, ring and hatching
        _pinned(surface, (x + d // 2, y + line // 2), d, theme.theirs, theme.theirs_edge, colour)
    else:  # the selected item: a thick frame (a point) around a fill (a button)
        top = y + (line - d) // 2
        w = max(3, d // 5)
        pygame.draw.rect(surface, colour, (x, top, d, d), w, border_radius=3)
        inner = d - 4 * w
        if inner > 0:
            pygame.draw.rect(surface, colour, (x + 2 * w, top + 2 * w, inner, inner))
    font = fonts.get(st.size)
    img = font.render(_fit(font, label, width - d - 8), True, st.colour)
    surface.blit(img, img.get_rect(midleft=(x + d + 8, y + line // 2)))


def _dwell_for(view: BoardView, target: tuple[str, object]) -> float:
    if view.dwell is not None and view.dwell[0] == target:
        return view.dwell[1]
    return 0.0


def _button(surface: "pygame.Surface", rect: Rect, label: str, theme: Theme, fonts: Fonts,
            focused: bool, dwell: float = 0.0, size: float | None = None) -> None:
    import pygame

    radius = max(4, rect.h // 6)
    fill = theme.highlight if focused else theme.button
    text = theme.background if focused else theme.button_text
    pygame.draw.rect(surface, fill, rect.tuple(), border_radius=radius)
    pygame.draw.rect(surface, theme.button_edge, rect.tuple(), _edge_width(rect, focused),
                     border_radius=radius)
    _text_in(surface, fonts, label, _inside(rect), rect.h * 0.45 if size is None else size, text,
             floor=LARGE_BOLD_PX)
    _dwell_bar(surface, rect, dwell, theme)


def _edge_width(rect: Rect, focused: bool) -> int:
    """A button's edge: thin, or for the focused or scanned button (filled in the highlight
    colour) thick, so it stands out by its shape too, not by colour alone."""
    thin = max(2, rect.h // 20)
    return max(FOCUS_EDGE, 3 * thin) if focused else thin


def _inside(rect: Rect) -> Rect:
    """Where a button's label goes: inside the thick edge it has when focused or scanned,
    focused or not (the label keeps its size as the highlight moves)."""
    inset = _edge_width(rect, True) - _edge_width(rect, False)
    return Rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset)


def _dwell_bar(surface: "pygame.Surface", rect: Rect, dwell: float, theme: Theme) -> None:
    import pygame

    if dwell <= 0:
        return
    h = max(4, rect.h // 8)
    pygame.draw.rect(surface, theme.help, (rect.x + 4, rect.bottom - h - 3,
                                           round((rect.w - 8) * dwell), h))


def _play_button(surface: "pygame.Surface", view: BoardView, number: int, rect: Rect,
                 theme: Theme, fonts: Fonts) -> None:
    import pygame

    focused = (view.list_focus == number - 1) or view.highlight == ("play", number)
    chosen = view.pending == number
    radius = max(4, rect.h // 6)
    fill = theme.highlight if focused else theme.button
    text = theme.background if focused else theme.button_text
    pygame.draw.rect(surface, fill, rect.tuple(), border_radius=radius)
    edge_w = max(_edge_width(rect, focused), max(2, rect.h // 20) * (3 if chosen else 1))
    pygame.draw.rect(surface, theme.help if chosen else theme.button_edge, rect.tuple(), edge_w,
                     border_radius=radius)
    badge = Rect(rect.x + 4, rect.y + 4, rect.h - 8, rect.h - 8)
    pygame.draw.rect(surface, text, badge.tuple(), border_radius=max(3, badge.h // 5))
    digits = fonts.get(rect.h * (0.55 if number < 100 else 0.4))
    num = digits.render(str(number), True, fill)
    surface.blit(num, num.get_rect(center=badge.center))
    label = view.plays[number - 1] + ("  ✓" if chosen else "")
    short, written = ("", "")
    if number <= min(len(view.plays_short), len(view.plays_notation)):
        short, written = view.plays_short[number - 1], view.plays_notation[number - 1]
    lines, font, left = play_label_fit(fonts, label, rect, short, written)
    _draw_lines(surface, lines, font, _inside(rect), text, left=left)
    _dwell_bar(surface, rect, _dwell_for(view, ("play", number)), theme)


def _scan_strip(surface: "pygame.Surface", view: BoardView, rect: Rect, theme: Theme,
                fonts: Fonts, line: int) -> None:
    """The scanned level: its trail and position, then the highlighted option in large type."""
    import pygame

    scan = view.scan
    assert scan is not None
    small = fonts.get(line * 0.7)
    head = scan_head(view.lang, scan, lambda text: small.size(text)[0] <= rect.w - 10)
    img = small.render(_fit(small, head, rect.w - 10), True, theme.muted)
    surface.blit(img, (rect.x + 6, rect.y))
    box = Rect(rect.x, rect.y + line, rect.w, rect.h - line)
    if scan.paused or scan.index is None:
        label = words.text("board.scan_paused", view.lang) if scan.paused else ""
        focused = False
    else:
        label = scan.options[scan.index]
        focused = True
    radius = max(4, box.h // 6)
    pygame.draw.rect(surface, theme.highlight if focused else theme.button, box.tuple(),
                     border_radius=radius)
    edge = _edge_width(box, focused)
    pygame.draw.rect(surface, theme.button_edge, box.tuple(), edge, border_radius=radius)
    colour = theme.background if focused else theme.text
    # the label inside the edge: a thick one (the scanned option's) takes room from the text;
    # in large bold type at least where it is whole so («Από το 8: τρεις κινήσεις» at 480x360,
    # drawn at 17 px), else smaller
    inner_w, inner_h = box.w - 12 - 2 * edge, box.h - 2 - 2 * edge
    lines, font = box_lines(fonts, label, inner_w, inner_h, max(box.h * 0.5, LARGE_BOLD_PX),
                            LARGE_BOLD_PX)
    if any(row.endswith("…") for row in lines):
        lines, font = box_lines(fonts, label, inner_w, inner_h, box.h * 0.5,
                                max(12.0, line * 0.55))
    step = font.get_linesize()
    top = box.center[1] - step * len(lines) // 2
    for i, row in enumerate(lines):
        img = font.render(row, True, colour)
        surface.blit(img, img.get_rect(center=(box.center[0], top + step * i + step // 2)))


def scan_head(lang: str, scan: ScanStrip, fits: Callable[[str], bool]) -> str:
    """The line above the scanned option: "Scanning", the picks that led there and the
    option's place ("Scanning: From 24: 7 plays › From 24 › To 23  (1/6)"). When it does not
    ``fits``, the earliest picks give way first ("Scanning: … › From 24 › To 23  (1/6)"), so
    the newest pick, a step just taken, and the place stay in sight; then "Scanning" itself
    ("Try again  (1/4)" at 480x360, where it read "Scanning: Try again  (…").

    >>> scan_head("en", ScanStrip(("From 24: 7 plays", "From 24", "To 23"), ("From 22",), 0),
    ...           lambda text: len(text) <= 40)
    'Scanning: … › From 24 › To 23  (1/1)'
    >>> scan_head("en", ScanStrip(("Try again",), ("From 13: 4 plays",), 0),
    ...           lambda text: len(text) <= 20)
    'Try again  (1/1)'
    """
    place = (f"  ({scan.index + 1}/{len(scan.options)})"
             if scan.index is not None and scan.options else "")
    lead = words.text("board.scanning", lang)
    trail = list(scan.trail)
    head = lead + (": " + " › ".join(trail) if trail else "") + place
    while len(trail) > 1 and not fits(head):
        trail.pop(0)
        head = lead + ": … › " + " › ".join(trail) + place
    if trail and not fits(head):
        head = ("… › " if len(trail) < len(scan.trail) else "") + " › ".join(trail) + place
    return head


def box_lines(fonts: Fonts, text: str, width: int, height: int, size: float, smallest: float
              ) -> tuple[list[str], "pygame.font.Font"]:
    """Lines and a font that show all of ``text`` in ``width`` × ``height`` pixels, as large
    as they fit: at each size from ``size`` down to ``smallest`` the text on one line, else
    wrapped at spaces onto the lines the height holds (a long play in words wraps in large
    type rather than shrinking on one line). When even the smallest size cannot hold it, a
    play's notation in brackets at the end gives way to its words; only then the words end
    with an ellipsis (:func:`_fitting`)."""
    s = size
    while True:
        font = fonts.get(s)
        lines = [text] if font.size(text)[0] <= width else _wrap(font, text, width)
        if (font.get_linesize() * len(lines) <= height
                and all(font.size(row)[0] <= width for row in lines)):
            return lines, font
        if s <= smallest:
            break
        s = max(smallest, s * 0.92)
    if text.endswith(")") and " (" in text:
        return box_lines(fonts, text[:text.rindex(" (")], width, height, size, smallest)
    return _fitting(fonts, text, width, height, smallest)


def _wrap(font: "pygame.font.Font", text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels, at spaces."""
    lines: list[str] = []
    current = ""
    for w in text.split():
        trial = f"{current} {w}" if current else w
        if current and font.size(trial)[0] > width:
            lines.append(current)
            current = w
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _fitting(fonts: Fonts, text: str, width: int, height: int, size: float, floor: float = 0.0
             ) -> tuple[list[str], "pygame.font.Font"]:
    """Lines and a font that show all of ``text`` in ``width`` × ``height`` pixels.

    A label is never cut while it can be shown whole: at the largest size that
    shows it whole, on one line or wrapped onto the lines the height holds (two
    lines of "Next mistake" in a narrow button rather than one line in small
    type), down to 60 % of ``size`` (never under ``floor``); smaller, it wraps onto as many
    lines as fit the height; only a text too long even then ends with an ellipsis.
    """
    smallest = max(10.0, size * 0.6, floor)
    s = size
    while s > smallest:
        font = fonts.get(s)
        if font.size(text)[0] <= width:
            return [text], font
        wrapped = _wrap(font, text, width)
        if (len(wrapped) * font.get_linesize() <= height
                and all(font.size(line)[0] <= width for line in wrapped)):
            return wrapped, font
        s *= 0.92
    font = fonts.get(smallest)
    if font.size(text)[0] <= width:
        return [text], font
    room = max(1, height // max(1, font.get_linesize()))
    lines = _wrap(font, text, width)
    if len(lines) <= room and all(font.size(line)[0] <= width for line in lines):
        return lines, font
    s = size
    while True:  # a word too long for the width at every size: split at a syllable
        s = max(s, smallest)  # the smallest size is tried too
        broken = _wrap_syllables(fonts.get(s), text, width)
        if broken and len(broken) * fonts.get(s).get_linesize() <= height:
            return broken, fonts.get(s)
        if s <= smallest:
            break
        s *= 0.92
    if len(lines) > room:
        lines = lines[:room - 1] + [_fit(font, " ".join(lines[room - 1:]), width)]
    return [_fit(font, line, width) for line in lines], font


#: Greek vowels: a Greek word may break between a vowel and the single consonant before the
#: next vowel («Επανά-ληψη», «Συμβου-λή»), a syllable boundary in every Greek word.
_GREEK_VOWELS = frozenset("αεηιουωάέήίόύώϊϋΐΰΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ")


def _syllable_breaks(word: str) -> list[int]:
    """Where a Greek ``word`` may be hyphenated: before a consonant between two vowels,
    at least two letters from either end; none in other scripts."""
    def greek(c: str) -> bool:
        return "\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff"

    def vowel(c: str) -> bool:
        return c in _GREEK_VOWELS

    return [i for i in range(2, len(word) - 1)
            if greek(word[i]) and not vowel(word[i]) and word[i].isalpha()
            and vowel(word[i - 1]) and vowel(word[i + 1])]


def _wrap_syllables(font: "pygame.font.Font", text: str, width: int) -> list[str] | None:
    """``text`` wrapped like :func:`_wrap`, a word wider than ``width`` split with a hyphen at
    its syllables (:func:`_syllable_breaks`); None when a word cannot be split to fit."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if font.size(trial)[0] <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        while font.size(word)[0] > width:  # the rest of a split word may share its line
            cuts = [i for i in _syllable_breaks(word) if font.size(word[:i] + "-")[0] <= width]
            if not cuts:
                return None
            lines.append(word[:cuts[-1]] + "-")
            word = word[cuts[-1]:]
        current = word
    if current:
        lines.append(current)
    return lines


def play_label_fit(fonts: Fonts, label: str, rect: Rect, short: str = "", written: str = ""
                   ) -> tuple[list[str], "pygame.font.Font", int]:
    """The lines and font of a play button's ``label`` (or its ``short`` words, or its
    notation, ``written``) in button ``rect`` (right of its number's badge,
    :func:`play_lines`) and the x they start at."""
    inner = _inside(rect)
    left = rect.x + 4 + (rect.h - 8) + 10  # the badge is a square inside the button's height
    if short and label.endswith("  ✓"):
        short, written = short + "  ✓", written + "  ✓"
    lines, font = play_lines(fonts, label, inner.right - left - 6, inner.h - 4, rect.h * 0.55,
                             short, written)
    return lines, font, left


def play_lines(fonts: Fonts, label: str, width: int, height: int, size: float,
               short: str = "", written: str = "") -> tuple[list[str], "pygame.font.Font"]:
    """A play button's label as :func:`_fitting` shows it while that is whole in large bold
    type (:data:`LARGE_BOLD_PX`) or over (wrapped: "from 24 to 21, from 24 to" "20  ✓"); the
    chosen play's without its tick where only that keeps its words whole there (its thick
    edge still marks it: «από το 24 στο 21,» «από το 24 στο 20» at 480x360); else its
    ``short`` words, the form a list is heard in ("bar to 22, 24 to 20 hitting" for "from the
    bar to 22, from 24 to 20 hitting", cut at 480x360), with the tick or without; else its
    notation alone, the brackets' content ("13/8(2) 13/3*" for "2 times 13 to 8, 13 to 3
    hitting (13/8(2) 13/3*)", with ``--notation``), in larger type than the words and
    notation would take; plays in words alone (``short`` given) show their notation,
    ``written``, only where neither their words nor their short words are whole in large
    bold type («13/8(2) 13/3*» on the 40 px rows of a scanned review at 1024x700, where
    «δύο φορές 13 στο 8, 13 στο 3 και χτυπάς» took 13 px), else the words as large as they
    are whole."""
    def whole(lines: list[str], text: str) -> bool:
        return " ".join(lines).split() == text.split()

    lines, font = _fitting(fonts, label, width, height, size)
    readable = fonts.get(LARGE_BOLD_PX).get_linesize()
    if font.get_linesize() >= readable and whole(lines, label):
        return lines, font
    tick = "  ✓" if label.endswith("  ✓") else ""
    bare = label[:len(label) - len(tick)]
    shorter = [bare] if tick else []
    if short:
        shorter += [short, short[:len(short) - len(tick)]] if tick else [short]
    for text in shorter:
        kept, kept_font = _fitting(fonts, text, width, height, size)
        if kept_font.get_linesize() >= readable and whole(kept, text):
            return kept, kept_font
    _words, bracket, rest = bare.partition(" (")
    if short and written:
        for text in (written, written[:len(written) - len(tick)]):
            kept, kept_font = _fitting(fonts, text, width, height, size)
            if kept_font.get_linesize() >= readable and whole(kept, text):
                return kept, kept_font
    if not bracket or not rest.endswith(")"):
        if short and not whole(lines, label):
            return _fitting(fonts, short, width, height, size)
        return lines, font
    notation = rest[:-1] + tick
    alone, alone_font = _fitting(fonts, notation, width, height, size)
    if whole(alone, notation) and (alone_font.get_linesize() > font.get_linesize()
                                   or not whole(lines, label)):
        return alone, alone_font
    return lines, font


def _text_in(surface: "pygame.Surface", fonts: Fonts, text: str, rect: Rect, size: float,
             colour: RGB, *, left: int | None = None, floor: float = 0.0) -> None:
    """Draw ``text`` whole inside ``rect`` (centred, or from x = ``left``), see :func:`_fitting`,
    no smaller than ``floor`` pixels (a button's label: large bold type)."""
    # a label in large bold type comes to 4 px of the inner edge: "Previous" whole in 101 px
    width = (rect.right - left - 6) if left is not None else rect.w - (8 if floor else 12)
    lines, font = _fitting(fonts, text, width, rect.h - 4, max(size, floor), floor)
    _draw_lines(surface, lines, font, rect, colour, left=left)


def _draw_lines(surface: "pygame.Surface", lines: list[str], font: "pygame.font.Font",
                rect: Rect, colour: RGB, *, left: int | None = None) -> None:
    """``lines`` in ``font`` centred in ``rect`` (each from x = ``left`` when given)."""
    step = font.get_linesize()
    top = rect.center[1] - step * len(lines) // 2
    for i, line in enumerate(lines):
        img = font.render(line, True, colour)
        centre_y = top + step * i + step // 2
        if left is None:
            surface.blit(img, img.get_rect(center=(rect.center[0], centre_y)))
        else:
            surface.blit(img, img.get_rect(midleft=(left, centre_y)))


def _fit(font: "pygame.font.Font", text: str, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _int(value: object) -> int:
    """A target's value as an int (targets carry ints for points and plays)."""
    return value if isinstance(value, int) else int(str(value))


def _shade(colour: RGB, factor: float) -> RGB:
    r, g, b = colour
    return (min(255, int(r * factor)), min(255, int(g * factor)), min(255, int(b * factor)))
