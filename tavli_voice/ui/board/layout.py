"""Board geometry: pure functions of the window size (no pygame, unit tested).

The board is drawn as Tavli players know it, seen from the *viewer* (the
person at the table, R1 numbering from their side): their home quarter,
points 1–6, is bottom right; 7–12 bottom left; 13–18 top left; 19–24 top
right. The bar runs down the middle, the borne-off trays are on the right
(the viewer's at the bottom, the opponent's at the top). Every rectangle is
recomputed from ``(width, height, scale)``, so a resized window is simply
laid out again.

Hit-testing is generous for mouse, touch and head pointers: a point's target
is its whole half column, from the rim (numbers included) to the middle of
the board, not just the thin triangle; the bar and trays are targets whole.

>>> lay = compute_layout(1280, 800)
>>> hit_point(lay, *lay.points[0].target.center)
1
>>> hit_point(lay, *lay.bar.center)
25
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Smallest window the layout supports (smaller sizes are laid out at this size).
MIN_SIZE = (480, 360)

#: The side panel's least width at scale 1, in pixels: the header's rows whole at readable
#: size (the marks' key, "You: white" beside "Rita: black") in an 800x600 window, where
#: 250 px cut them; the board gives up the width (it is square there, with room above).
PANEL_MIN_W = 320
#: Most checkers drawn on one point; taller stacks show a count label (R-free, visual).
MAX_STACK = 5
#: Columns across the board: 12 points, the bar, and the trays.
_COLUMNS = 12 + 1 + 1.3
BAR = 25
OFF = 0
THEIR_OFF = -1   #: the opponent's tray (for arrows of their plays)
THEIR_BAR = 26   #: the opponent's half of the bar


@dataclass(frozen=True, slots=True)
class Rect:
    """An integer rectangle (x, y, width, height), like ``pygame.Rect`` but pure."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: float, py: float) -> bool:
        """True when ``(px, py)`` lies inside (right and bottom edges excluded)."""
        return self.x <= px < self.right and self.y <= py < self.bottom

    def inflate(self, dx: int, dy: int) -> "Rect":
        """Grown by ``dx`` on the left and right and ``dy`` on top and bottom."""
        return Rect(self.x - dx, self.y - dy, self.w + 2 * dx, self.h + 2 * dy)

    def tuple(self) -> tuple[int, int, int, int]:
        """``(x, y, w, h)``, what ``pygame.Rect`` takes."""
        return (self.x, self.y, self.w, self.h)


def _r(x: float, y: float, w: float, h: float) -> Rect:
    return Rect(round(x), round(y), max(1, round(w)), max(1, round(h)))


@dataclass(frozen=True, slots=True)
class PointGeom:
    """One point (viewer's numbering): its triangle, hit target and label place."""

    number: int
    triangle: Rect        #: bounding box of the triangle
    top: bool             #: the triangle hangs from the top rim (apex down)
    target: Rect          #: generous hit area: the whole half column and its rim label
    label: tuple[int, int]  #: centre of the point number in the rim

    @property
    def base_y(self) -> int:
        """The y of the rim edge the checkers stack from."""
        return self.triangle.y if self.top else self.triangle.bottom

    @property
    def apex(self) -> tuple[int, int]:
        """The triangle's tip."""
        x = self.triangle.x + self.triangle.w // 2
        return (x, self.triangle.bottom if self.top else self.triangle.y)


@dataclass(frozen=True, slots=True)
class PanelLayout:
    """The side (or bottom) panel: header, list of plays, action buttons, status."""

    area: Rect
    header: Rect    #: game, score, whose turn, dice in words
    status: Rect    #: last message and the scanning trail
    list: Rect      #: the numbered plays (or the scanned options)
    actions: Rect   #: Roll / Confirm / Undo … buttons
    row_h: int      #: height of one play button
    line_h: int     #: height of one line of panel text
    scan: Rect      #: the scanning strip (used only while scanning)
    two_columns: bool = False  #: a wide panel: text on the left, buttons on the right
    status_lines: int = 3  #: rows of text the status holds (more while reviewing)
    header_lines: int = 6  #: rows of text the header holds (one more when the score wraps)
    #: the action buttons span the window under the board and the panel (a review in a short
    #: window, :func:`compute_layout`'s ``below``): the panel's column holds the header's rows
    #: that matter most (:func:`~.render.header_roles`), the status and the list
    buttons_below: bool = False


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Everything the renderer and the hit-tester need for one window size."""

    width: int
    height: int
    scale: float
    board: Rect           #: outer frame
    field: Rect           #: the playing surface, both halves and the bar
    left: Rect            #: left half (points 7–18)
    right: Rect           #: right half (points 1–6, 19–24)
    bar: Rect
    tray: Rect
    tray_mine: Rect       #: the viewer's borne-off checkers (bottom)
    tray_theirs: Rect     #: the opponent's (top)
    points: tuple[PointGeom, ...]  #: index ``i`` is point ``i + 1``
    checker: int          #: checker diameter in pixels
    panel: PanelLayout
    side_panel: bool      #: panel at the side (landscape) or below (portrait)

    @property
    def status_lines(self) -> int:
        """Rows of text the panel's status was laid out for."""
        return self.panel.status_lines

    def point(self, number: int) -> PointGeom:
        """Geometry of point ``number`` (1–24)."""
        return self.points[number - 1]

    def dice_box(self, mine: bool) -> Rect:
        """Where the dice lie: in the right half for the viewer, the left for the opponent."""
        half = self.right if mine else self.left
        size = self.checker
        w = size * 2 + size // 2
        cx, cy = half.center
        return Rect(cx - w // 2, cy - size // 2, w, size)

    def die_rects(self, mine: bool, count: int = 2) -> tuple[Rect, ...]:
        """One square per die (2, or 4 for doubles drawn as two pairs)."""
        box = self.dice_box(mine)
        size = box.h
        gap = size // 2
        total = count * size + (count - 1) * gap
        x0 = box.center[0] - total // 2
        return tuple(Rect(x0 + i * (size + gap), box.y, size, size) for i in range(count))


#: The panel's share of a short window's width at the match's end (the status's long offer).
END_PANEL = 0.56


def compute_layout(width: int, height: int, scale: float = 1.0,
                   status_lines: int = 3, header_lines: int = 6, below: int = 0,
                   scanning: bool = False, listed: bool = True) -> BoardLayout:
    """Lay out the board and the panel in a window of ``width`` × ``height``, the status
    ``status_lines`` rows high and the header ``header_lines`` (as room allows).

    Landscape windows get the panel at the right, portrait ones below the
    board. The board keeps a Tavli board's proportions (between 1:1 and
    1.55:1) and is centred in the space left. With ``below`` (a landscape window) the
    action buttons are ``below`` rows across the whole window under the board and the
    panel (:func:`below_rows`), where the board left room: a review at 480x360 and
    640x480, whose panel could not hold its header, answer, a play and the buttons; the
    scan strip then under the status (``scanning``, :func:`column_layout`), the list under it
    only when ``listed`` (else the status takes its room: the match's end).
    """
    width = max(int(width), MIN_SIZE[0])
    height = max(int(height), MIN_SIZE[1])
    margin = round(min(width, height) * 0.015) + 2
    side = width >= height * 1.15
    strip: Rect | None = None
    if side:
        panel_w = min(max(round(width * 0.32), round(PANEL_MIN_W * scale)), round(width * 0.5))
        if below and not listed:
            # nothing listed (the match's end): the board gives the status width
            panel_w = max(panel_w, round(width * END_PANEL))
        low = 0
        if below:
            button_h = round(BELOW_ROW_H * scale)
            low = below * button_h + (below - 1) * BUTTON_GAP + margin
            strip = Rect(margin, height - margin - low + margin, width - 2 * margin, low - margin)
        area = Rect(margin, margin, width - panel_w - 3 * margin, height - 2 * margin - low)
        panel_rect = Rect(area.right + margin, margin, panel_w, height - 2 * margin - low)
    else:
        panel_h = min(max(round(height * 0.38), round(220 * scale)), round(height * 0.55))
        area = Rect(margin, margin, width - 2 * margin, height - panel_h - 3 * margin)
        panel_rect = Rect(margin, area.bottom + margin, width - 2 * margin, panel_h)
    bw, bh = float(area.w), float(area.h)
    bw = min(bw, bh * 1.55)
    bh = min(bh, bw)
    board = _r(area.x + (area.w - bw) / 2, area.y + (area.h - bh) / 2, bw, bh)
    rim_v = max(bh * 0.065, 18 * min(scale, 1.6))
    rim_h = max(bw * 0.015, 4)
    unit = (board.w - 2 * rim_h) / _COLUMNS
    x0 = board.x + rim_h
    fy = board.y + rim_v
    fh = board.h - 2 * rim_v
    left = _r(x0, fy, 6 * unit, fh)
    bar = _r(x0 + 6 * unit, fy, unit, fh)
    right = _r(x0 + 7 * unit, fy, 6 * unit, fh)
    field = _r(x0, fy, 13 * unit, fh)
    tray = _r(x0 + 13 * unit + unit * 0.15, fy, unit * 1.15 - rim_h * 0.5, fh)
    tray_theirs = _r(tray.x, tray.y, tray.w, fh * 0.46)
    tray_mine = _r(tray.x, tray.bottom - fh * 0.46, tray.w, fh * 0.46)
    tri_h = fh * 0.42
    half_h = fh / 2
    checker = int(min(unit * 0.94, (half_h - 4) / MAX_STACK))
    points: list[PointGeom] = []
    for number in range(1, 25):
        col, top = _column(number)
        cx0 = x0 + col * unit + (unit if col >= 6 else 0)  # skip the bar on the right half
        tri = _r(cx0, fy if top else fy + fh - tri_h, unit, tri_h)
        if top:
            target = _r(cx0, board.y, unit, rim_v + half_h)
            label = (round(cx0 + unit / 2), round(board.y + rim_v / 2))
        else:
            target = _r(cx0, fy + half_h, unit, half_h + rim_v)
            label = (round(cx0 + unit / 2), round(board.bottom - rim_v / 2))
        points.append(PointGeom(number, tri, top, target, label))
    panel = (panel_layout(panel_rect, scale, status_lines, header_lines) if strip is None
             else column_layout(panel_rect, strip, scale, status_lines, header_lines, scanning,
                                listed))
    return BoardLayout(width, height, scale, board, field, left, right, bar, tray, tray_mine,
                       tray_theirs, tuple(points), checker, panel, side)


def _column(number: int) -> tuple[int, bool]:
    """Screen column (0–11, left to right, bar not counted) and row of a point."""
    if 13 <= number <= 24:
        return number - 13, True
    return 12 - number, False


#: Lines of the panel's header (the last ones, the marks' key, go first when room is short):
#: title, score, legend, whose turn, the marks' two rows; one more where the score takes two.
HEADER_LINES = 6


#: Rows of the status in a game: the last few messages.
STATUS_LINES = 3


def panel_layout(area: Rect, scale: float = 1.0, status_lines: int = STATUS_LINES,
                 header_lines: int = HEADER_LINES) -> PanelLayout:
    """Split the panel: header, status, scanning strip, the list of plays, actions.

    A tall panel (at the side) is one column; a wide one (below the board)
    has the header, status and scanning strip on the left and the plays and
    action buttons on the right, so the play buttons keep their full height.
    """
    line_h = max(14, round(26 * scale))
    pad = max(4, round(8 * scale))
    row_h = max(28, round(56 * scale))
    two = area.w > area.h * 1.3
    left = Rect(area.x, area.y, area.w // 2 - pad // 2, area.h) if two else area
    right = Rect(area.x + area.w // 2 + pad // 2, area.y, area.w - area.w // 2 - pad // 2,
                 area.h) if two else area
    # title, score, the legend of colours, whose turn, and the two marks explained
    header_h = min(line_h * header_lines + pad * 2, left.h // 3)
    # a taller status (the review's) may take up to a third of the panel, a game's a quarter
    status_h = min(line_h * status_lines + pad, left.h // (4 if status_lines <= STATUS_LINES else 3))
    scan_h = min(line_h * 3 + 12, left.h // 3)
    header = Rect(left.x, left.y, left.w, header_h)
    status = Rect(left.x, header.bottom, left.w, status_h)
    actions_h = min(round(64 * scale), right.h // 4)
    actions = Rect(right.x, right.bottom - actions_h, right.w, actions_h)
    if two:
        scan = Rect(left.x, status.bottom + pad, left.w, min(scan_h, left.bottom - status.bottom - pad))
        top = right.y
    else:
        scan = Rect(left.x, status.bottom + pad, left.w, scan_h)
        top = status.bottom + pad
    lst = Rect(right.x, top, right.w, max(row_h, actions.y - top - pad))
    return PanelLayout(area, header, status, lst, actions, row_h, line_h, scan, two, status_lines,
                       header_lines)


#: The height of a row of buttons under the board (``compute_layout``'s ``below``), at scale
#: 1: two rows of large bold type (18 px, 21 px a row) inside a focused button's thick edge.
BELOW_ROW_H = 56
#: Pixels between two buttons.
BUTTON_GAP = 8


def below_rows(width: int, height: int, count: int, scale: float = 1.0) -> int:
    """Rows of ``count`` buttons across a window of ``width`` × ``height`` (the strip under
    the board, :func:`compute_layout`'s ``below``), none narrower than :data:`BUTTON_MIN_W`.

    >>> below_rows(480, 360, 7), below_rows(480, 360, 3), below_rows(1280, 800, 7)
    (2, 1, 2)
    """
    width, height = max(int(width), MIN_SIZE[0]), max(int(height), MIN_SIZE[1])
    margin = round(min(width, height) * 0.015) + 2
    strip = width - 2 * margin
    return -(-count // row_count(strip, count, round(BUTTON_MIN_W * scale)))


def column_layout(area: Rect, strip: Rect, scale: float = 1.0, status_lines: int = STATUS_LINES,
                  header_lines: int = HEADER_LINES, scanning: bool = False,
                  listed: bool = True) -> PanelLayout:
    """The panel as a column beside the board with the buttons in ``strip`` under both: the
    header ``header_lines`` rows, the list under the status as short as a title and one play
    row, and the status, up to ``status_lines`` rows, between; the play's row at full height
    while the status keeps :data:`STATUS_LINES` rows, else as short as :data:`SHORTEST_ROW`
    (scaled). While ``scanning`` the scan strip is under the status and the list under it,
    where the column still holds a play's row (640x480); else the list is left out (480x360:
    the switch reaches the plays through Try again, each shown in the strip). Not ``listed``
    (the match's end), the status takes the list's room."""
    line_h = max(14, round(26 * scale))
    pad = max(4, round(8 * scale))
    row_h = max(28, round(56 * scale))
    shortest = max(28, round(SHORTEST_ROW * scale))
    header = Rect(area.x, area.y, area.w, min(line_h * header_lines + 4, area.h // 2))
    scan_h = line_h * 3 + 12 if scanning else 0
    room = area.bottom - header.bottom - pad - (scan_h + pad if scanning else 0)
    status_h = min(line_h * status_lines + 2, room - (line_h + 4 + row_h) if listed else room)
    if status_h < line_h * STATUS_LINES + 2 and listed:
        status_h = min(line_h * status_lines + 2, room - (line_h + 4 + shortest))
    if status_h < line_h * STATUS_LINES + 2 and scanning:
        status_h = min(line_h * status_lines + 2, room)
    status = Rect(area.x, header.bottom, area.w, max(line_h + 2, status_h))
    scan = Rect(area.x, status.bottom + pad, area.w, scan_h or min(line_h * 3 + 12, area.h // 3))
    top = scan.bottom + pad if scanning else status.bottom + pad
    lst = Rect(area.x, top, area.w, max(0 if scanning else line_h + 4 + 28, area.bottom - top))
    button_h = round(BELOW_ROW_H * scale)
    actions = Rect(strip.x, strip.bottom - button_h, strip.w, button_h)
    return PanelLayout(area, header, status, lst, actions, row_h, line_h, scan, False,
                       status_lines, header_lines, buttons_below=True)


# ---------------------------------------------------------------- checkers
@dataclass(frozen=True, slots=True)
class Stack:
    """Where one point's checkers are drawn.

    ``pinned`` is the centre of a Plakoto pinned checker (R5.2): at the rim,
    *under* its pinner, with the pinning stack starting three quarters of a
    checker further in so the pinned one stays visible. ``centres`` are the visible
    stack checkers from the rim inwards; ``label`` is True when the stack
    holds more than can be drawn and the last one must show the count.
    """

    centres: tuple[tuple[int, int], ...]
    pinned: tuple[int, int] | None
    label: bool


def point_stack(layout: BoardLayout, number: int, count: int, pinned: bool = False) -> Stack:
    """Centres of ``count`` checkers on point ``number`` (plus a pinned one under them)."""
    geom = layout.point(number)
    d = layout.checker
    x = geom.triangle.x + geom.triangle.w // 2
    direction = 1 if geom.top else -1
    edge = geom.base_y + direction * (d // 2 + 1)
    pin_centre: tuple[int, int] | None = None
    start: float = edge
    room = MAX_STACK
    if pinned:
        pin_centre = (x, edge)
        start = edge + direction * (d * 0.75)
        room = MAX_STACK - 1
    shown = min(count, room)
    centres = tuple((x, round(start + direction * i * d)) for i in range(shown))
    return Stack(centres, pin_centre, count > shown)


def bar_stack(layout: BoardLayout, count: int, mine: bool) -> Stack:
    """The checkers on the bar (Portes, R4): the viewer's above the middle, the opponent's below.

    The viewer's re-enter in the top right quarter (points 19–24), the
    opponent's in the bottom right one, so each side waits on that side.
    """
    d = layout.checker
    x, cy = layout.bar.center
    direction = -1 if mine else 1
    first = cy + direction * (d // 2 + d // 4)
    room = max(1, int((layout.bar.h / 2 - d) // d))
    room = min(room, 4)
    shown = min(count, room)
    centres = tuple((x, round(first + direction * i * d)) for i in range(shown))
    return Stack(centres, None, count > shown)


def tray_slabs(layout: BoardLayout, count: int, mine: bool) -> tuple[Rect, ...]:
    """Borne-off checkers seen edge on: thin slabs filling the tray from its outer end."""
    tray = layout.tray_mine if mine else layout.tray_theirs
    pad = max(2, tray.w // 10)
    slab = max(3, (tray.h - 2 * pad) // 15)
    out: list[Rect] = []
    for i in range(count):
        if mine:
            y = tray.bottom - pad - (i + 1) * slab
        else:
            y = tray.y + pad + i * slab
        out.append(Rect(tray.x + pad, y + 1, tray.w - 2 * pad, slab - 2))
    return tuple(out)


# ------------------------------------------------------------- hit-testing
def hit_point(layout: BoardLayout, x: float, y: float) -> int | None:
    """The point under ``(x, y)``: 1–24, 25 for the bar, 0 for the trays, else ``None``."""
    for geom in layout.points:
        if geom.target.contains(x, y):
            return geom.number
    bar_target = Rect(layout.bar.x, layout.board.y, layout.bar.w, layout.board.h)
    if bar_target.contains(x, y):
        return BAR
    tray_target = Rect(layout.tray.x, layout.board.y, layout.board.right - layout.tray.x,
                       layout.board.h)
    if tray_target.contains(x, y):
        return OFF
    return None


def point_centre(layout: BoardLayout, number: int) -> tuple[int, int]:
    """A point's visual centre for markers and arrows (bar and trays too).

    The viewer's bar checkers wait above the middle, the opponent's below
    (see :func:`bar_stack`); :data:`THEIR_OFF` / :data:`THEIR_BAR` name the
    opponent's tray and bar half.
    """
    if number in (BAR, THEIR_BAR):
        x, y = layout.bar.center
        shift = layout.checker
        return (x, y - shift if number == BAR else y + shift)
    if number == OFF:
        return layout.tray_mine.center
    if number == THEIR_OFF:
        return layout.tray_theirs.center
    g = layout.point(number)
    return (g.triangle.center[0], g.triangle.center[1])


# --------------------------------------------------------------- the list
def list_window(count: int, capacity: int, focus: int | None) -> tuple[int, int]:
    """The slice ``[start, end)`` of a list of ``count`` rows to show so ``focus`` is seen.

    Pages of ``capacity`` rows: the page that holds ``focus`` (0-based), or
    the first page with no focus.
    """
    capacity = max(1, capacity)
    if count <= capacity:
        return (0, count)
    page = 0 if focus is None else max(0, min(focus, count - 1)) // capacity
    start = page * capacity
    return (start, min(count, start + capacity))


def list_rows(area: Rect, row_h: int, count: int, gap: int = 6) -> tuple[Rect, ...]:
    """Rectangles of up to ``count`` stacked rows inside ``area`` (as many as fit)."""
    fit = max(1, (area.h + gap) // (row_h + gap))
    n = min(count, fit)
    return tuple(Rect(area.x, area.y + i * (row_h + gap), area.w, row_h) for i in range(n))


def list_capacity(area: Rect, row_h: int, gap: int = 6) -> int:
    """How many rows fit in ``area``."""
    return max(1, (area.h + gap) // (row_h + gap))


def action_buttons(area: Rect, count: int, gap: int = BUTTON_GAP) -> tuple[Rect, ...]:
    """``count`` buttons side by side filling the actions strip."""
    if count <= 0:
        return ()
    w = (area.w - gap * (count - 1)) / count
    return tuple(_r(area.x + i * (w + gap), area.y, w, area.h) for i in range(count))


#: Most action buttons in one row; more (the review's seven) take a second row above.
ROW_BUTTONS = 4
#: The most buttons the review shows at once: Next mistake, Previous, Repeat, Try again, Hint,
#: Why, Stop (More sits in the status).
REVIEW_BUTTONS = 7
#: The narrowest action button at scale 1, in pixels: every label of the review («Επανά-ληψη»,
#: «Δοκίμα-σε ξανά», "Next mistake") whole on two rows of large bold type (18 px); at 80 px
#: (four in a row of 328) «Επόμενο» was drawn at 17 px and «Επό…» cut.
BUTTON_MIN_W = 100


def row_count(width: int, count: int, least: int = 0, gap: int = BUTTON_GAP) -> int:
    """How many of ``count`` buttons go in one row ``width`` pixels wide: at most
    :data:`ROW_BUTTONS`, none narrower than ``least`` (one at least), the rows as even as
    they can be (7 buttons in rows of 4 and 3, not 5 and 2).

    >>> row_count(328, 7, 100), row_count(466, 7, 100), row_count(466, 6, 100), row_count(328, 2)
    (3, 4, 3, 2)
    """
    most = ROW_BUTTONS if least <= 0 else min(ROW_BUTTONS, max(1, (width + gap) // (least + gap)))
    rows = max(1, -(-count // most))
    return max(1, -(-count // rows))


def action_rows(area: Rect, count: int, gap: int = BUTTON_GAP, least: int = 0
                ) -> tuple[Rect, ...]:
    """``count`` buttons in rows of :func:`row_count` (at most :data:`ROW_BUTTONS`, none
    narrower than ``least``), each row as tall as the actions strip ``area``; the first row
    is the highest, the last sits in ``area``."""
    per_row = row_count(area.w, count, least, gap)
    rows = max(1, -(-count // per_row))
    out: list[Rect] = []
    for r in range(rows):
        y = area.y - (rows - 1 - r) * (area.h + gap)
        n = min(per_row, count - r * per_row)
        out += action_buttons(Rect(area.x, y, area.w, area.h), n, gap)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PanelGeometry:
    """Where the panel's buttons are this frame (shared by the renderer and hit-testing)."""

    plays: tuple[tuple[int, Rect], ...]     #: (1-based play number, button)
    actions: tuple[tuple[str, Rect], ...]   #: (action key, button)
    scan: Rect | None                       #: the scanning strip, when scanning
    page: tuple[int, int]                   #: plays shown: [start, end) 0-based
    list_title: Rect                        #: "Plays 1–8 of 23"
    more: Rect | None = None                #: "▼ More: plays 9–23" when plays are off screen
    capacity: int = 0                       #: how many play buttons a page holds


#: Rows of the status the review's More button takes, at its foot (its label says "more…
#: (page 1 of 2)"); the answer's rows are above it.
MORE_ROWS = 2


def status_fit(panel: PanelLayout) -> int:
    """How many rows of text the panel's status holds."""
    return max(1, (panel.status.h - 2) // panel.line_h)


def more_rows(panel: PanelLayout, newest: bool = False) -> int:
    """Rows the More button takes at the foot of the status: :data:`MORE_ROWS` in the
    review's (one in a status of three rows, two of them left to the answer); one under a
    game's newest messages (``newest``), whose status is short."""
    return 1 if newest else min(MORE_ROWS, max(1, status_fit(panel) - 2))


def more_button(panel: PanelLayout, newest: bool = False) -> Rect:
    """The More button: the foot of the status, :func:`more_rows` rows high, as wide as the
    status."""
    fit = status_fit(panel)
    rows = more_rows(panel, newest)
    y = panel.status.y + 2 + (fit - rows) * panel.line_h
    return Rect(panel.status.x + 2, y, panel.status.w - 4, rows * panel.line_h - 2)


#: Fewer play rows than this beside the scan strip: the "▼ More" line gives its room to a play.
FEW_PLAYS = 4
#: Plays a page of a list scanned in one column holds at least, its rows made shorter (down
#: to :data:`SHORTEST_ROW` px at scale 1) where the scan strip and two rows of buttons took
#: the room (a review at 1024x700).
SCANNED_PLAYS = 3
#: The shortest play row: its label starts at 55 % of it, 22 px, over large bold type.
SHORTEST_ROW = 40


def scanned_row_h(body: Rect, row_h: int, scale: float = 1.0, gap: int = 6) -> int:
    """The height of a play row that puts :data:`SCANNED_PLAYS` rows in ``body``: ``row_h``
    when they fit, else shorter, never under :data:`SHORTEST_ROW` (scaled)."""
    if list_capacity(body, row_h, gap) >= SCANNED_PLAYS:
        return row_h
    shortest = min(row_h, max(28, round(SHORTEST_ROW * scale)))
    return max(shortest, (body.h + gap) // SCANNED_PLAYS - gap)


def _list_room(area: Rect, row_h: int, n_plays: int, line_h: int
               ) -> tuple[Rect, Rect | None, int]:
    """The rows' area, the "▼ More" line under it (when plays are off screen) and how many
    rows of ``row_h`` fit."""
    cap = list_capacity(area, row_h)
    if n_plays <= cap:
        return area, None, cap
    more_line = Rect(area.x, area.bottom - line_h, area.w, line_h)
    area = Rect(area.x, area.y, area.w, max(row_h, area.h - line_h - 4))
    return area, more_line, list_capacity(area, row_h)


def panel_geometry(layout: BoardLayout, n_plays: int, focus: int | None,
                   actions: tuple[str, ...], scanning: bool,
                   newest: bool = False) -> PanelGeometry:
    """The numbered play buttons (paged so ``focus`` is seen), actions and scan strip; More
    ("more") sits at the foot of the status, under the rows it continues (one row high under
    a game's newest messages, ``newest``)."""
    panel = layout.panel
    area = panel.list
    more = actions[:1] == ("more",)
    if more:
        actions = actions[1:]
    buttons = action_rows(panel.actions, len(actions), least=round(BUTTON_MIN_W * layout.scale))
    if buttons and buttons[0].y < panel.actions.y and not panel.buttons_below:
        # a second row of buttons: the list is shorter
        area = Rect(area.x, area.y, area.w, max(panel.row_h, area.h - (panel.actions.y
                                                                        - buttons[0].y)))
    scan: Rect | None = None
    if panel.buttons_below and area.h < panel.line_h + 4 + max(28, round(SHORTEST_ROW
                                                                       * layout.scale)):
        # the scan strip took the column (a review scanned at 480x360): no list, the switch
        # reaches the plays through Try again
        acts = tuple(zip(actions, buttons))
        if more:
            acts = (("more", more_button(panel, newest)),) + acts
        return PanelGeometry((), acts, panel.scan if scanning else None, (0, 0),
                             Rect(area.x, area.y, area.w, 0), None, 0)
    if scanning:
        scan = panel.scan
        if not panel.two_columns and not panel.buttons_below:
            top = scan.bottom + 8
            area = Rect(area.x, top, area.w, max(panel.row_h, area.bottom - top))
    title = Rect(area.x, area.y, area.w, panel.line_h)
    room = area.h - panel.line_h - 4  #: the list's height under its title
    body = Rect(area.x, title.bottom + 4, area.w, max(panel.row_h, room))
    area, more_line, cap = _list_room(body, panel.row_h, n_plays, panel.line_h)
    if more_line is not None and area.y + panel.row_h > more_line.y:
        # room for one play and no more (a review at 800x600): the list's title ("Plays 1–1
        # of 14") says what is off screen, and the "▼ More" line would cover the buttons
        area, more_line, cap = body, None, list_capacity(body, panel.row_h)
    if scanning and cap < FEW_PLAYS:
        # the scan strip (and a second row of buttons) took the room: the list's title
        # ("Plays 1–3 of 14") says what is off screen, the line under it goes to a play
        area, more_line, cap = body, None, list_capacity(body, panel.row_h)
    row_h = panel.row_h
    if scanning and not panel.two_columns and cap < SCANNED_PLAYS:
        row_h = scanned_row_h(body, row_h, layout.scale)
        cap = list_capacity(body, row_h)
    elif not scanning and room < row_h:
        # less room than one row under the title (a review's two rows of buttons at 640x480):
        # the row is made shorter to fit, never under SHORTEST_ROW
        row_h = max(min(row_h, max(28, round(SHORTEST_ROW * layout.scale))), room)
    start, end = list_window(n_plays, cap, focus)
    rows = list_rows(area, row_h, end - start)
    plays = tuple((start + i + 1, rect) for i, rect in enumerate(rows))
    acts = tuple(zip(actions, buttons))
    if more:
        acts = (("more", more_button(panel, newest)),) + acts
    return PanelGeometry(plays, acts, scan, (start, end), title, more_line, cap)


def hit_rect(rects: tuple[Rect, ...] | list[Rect], x: float, y: float) -> int | None:
    """Index of the first rectangle holding ``(x, y)``, else ``None``."""
    for i, rect in enumerate(rects):
        if rect.contains(x, y):
            return i
    return None


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Plain distance between two screen points."""
    return math.hypot(a[0] - b[0], a[1] - b[1])
