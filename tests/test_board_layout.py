"""Board geometry, themes and window words: pure, no pygame, no display.

The board is laid out as players know it from the viewer's side (R1): home
quarter 1–6 bottom right, 7–12 bottom left, 13–18 top left, 19–24 top right;
the bar in the middle, trays on the right. Every rectangle is a function of
the window size, so a resized window is laid out again.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tavli_voice.ui.board.layout import (BAR, MAX_STACK, OFF, THEIR_BAR, THEIR_OFF, Rect,
                                         bar_stack, compute_layout, hit_point, list_capacity,
                                         list_window, panel_geometry, point_centre, point_stack,
                                         tray_slabs)
from tavli_voice.ui.board.theme import (CLASSIC, HIGH_CONTRAST, SCALE_RANGE, THEMES,
                                        contrast_ratio, find_theme)
from tavli_voice.words import BOARD_WORDS, LANGS, placeholders, text

SIZES = [(1280, 800), (1920, 1080), (3840, 2160), (1024, 768), (800, 600), (480, 360),
         (700, 1000), (1080, 1920), (300, 200)]


def inside(inner: Rect, outer: Rect) -> bool:
    return (outer.x <= inner.x and outer.y <= inner.y and inner.right <= outer.right
            and inner.bottom <= outer.bottom)


def overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


class TestQuarters:
    """R1: the viewer's numbering, quarters where a Tavli player expects them."""

    lay = compute_layout(1280, 800)

    def test_home_quarter_is_bottom_right(self) -> None:
        mid_y = self.lay.field.center[1]
        for n in range(1, 7):
            g = self.lay.point(n)
            assert g.triangle.x > self.lay.bar.right and g.triangle.y > mid_y and not g.top

    @pytest.mark.parametrize("quarter,left,top", [(2, True, False), (3, True, True),
                                                  (4, False, True)])
    def test_other_quarters(self, quarter: int, left: bool, top: bool) -> None:
        for n in range(6 * quarter - 5, 6 * quarter + 1):
            g = self.lay.point(n)
            assert (g.triangle.right <= self.lay.bar.x) is left
            assert g.top is top

    def test_numbers_run_round_the_board(self) -> None:
        xs = [self.lay.point(n).triangle.x for n in range(1, 13)]
        assert xs == sorted(xs, reverse=True)  # bottom row: 1 at the right … 12 at the left
        xs = [self.lay.point(n).triangle.x for n in range(13, 25)]
        assert xs == sorted(xs)               # top row: 13 at the left … 24 at the right
        assert self.lay.point(12).triangle.x == self.lay.point(13).triangle.x
        assert self.lay.point(1).triangle.x == self.lay.point(24).triangle.x

    def test_labels_sit_on_the_rim(self) -> None:
        for g in self.lay.points:
            x, y = g.label
            assert g.triangle.x <= x <= g.triangle.right
            assert not self.lay.field.contains(x, y) and self.lay.board.contains(x, y)

    def test_bar_between_the_halves_and_trays_right(self) -> None:
        lay = self.lay
        assert lay.left.right <= lay.bar.x + 1 and lay.bar.right <= lay.right.x + 1
        assert lay.tray.x >= lay.right.right
        assert lay.tray_mine.y > lay.tray_theirs.bottom


class TestHitTesting:
    """Generous targets for mouse, touch and head pointers."""

    @pytest.mark.parametrize("size", SIZES)
    def test_every_point_hits_itself(self, size: tuple[int, int]) -> None:
        lay = compute_layout(*size)
        for g in lay.points:
            assert hit_point(lay, *g.target.center) == g.number
            assert hit_point(lay, *g.triangle.center) == g.number
            assert hit_point(lay, *g.label) == g.number  # the number on the rim too
        assert hit_point(lay, *lay.bar.center) == BAR
        assert hit_point(lay, *lay.tray_mine.center) == OFF
        assert hit_point(lay, *lay.tray_theirs.center) == OFF
        assert hit_point(lay, lay.panel.area.center[0], lay.panel.area.center[1]) is None

    def test_targets_do_not_overlap_and_are_big(self) -> None:
        lay = compute_layout(1280, 800)
        targets = [g.target for g in lay.points]
        for i, a in enumerate(targets):
            for b in targets[i + 1:]:
                assert not overlap(a, b)
        for t in targets:
            assert t.w >= 44 and t.h >= lay.field.h // 2  # WCAG 2.5.5: 44 px targets
        assert lay.panel.row_h >= 44

    def test_half_column_is_all_target(self) -> None:
        lay = compute_layout(1280, 800)
        g = lay.point(8)
        assert hit_point(lay, g.target.center[0], lay.field.center[1] + 2) == 8
        assert hit_point(lay, g.target.center[0], lay.field.center[1] - 2) == 17


class TestResize:
    @pytest.mark.parametrize("size", SIZES)
    def test_everything_fits(self, size: tuple[int, int]) -> None:
        lay = compute_layout(*size)
        window = Rect(0, 0, lay.width, lay.height)
        assert inside(lay.board, window) and inside(lay.panel.area, window)
        assert not overlap(lay.board, lay.panel.area)
        assert 1.0 <= lay.board.w / lay.board.h <= 1.56
        assert lay.checker >= 10
        for g in lay.points:
            assert inside(g.triangle, lay.field)
        assert inside(lay.tray, lay.board)
        p = lay.panel
        assert inside(p.actions, p.area) and inside(p.header, p.area)
        assert not overlap(p.list, p.actions)

    def test_panel_side_or_below(self) -> None:
        assert compute_layout(1280, 800).side_panel
        portrait = compute_layout(700, 1000)
        assert not portrait.side_panel
        assert portrait.panel.area.y >= portrait.board.bottom
        assert portrait.panel.two_columns

    def test_same_size_same_layout(self) -> None:
        assert compute_layout(1000, 700) == compute_layout(1000, 700)
        assert compute_layout(1000, 700) != compute_layout(1001, 700)

    def test_scale_grows_buttons(self) -> None:
        small = compute_layout(1280, 800, 1.0).panel
        big = compute_layout(1280, 800, 2.0).panel
        assert big.row_h > small.row_h and big.line_h > small.line_h


class TestStacks:
    lay = compute_layout(1280, 800)

    def test_five_drawn_then_a_count(self) -> None:
        s = point_stack(self.lay, 6, 5)
        assert len(s.centres) == MAX_STACK and not s.label
        s = point_stack(self.lay, 6, 9)
        assert len(s.centres) == MAX_STACK and s.label

    @pytest.mark.parametrize("number", [1, 12, 13, 24])
    def test_stack_stays_in_its_half(self, number: int) -> None:
        g = self.lay.point(number)
        s = point_stack(self.lay, number, 15)
        r = self.lay.checker // 2
        mid = self.lay.field.center[1]
        for x, y in s.centres:
            assert x == g.triangle.center[0]
            assert (y + r <= mid + 1) if g.top else (y - r >= mid - 1)
        ys = [y for _, y in s.centres]
        assert ys == (sorted(ys) if g.top else sorted(ys, reverse=True))  # from the rim inwards

    def test_pinned_checker_lies_under_its_pinner(self) -> None:
        """R5.2: the pinned checker at the rim, the pinning stack starting further in."""
        plain = point_stack(self.lay, 13, 2)
        pinned = point_stack(self.lay, 13, 2, pinned=True)
        assert plain.pinned is None
        assert pinned.pinned == plain.centres[0]
        first = pinned.centres[0][1]
        assert first > pinned.pinned[1]  # top row: further in means lower
        assert first - pinned.pinned[1] >= self.lay.checker * 0.7  # most of it stays visible
        bottom = point_stack(self.lay, 1, 1, pinned=True)
        assert bottom.pinned is not None and bottom.centres[0][1] < bottom.pinned[1]

    def test_bar_sides(self) -> None:
        mid = self.lay.bar.center[1]
        mine = bar_stack(self.lay, 3, True)
        theirs = bar_stack(self.lay, 3, False)
        assert all(y < mid for _, y in mine.centres) and all(y > mid for _, y in theirs.centres)
        assert point_centre(self.lay, BAR)[1] < mid < point_centre(self.lay, THEIR_BAR)[1]

    def test_fifteen_borne_off_fit_the_tray(self) -> None:
        for mine in (True, False):
            tray = self.lay.tray_mine if mine else self.lay.tray_theirs
            slabs = tray_slabs(self.lay, 15, mine)
            assert len(slabs) == 15 and all(inside(s, tray) for s in slabs)
        assert point_centre(self.lay, OFF) == self.lay.tray_mine.center
        assert point_centre(self.lay, THEIR_OFF) == self.lay.tray_theirs.center


class TestPanel:
    def test_list_window_pages(self) -> None:
        assert list_window(5, 8, None) == (0, 5)
        assert list_window(23, 8, None) == (0, 8)
        assert list_window(23, 8, 9) == (8, 16)
        assert list_window(23, 8, 22) == (16, 23)
        assert list_window(23, 8, 99) == (16, 23)

    def test_play_buttons_fit_and_are_numbered(self) -> None:
        lay = compute_layout(1280, 800)
        geo = panel_geometry(lay, 23, 12, ("confirm", "undo"), scanning=True)
        start, end = geo.page
        assert start <= 12 < end
        assert [n for n, _ in geo.plays] == list(range(start + 1, end + 1))
        assert geo.scan is not None
        for _, r in geo.plays:
            assert inside(r, lay.panel.area)
            assert not overlap(r, lay.panel.actions) and not overlap(r, geo.scan)
        assert [k for k, _ in geo.actions] == ["confirm", "undo"]
        assert list_capacity(lay.panel.list, lay.panel.row_h) >= 6


class TestThemes:
    @pytest.mark.parametrize("theme", [HIGH_CONTRAST, CLASSIC])
    def test_checkers_stand_out(self, theme: object) -> None:
        t = theme
        for fill, edge in ((t.mine, t.mine_edge), (t.theirs, t.theirs_edge)):  # type: ignore[attr-defined]
            assert contrast_ratio(fill, edge) >= 7
        assert contrast_ratio(t.text, t.background) >= 7  # type: ignore[attr-defined]
        assert contrast_ratio(t.button_text, t.button) >= 7  # type: ignore[attr-defined]

    def test_high_contrast_is_default_and_highlight_unique(self) -> None:
        assert find_theme(None) == HIGH_CONTRAST
        t = HIGH_CONTRAST
        others = [getattr(t, f) for f in t.__dataclass_fields__
                  if f not in ("name", "scale", "highlight")]
        assert t.highlight not in others
        assert contrast_ratio(t.mine, t.field) >= 7 and contrast_ratio(t.theirs_edge, t.field) >= 7

    def test_scale_is_clamped(self) -> None:
        assert find_theme("classic", 10).scale == SCALE_RANGE[1]
        assert find_theme("classic", 0.1).scale == SCALE_RANGE[0]
        assert HIGH_CONTRAST.with_scale(2).px(10) == 20
        with pytest.raises(ValueError, match="classic"):
            find_theme("neon")
        assert set(THEMES) == {"high_contrast", "classic"}


class TestWords:
    def test_every_label_in_both_languages(self) -> None:
        for key, table in BOARD_WORDS.items():
            assert set(table) == set(LANGS), key
            assert placeholders(table["en"]) == placeholders(table["el"]), key
            assert table["en"] != table["el"] or key in ("plays_more", "legend_side"), key

    def test_no_display_message_is_plain_words(self) -> None:
        """The technical cause goes to the log; the person reads one plain sentence."""
        assert text("board.no_display", "en", why="X11") == \
            "The board window cannot open: no display was found."
        assert "οθόνη" in text("board.no_display", "el", why="X11")
        assert "X11" not in text("board.no_display", "el", why="X11")


def test_pure_modules_do_not_import_pygame() -> None:
    """Layout, navigation, model and scanning glue are tested and used without pygame."""
    code = ("import sys; import tavli_voice.ui.board.layout, tavli_voice.ui.board.navigation, "
            "tavli_voice.ui.board.model, tavli_voice.ui.board.scanview, "
            "tavli_voice.ui.board.scan_menu, tavli_voice.ui.board.theme; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
