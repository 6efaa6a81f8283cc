"""The board window for low vision, without screenshots: the legend names whose
checkers are which colour (with a shape and a drawn checker, never colour alone)
and explains the marks; every panel text is large and has a WCAG contrast of at
least 4.5:1 in the colours the renderer draws with; plays off screen are
announced under the list, and Page Down / Page Up show them (SDL dummy driver)."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice import commands as C  # noqa: E402
from tavli_voice import events as E  # noqa: E402
from tavli_voice import words  # noqa: E402
from tavli_voice.rules import MatchConfig, Position  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import Session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from tavli_voice.ui.board.layout import compute_layout, panel_geometry  # noqa: E402
from tavli_voice.ui.board.model import BoardView, Extras, build_view  # noqa: E402
from tavli_voice.ui.board.navigation import Mode, NavContext, NavState, press_page  # noqa: E402
from tavli_voice.ui.board.render import (LARGE_BOLD_PX, Fonts, geometry_for, legend_parts,  # noqa: E402
                                         marks_parts, more_text, panel_styles, render)
from tavli_voice.ui.board.theme import CLASSIC, HIGH_CONTRAST, THEMES, Theme, contrast_ratio  # noqa: E402
from tavli_voice.ui.board.window import BoardWindow  # noqa: E402

SIZE = (1280, 800)


def you_and_rita(seed: int = 5) -> Session:
    return Session(MatchConfig(1, "portes", "tavlucky", seed),
                   (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))


def started_view(lang: str) -> BoardView:
    session = you_and_rita()
    session.start()
    return build_view(session.state(), Extras(lang=lang))


@pytest.mark.parametrize("lang,theme,mine,theirs", [
    ("en", HIGH_CONTRAST, "You: white ○", "Rita: black ●"),
    ("el", HIGH_CONTRAST, "Εσύ: λευκά ○", "Ρίτα: μαύρα ●"),
    ("en", CLASSIC, "You: light ○", "Rita: dark ●"),
    ("el", CLASSIC, "Εσύ: ανοιχτά ○", "Ρίτα: σκούρα ●")])
def test_the_legend_names_each_sides_colour_with_a_shape(lang: str, theme: Theme, mine: str,
                                                         theirs: str) -> None:
    (fill_a, edge_a, text_a), (fill_b, edge_b, text_b) = legend_parts(started_view(lang), theme)
    assert (text_a, text_b) == (mine, theirs)
    # the swatch drawn beside each name is that side's checker, as on the board
    assert (fill_a, edge_a) == (theme.mine, theme.mine_edge)
    assert (fill_b, edge_b) == (theme.theirs, theme.theirs_edge)


def my_play_view(lang: str) -> BoardView:
    """The person's turn with the dice rolled: the checkers that may move are underlined."""
    session = you_and_rita()
    session.start()
    for _ in range(40):
        view = session.state()
        if view.to_move == view.listener and view.plays:
            return build_view(view, Extras(lang=lang))
        if view.phase is E.Phase.ROLL:
            session.handle(C.Roll())
        elif view.plays:
            session.handle(C.ChoosePlay(1))
            if session.state().phase is E.Phase.CONFIRM:
                session.handle(C.Confirm())
        else:
            session.handle(C.Confirm())
    raise AssertionError("never the person's play")


@pytest.mark.parametrize("lang,theme,underline,frame", [
    ("en", HIGH_CONTRAST, "Green underline: can move", "Magenta frame: selected"),
    ("el", HIGH_CONTRAST, "Πράσινη γραμμή: κινείται", "Ματζέντα πλαίσιο: επιλογή"),
    ("en", CLASSIC, "Green underline: can move", "Cyan frame: selected"),
    ("el", CLASSIC, "Πράσινη γραμμή: κινείται", "Γαλάζιο πλαίσιο: επιλογή")])
def test_the_marks_are_explained_in_the_colours_drawn(lang: str, theme: Theme, underline: str,
                                                      frame: str) -> None:
    mine = my_play_view(lang)
    assert any(1 <= p <= 24 for p in mine.sources)
    marks = marks_parts(mine, theme)
    assert marks == (("underline", theme.help, underline), ("frame", theme.highlight, frame))
    # the underline is said in words too ("underline" / «γραμμή»), not only drawn green
    assert ("underline" if lang == "en" else "γραμμή") in marks[0][2].lower()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_underline_is_explained_only_while_something_can_move(lang: str) -> None:
    """Before the roll and in the opponent's turn no number is underlined, so the legend
    does not say "Green underline: can move"; the frame's key moves up, its row is kept."""
    waiting = started_view(lang)
    assert waiting.sources == ()
    assert [kind for kind, *_ in marks_parts(waiting, HIGH_CONTRAST)] == ["frame"]
    before_roll = BoardView(Position.initial("portes"), lang=lang, viewer_to_move=True)
    assert [kind for kind, *_ in marks_parts(before_roll, HIGH_CONTRAST)] == ["frame"]
    only_the_bar = BoardView(Position.initial("portes"), lang=lang, sources=(25,))
    assert [kind for kind, *_ in marks_parts(only_the_bar, HIGH_CONTRAST)] == ["frame"]
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*SIZE)
    t = HIGH_CONTRAST
    drawn = {}
    for name, view in (("waiting", before_roll), ("moving", my_play_view(lang))):
        surface = pygame.Surface(SIZE)
        render(surface, view, lay, t, Fonts())
        drawn[name] = colour_pixels(surface, lay.panel.header, t.help)
    # the underline's sample is drawn in the header only while it is explained
    assert drawn["waiting"] == 0 < drawn["moving"]


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("scale", [1.0, 0.75])
def test_every_panel_text_has_contrast_and_the_messages_are_large(name: str,
                                                                  scale: float) -> None:
    theme = THEMES[name].with_scale(scale)
    line = compute_layout(*SIZE, scale=theme.scale).panel.line_h
    styles = panel_styles(theme, line)
    assert {"status", "list_title", "more", "legend", "marks", "turn"} <= set(styles)
    for role, st in styles.items():
        assert contrast_ratio(st.colour, st.background) >= 4.5, (role, st)
        assert st.background == theme.background  # the panel is drawn on the background
    if scale == 1.0:  # the message line, "Plays 1–6 of 16" and "more": WCAG large bold text
        for role in ("status", "list_title", "more", "legend", "turn"):
            assert styles[role].size >= LARGE_BOLD_PX, role


def colour_pixels(surface: Any, rect: Any, colour: tuple[int, int, int]) -> int:
    n = 0
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            c = surface.get_at((x, y))
            n += (c.r, c.g, c.b) == colour
    return n


def test_the_message_line_is_drawn_in_the_colour_checked() -> None:
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*SIZE)
    view = BoardView(Position.initial("portes"), status=("Rita played 12/17 1/2.",))
    for theme in (HIGH_CONTRAST, CLASSIC):
        surface = pygame.Surface(SIZE)
        render(surface, view, lay, theme, Fonts())
        status = panel_styles(theme, lay.panel.line_h)["status"]
        assert colour_pixels(surface, lay.panel.status, status.colour) > 50, theme.name


def plays_view(count: int, focus: int | None = None) -> BoardView:
    return BoardView(Position.initial("portes"), plays=tuple(f"24/{24 - i}" for i in range(count)),
                     list_open=focus is not None, list_focus=focus)


@pytest.mark.parametrize("lang,first,last", [
    ("en", "▼ More: {a}–{b} (Down or digits)", "▲ Back: {a}–{b} (Up or digits)"),
    ("el", "▼ Άλλες: {a}–{b} (Κάτω ή αριθμός)", "▲ Πίσω: {a}–{b} (Πάνω ή αριθμός)")])
def test_more_is_said_under_the_list_when_plays_are_off_screen(lang: str, first: str,
                                                               last: str) -> None:
    lay = compute_layout(*SIZE)
    few = BoardView(Position.initial("portes"), lang=lang, plays=("24/18",))
    geo = geometry_for(few, lay)
    assert geo.more is None and more_text(few, geo) == ""
    from dataclasses import replace
    view = replace(plays_view(16), lang=lang)
    geo = geometry_for(view, lay)
    cap = geo.capacity
    assert 1 < cap < 16 and geo.page == (0, cap) and geo.more is not None
    assert more_text(view, geo) == first.format(a=cap + 1, b=min(16, 2 * cap))
    # the line sits under the last play button, inside the list, above the actions
    assert geo.more.y >= geo.plays[-1][1].bottom and geo.more.bottom <= lay.panel.actions.y
    end = replace(view, list_open=True, list_focus=15)
    geo = geometry_for(end, lay)
    start = (15 // cap) * cap
    assert geo.page == (start, 16)
    assert more_text(end, geo) == last.format(a=start - cap + 1, b=start)
    # a portrait window (the panel below the board) says it too
    assert panel_geometry(compute_layout(800, 1000), 16, None, (), False).more is not None


@pytest.mark.parametrize("lang,first", [("en", "▼ Next: "), ("el", "▼ Μετά: ")])
def test_more_names_what_the_scan_highlights_next(lang: str, first: str) -> None:
    """While a switch scans a long list by the checker moved, the line under the list names
    the option the scan reaches next (the next checker's group), not the list's next page."""
    from dataclasses import replace

    from tavli_voice.scanning import ScanOption
    from tavli_voice.ui.board.model import ScanStrip

    lay = compute_layout(*SIZE)
    groups = tuple(ScanOption("group", (p, n)).label(lang)  # type: ignore[arg-type]
                   for p, n in ((24, 9), (13, 4), (8, 3)))
    strip = ScanStrip((), groups + (words.text("scan.back", lang),), 0)
    view = replace(plays_view(16), lang=lang, scan=strip)
    geo = geometry_for(view, lay)
    cap = geo.capacity
    assert 1 < cap < 16 and geo.more is not None
    assert more_text(view, geo) == first + groups[1]
    assert groups[1] in ("From 13: 4 plays", "Από το 13: τέσσερις κινήσεις")
    last = replace(view, scan=replace(strip, index=2))
    assert more_text(last, geo) == first + words.text("scan.back", lang)
    none_yet = replace(view, scan=replace(strip, index=None))
    assert more_text(none_yet, geo) == first + groups[0]
    end = replace(view, list_open=True, list_focus=15, scan=replace(strip, index=3))
    geo = geometry_for(end, lay)
    assert more_text(end, geo) == first + groups[0]  # the scan goes round to the first again
    # the option whole under the list, landscape and portrait, the words before it given up
    # where the line is narrow
    import pygame

    from tavli_voice.ui.board.render import _fit, panel_styles

    pygame.font.init()
    for size in (SIZE, (800, 1000)):
        lay = compute_layout(*size)
        for shown in (view, end):
            geo = geometry_for(shown, lay)
            assert geo.more is not None
            font = Fonts().get(panel_styles(HIGH_CONTRAST, lay.panel.line_h)["more"].size)
            room = geo.more.w - 12
            said = more_text(shown, geo, lambda line, f=font, w=room: f.size(line)[0] <= w)
            assert _fit(font, said, room) == said, (size, said)
            assert shown.scan is not None and shown.scan.index is not None
            label = shown.scan.options[(shown.scan.index + 1) % 4]
            assert said in (first + label, "▼ " + label), said


def test_page_keys_move_the_list_a_page_at_a_time() -> None:
    ctx = NavContext(mode=Mode.PLAY, plays=16)
    state = NavState().synced(ctx)
    state = press_page(state, 1, ctx, 6)
    assert state.list_open and state.list_index == 6
    state = press_page(state, 1, ctx, 6)
    assert state.list_index == 12
    assert press_page(state, 1, ctx, 6).list_index == 15  # the last play, not past it
    assert press_page(state, -1, ctx, 6).list_index == 6
    waiting = NavContext(mode=Mode.ROLL)
    assert not press_page(NavState().synced(waiting), 1, waiting, 6).list_open


def test_page_down_in_the_window_shows_the_next_plays() -> None:
    app = App(you_and_rita())
    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    try:
        for _ in range(100):
            win.frame()
            if app.phase.value == "roll" and not app.bot_to_act():
                break
        app.command(C.Roll())
        win.frame()
        count = len(app.state().plays)
        assert count > win.geometry.capacity  # this roll has more plays than a page holds
        cap = win.geometry.capacity
        assert [n for n, _ in win.geometry.plays] == list(range(1, cap + 1))
        for key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            win.frame()
            first = cap + 1 if key == pygame.K_PAGEDOWN else 1
            assert win.geometry.plays[0][0] == first
        assert app.phase.value == "play"  # paging chose nothing
    finally:
        win.close()


@pytest.mark.parametrize("name", sorted(THEMES))
def test_a_focused_button_is_filled_and_thickly_edged_as_the_legend_says(name: str) -> None:
    """The legend's "Magenta frame", drawn thick: a scanned button is filled in the highlight colour
    and its edge is thick, so it stands out by shape too; the other buttons' edges are thin."""
    from tavli_voice.ui.board.render import FOCUS_EDGE

    theme = THEMES[name]
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*SIZE)
    actions = (("roll", "Roll"), ("hint", "Hint"))
    focused = BoardView(Position.initial("portes"), lang="en", actions=actions,
                        highlight=("action", "roll"))
    surface = pygame.Surface(SIZE)
    geo = render(surface, focused, lay, theme, Fonts())
    (_, chosen), (_, other) = geo.actions[:2]

    def colour(x: int, y: int) -> tuple[int, int, int]:
        c = surface.get_at((x, y))
        return (c.r, c.g, c.b)

    def edge(rect: Any) -> tuple[int, tuple[int, int, int]]:
        """How thick the button's edge is at its left middle, and the colour inside it."""
        x = rect.x
        while colour(x, rect.center[1]) == theme.button_edge:
            x += 1
        return x - rect.x, colour(x, rect.center[1])

    thick, fill = edge(chosen)
    assert thick >= FOCUS_EDGE and fill == theme.highlight
    thin, fill = edge(other)
    assert 2 <= thin <= 3 and fill == theme.button


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("size", [SIZE, (1024, 700)])
def test_the_selected_mark_is_explained_whole_in_the_header(lang: str, name: str,
                                                            size: tuple[int, int]) -> None:
    """The frame's words on one row beside its thick frame drawn, at 1280x800 and 1024x700
    (where "Magenta, thick frame: selected" took two rows)."""
    theme = THEMES[name]
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*size)
    (kind, _, label), = marks_parts(started_view(lang), theme)
    assert kind == "frame" and ("frame" in label or "πλαίσιο" in label), label
    font_size = panel_styles(theme, lay.panel.line_h)["marks"].size
    sample = max(8, int(lay.panel.line_h * 0.8)) + 8
    assert Fonts().get(font_size).size(label)[0] <= lay.panel.header.w - 12 - sample  # no "…"


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_scanned_options_words_stay_inside_its_thick_edge(name: str) -> None:
    """A play long enough to wrap onto two lines in the scan strip is drawn within the strip's
    thick edge, never over it (the edge's rows stay whole between the rounded corners)."""
    from tavli_voice.ui.board.model import ScanStrip
    from tavli_voice.ui.board.render import FOCUS_EDGE

    theme = THEMES[name]
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*SIZE)
    label = "from 13 to 8, from 6 to 5 (13/8 6/5)"
    view = BoardView(Position.initial("portes"), lang="en",
                     scan=ScanStrip(("From 13: 4 plays",), ("from 13 to 8, from 7 to 6", label), 1))
    surface = pygame.Surface(SIZE)
    geo = render(surface, view, lay, theme, Fonts())
    assert geo.scan is not None
    line = lay.panel.line_h
    top, bottom = geo.scan.y + line, geo.scan.bottom - 1
    radius = max(4, (geo.scan.h - line) // 6)
    for y in (*range(top, top + FOCUS_EDGE), *range(bottom - FOCUS_EDGE + 1, bottom + 1)):
        for x in range(geo.scan.x + radius + 2, geo.scan.right - radius - 2):
            c = surface.get_at((x, y))
            assert (c.r, c.g, c.b) == theme.button_edge, (x, y, tuple(c))


@pytest.mark.parametrize("name", sorted(THEMES))
def test_a_focused_buttons_two_line_label_stays_inside_its_thick_edge(name: str) -> None:
    from tavli_voice.ui.board.render import FOCUS_EDGE

    theme = THEMES[name]
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(*SIZE)
    label = "Leave the match and lose it, then close the window"
    view = BoardView(Position.initial("portes"), lang="en",
                     actions=(("leave", label), ("hint", "Hint")), highlight=("action", "leave"))
    surface = pygame.Surface(SIZE)
    (_, rect), _ = render(surface, view, lay, theme, Fonts()).actions[:2]
    radius = max(4, rect.h // 6)
    for y in (*range(rect.y, rect.y + FOCUS_EDGE), *range(rect.bottom - FOCUS_EDGE, rect.bottom)):
        for x in range(rect.x + radius + 2, rect.right - radius - 2):
            c = surface.get_at((x, y))
            assert (c.r, c.g, c.b) == theme.button_edge, (x, y, tuple(c))
