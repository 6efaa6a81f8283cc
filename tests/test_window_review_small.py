"""The board window's review is readable at every size it opens at, down to the smallest
(480x360): every text drawn outside the board is whole (never cut with "…"), at least large
bold type (:data:`~tavli_voice.ui.board.render.LARGE_BOLD_PX`), inside the window and its
button, over no other text, and the review's place, a play of the list and every button are
on screen. The panel's texts are read as drawn: a surface that keeps each text's place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from match_support import play_to_the_end

from tavli_voice import commands as C
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import ReviewMode

SIZES = [(480, 360), (640, 480), (800, 600), (1024, 700), (1280, 800)]


class Drawn:
    """Every text drawn in one frame: (text, font size in px, its rectangle on the screen)."""

    def __init__(self) -> None:
        self.images: dict[int, tuple[Any, str, int]] = {}
        self.texts: list[tuple[str, int, Any]] = []


def recording(win: Any) -> Drawn:
    """Draw the window's frame again onto a surface that keeps where each text went."""
    import pygame

    from tavli_voice.ui.board import render

    drawn = Drawn()

    class Font:
        def __init__(self, font: Any, size: int) -> None:
            self._font, self.px = font, size

        def render(self, text: str, *args: Any) -> Any:
            image = self._font.render(text, *args)
            drawn.images[id(image)] = (image, text, self.px)
            return image

        def __getattr__(self, name: str) -> Any:
            return getattr(self._font, name)

    class Fonts(render.Fonts):
        def get(self, size: float) -> Any:
            px = max(8, int(size))
            return Font(super().get(size), px)

    class Screen(pygame.Surface):
        def blit(self, source: Any, dest: Any, *args: Any, **kw: Any) -> Any:
            rect = super().blit(source, dest, *args, **kw)
            kept = drawn.images.get(id(source))
            if kept is not None and kept[0] is source:
                drawn.texts.append((kept[1], kept[2], pygame.Rect(dest[0], dest[1],
                                                                  *source.get_size())
                                    if len(dest) == 2 else pygame.Rect(dest)))
            return rect

    size = win.screen.get_size()
    screen = Screen(size)
    render.render(screen, win.view, win.layout, win.theme, Fonts(), win.geometry)
    return drawn


def review_window(home: Path, lang: str, size: tuple[int, int], clock: Any = None,
                  scan_settings: Any = None, notation: bool = False) -> tuple[App, Any]:
    """The review of a seeded match in a window of ``size``, plays in words as the game
    lists them (``notation``: with their notation, as with ``--notation``)."""
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None, screen_notation=notation)
    lines = app.begin_review(review)
    win = BoardWindow(app, bot_delay=0, clock=clock or ManualClock(), size=size,
                      scan_settings=scan_settings)
    win.open()
    win.frame()
    app.publish(lines, "where_am_i")
    win.frame()
    return app, win


def check_readable(win: Any, where: str, list_shown: bool = True) -> None:
    """Every text of the panel whole, large, on screen, in its button, over no other; a play
    of the list shown (``list_shown``)."""
    from tavli_voice.ui.board.render import LARGE_BOLD_PX

    drawn = recording(win)
    layout, geo = win.layout, win.geometry
    width, height = win.screen.get_size()
    board = layout.board
    panel = [(text, px, rect) for text, px, rect in drawn.texts
             if not board.contains(*rect.center)]
    assert panel, where
    floor = int(LARGE_BOLD_PX)
    buttons = [r for _k, r in geo.actions] + [r for _n, r in geo.plays]
    for text, px, rect in panel:
        assert px >= floor, (where, text, px)
        assert not text.endswith("…"), (where, text)
        assert 0 <= rect.left and rect.right <= width and 0 <= rect.top \
            and rect.bottom <= height, (where, text, rect)
        holder = next((b for b in buttons if b.contains(*rect.center)), None)
        if holder is not None:
            assert holder.x <= rect.left and rect.right <= holder.right \
                and holder.y <= rect.top and rect.bottom <= holder.bottom, (where, text, rect, holder)
        else:
            for b in buttons:
                assert not rect.colliderect(b.tuple()), (where, text, rect, b)
    for i, (text, _px, rect) in enumerate(panel):
        for other, _opx, orect in panel[i + 1:]:
            # a line's own box is its font's height: lines one under the other may touch
            assert not rect.inflate(0, -4).colliderect(orect.inflate(0, -4)), \
                (where, text, other, rect, orect)
    for _k, rect in geo.actions:
        assert 0 <= rect.x and rect.right <= width and 0 <= rect.y and rect.bottom <= height
    for key, rect in geo.actions:
        for other, orect in geo.actions:
            assert key == other or not (rect.x < orect.right and orect.x < rect.right
                                        and rect.y < orect.bottom and orect.y < rect.bottom)
    assert geo.plays or not list_shown, where
    for _n, rect in geo.plays:
        assert rect.bottom <= min(r.y for k, r in geo.actions if k != "more") \
            or rect.y >= max(r.bottom for _k, r in geo.actions), (where, rect)
    # the review's place: "Review: mistake 1 of 11 (You)", or on one row "Mistake 1 of 11 (You)"
    texts = [t for t, _px, _r in panel]
    assert any(" ".join(texts[i:i + n]) in (win.view.turn, win.view.place)
               for i in range(len(texts)) for n in (1, 2)), (where, win.view.turn, texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang,notation", [("en", False), ("el", False), ("el", True)])
def test_the_review_is_whole_and_large_at_every_size(window_home: Path, lang: str, notation: bool,
                                                      size: tuple[int, int]) -> None:
    app, win = review_window(window_home, lang, size, notation=notation)
    try:
        check_readable(win, f"{size} first")
        for cmd in (C.Why(), C.More(), C.Hint(), C.Next(), C.ChoosePlay(1)):
            app.command(cmd)
            win.frame()
            check_readable(win, f"{size} {type(cmd).__name__}")
    finally:
        win.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_review_scanned_with_one_switch_is_whole_and_large_at_every_size(
        window_home: Path, lang: str, size: tuple[int, int]) -> None:
    """With one switch the scan strip (the option highlighted, in large type) sits under the
    answer, the buttons never over it nor over the list; at 480x360 the list gives the strip
    its room and Try again shows each play in the strip («Από το 13: …»), as large."""
    from window_helpers import FAST_SCAN, press_through

    from tavli_voice.scanning import ManualClock

    clock = ManualClock()
    app, win = review_window(window_home, lang, size, clock, FAST_SCAN)
    try:
        clock.advance(1.0)
        win.frame()
        small = size == (480, 360)
        check_readable(win, f"{size} scanned", list_shown=not small)
        strip = win.geometry.scan
        assert strip is not None and strip.bottom <= min(r.y for k, r in win.geometry.actions
                                                         if k != "more")
        app.command(C.Why())
        win.frame()
        check_readable(win, f"{size} scanned why", list_shown=not small)
        press_through(win, clock, ["try_again"])
        clock.advance(1.0)
        win.frame()
        check_readable(win, f"{size} scanned try again", list_shown=not small)
        assert win.view.scan is not None and win.view.scan.index is not None
        shown = win.view.scan.options[win.view.scan.index]
        assert any(text in shown for text, _px, _r in recording(win).texts), shown
    finally:
        win.close()
