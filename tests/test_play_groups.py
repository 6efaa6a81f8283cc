"""A long play list grouped by the checker moved (R1, R2): the grouping, its words, choosing in a group."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.narration import phrases as P
from tavli_voice.narration.pieces import NarrationContext, PresentationReason, Say
from tavli_voice.rules import MatchConfig, Position, TimerRules
from tavli_voice.rules.movegen import legal_plays
from tavli_voice.rules.playgroups import group_of, group_plays, group_source
from tavli_voice.scanning import (CheckerMode, ListMode, PlayChoice, ScanMenu, ScanMode, ScanSettings,
                                  StepMode, build_root)
from tavli_voice.session import Phase, Session, SessionOptions
from tavli_voice.ui.board.scan_menu import play_sequences

GAMES = ("portes", "plakoto", "fevga")


def seeded_turns(game: str, count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions reached by random legal plays from the start, with the dice to play there."""
    rng = random.Random(seed)
    out = []
    pos = Position.initial(game)
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if plays:
            out.append((pos, dice))
            pos = rng.choice(plays).result
        if not plays or pos.flip().pip_count() == 0 or pos.pip_count() == 0:
            pos = Position.initial(game)
        pos = pos.flip()
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_play_is_in_exactly_one_group_r2(game: str) -> None:
    for pos, dice in seeded_turns(game, 60, seed=43):
        plays = legal_plays(pos, dice)
        groups = group_plays(plays)
        numbers = [n for g in groups for n in g.numbers]
        assert sorted(numbers) == list(range(1, len(plays) + 1))
        sources = [g.source for g in groups]
        assert sources == sorted(set(sources), reverse=True)  # farthest first, each once
        for g in groups:
            assert all(group_source(plays[n - 1]) == g.source for n in g.numbers)
            assert list(g.numbers) == sorted(g.numbers)  # the offered order kept
            assert group_of(plays, g.source) == g


def test_a_group_numbers_its_plays_from_one() -> None:
    plays = legal_plays(Position.initial("portes"), (3, 3))
    group = group_plays(plays)[0]
    assert group.number(1) == group.numbers[0]
    assert group.number(len(group)) == group.numbers[-1]
    assert group.number(0) is None and group.number(len(group) + 1) is None


def ctx(lang: str, **kw: object) -> NarrationContext:
    return NarrationContext(lang=lang, **kw)  # type: ignore[arg-type]


def strings(utt: object) -> list[str]:
    return [s for s in utt.segments if isinstance(s, str)]  # type: ignore[attr-defined]


START = Position.initial("portes")


def test_a_long_list_is_told_as_groups_in_both_languages() -> None:
    plays = legal_plays(START, (3, 3))
    offered = E.PlaysOffered(0, (3, 3), plays, START)
    said = strings(P.phrase(offered, ctx("en")))
    groups = group_plays(plays)
    expected = " ".join(f"From {g.source}: {len(g)} play{'s' if len(g) > 1 else ''}."
                        for g in groups)
    # heard, the checkers after the first are the point and the count alone
    heard = f"From {groups[0].source}: {len(groups[0])} plays. " + ", ".join(
        f"{g.source}: {P.Say(ctx('en'), True).num(len(g), 'f')}" for g in groups[1:]) + "."
    assert said == [f"{len(plays)} plays to choose from:", heard,
                    "Choose step by step: say from and a point, then a number or to and a "
                    "point; or ask for the list of plays."]
    screen = P.screen_text(offered, ctx("en")).splitlines()
    assert screen[1] == expected and screen[2].startswith("Choose step by step: f and a point")
    el = strings(P.phrase(offered, ctx("el")))
    assert el[1].startswith(f"Από το {groups[0].source}: ") and "κινήσεις" in el[1]
    assert el[2].startswith("Διάλεξε βήμα βήμα: πες «από» και μια θέση")
    el_screen = P.screen_text(offered, ctx("el")).splitlines()
    assert el_screen[2].startswith("Διάλεξε βήμα βήμα: f και μια θέση")
    again = ctx("en", reason=PresentationReason.REPEAT)
    assert len(strings(P.phrase(offered, again))) == 1 + len(plays)


def test_the_suggested_play_comes_before_the_groups() -> None:
    plays = legal_plays(START, (3, 3))
    said = strings(P.phrase(E.PlaysOffered(0, (3, 3), plays, START, suggested=4), ctx("en")))
    assert said[1].startswith("4: ") and said[1].endswith(", suggested")
    assert said[2].startswith("From ")


@pytest.mark.parametrize("extra", [1, 2, 3])
def test_one_to_three_plays_left_are_read_not_cut(extra: int) -> None:
    plays = legal_plays(START, (3, 3))
    limit = len(plays) - extra
    offered = E.PlaysOffered(0, (3, 3), plays, START)
    said = strings(P.phrase(offered, ctx("en", max_spoken_plays=limit)))
    assert len(said) == 1 + len(plays)
    assert not any("more" in s for s in said)
    cut = strings(P.phrase(offered, ctx("en", max_spoken_plays=len(plays) - 4)))
    assert cut[1].startswith("From ")


def session(dice: tuple[int, int], **opts: object) -> Session:
    s = Session(MatchConfig(1, "portes", "tavlucky", 1, TimerRules(enabled=False)),
                (E.PlayerInfo("Anna"), E.PlayerInfo("Babis")), SessionOptions(**opts))  # type: ignore[arg-type]
    s.start()
    s.dice_source.roll = lambda: dice  # type: ignore[method-assign]
    while s.phase is not Phase.PLAY:
        s.handle(C.Roll() if s.phase is Phase.ROLL else C.Confirm())
    return s


def test_picking_a_checker_offers_its_group_and_a_number_chooses_in_it() -> None:
    s = session((3, 3))
    plays = s.plays
    assert len(plays) > 12
    group = [g for g in group_plays(plays) if 1 < len(g) <= 12][0]
    events = s.handle(C.FromPoint(group.source))
    options = [e for e in events if isinstance(e, E.StepOptions)]
    assert options and options[0].plays == tuple(plays[n - 1] for n in group.numbers)
    said = P.screen_text(options[0], ctx("en")).splitlines()
    assert said[1] == "Or a whole play by its number:" and said[2].startswith("1: ")
    events = s.handle(C.ChoosePlay(2))
    pending = [e for e in events if isinstance(e, E.PlayPending)]
    assert pending and pending[0].play == plays[group.numbers[1] - 1]


def test_a_number_past_the_group_is_refused_with_the_group_size() -> None:
    s = session((3, 3))
    group = [g for g in group_plays(s.plays) if len(g) <= 12][0]
    s.handle(C.FromPoint(group.source))
    events = s.handle(C.ChoosePlay(len(group) + 1))
    rejected = [e for e in events if isinstance(e, E.CommandRejected)]
    assert rejected and dict(rejected[0].details)["count"] == len(group)


def test_at_or_below_the_limit_numbers_stay_those_of_the_whole_list() -> None:
    s = session((3, 3), group_above=100)
    assert 12 < len(s.plays) <= 100
    first = group_plays(s.plays)[0]
    events = s.handle(C.FromPoint(first.source))
    assert [e for e in events if isinstance(e, E.StepOptions)][0].plays == ()
    pending = [e for e in s.handle(C.ChoosePlay(len(s.plays))) if isinstance(e, E.PlayPending)]
    assert pending and pending[0].play == s.plays[-1]


def test_checkers_going_the_same_way_are_said_once_with_the_hit_r1() -> None:
    from tavli_voice.narration.pieces import Say, Verbosity
    from tavli_voice.rules.plays import Play, Step

    result = Position.initial("portes")  # the words only read the steps and the game
    play = Play((Step(13, 7, 6, True), Step(13, 7, 6), Step(13, 7, 6), Step(24, 18, 6, True)),
                result, "24/18* 13/7(2) 13/7*")
    assert Say(ctx("en"), True).play(play, 0) == \
        "from 24 to 18 hitting, three checkers from 13 to 7 hitting"
    assert Say(ctx("el"), True).play(play, 0) == \
        "από το 24 στο 18 και χτυπάς, τρία πούλια από το 13 στο 7 και χτυπάς"
    terse = ctx("en", verbosity=Verbosity.TERSE)
    assert Say(terse, True).play(play, 0) == "24 to 18 hitting, 3 times 13 to 7 hitting"
    quiet = Play((Step(13, 7, 6), Step(13, 7, 6)), result, "13/7(2)")
    assert Say(ctx("en"), True).play(quiet, 0) == "two checkers from 13 to 7"


def test_suggestions_put_the_hint_bots_best_three_first_marked_suggested() -> None:
    s = session((3, 3), suggestions=True)
    offered = [e for e in [s._offer()] if isinstance(e, E.PlaysOffered)][0]
    assert offered.suggested == 1 and offered.leading == 3
    assert s.suggested_number() == 1
    hint = s._bot(s.options.hint_bot, "hint")
    assert s.dice is not None
    rest = s.plays[1:]
    assert hint.choose_play(s.position, s.dice, rest) == s.plays[1]
    assert hint.choose_play(s.position, s.dice, s.plays[2:]) == s.plays[2]
    assert sorted(map(repr, s.plays)) == sorted(map(repr, legal_plays(s.position, s.dice)))
    said = strings(P.phrase(offered, ctx("en")))
    assert [x.endswith(", suggested") for x in said[1:4]] == [True] * 3
    assert said[4].startswith("From ")
    el = strings(P.phrase(offered, ctx("el")))
    assert el[1].endswith("(προτείνεται)")


@pytest.fixture()
def home(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> object:
    from pathlib import Path

    root = Path(str(tmp_path))
    for name, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                      ("TAVLI_VOICE_HOME", "tavli")):
        monkeypatch.setenv(name, str(root / sub))
    return root


def test_suggest_is_a_saved_setting_off_by_default(home: object) -> None:
    import json

    from tavli_voice import startup, userfiles

    parser = startup.build_parser("en")
    assert parser.parse_args([]).suggest is None
    assert startup.play_settings(None).suggest is False  # off when nothing is saved
    assert startup.play_settings(parser.parse_args(["--suggest"]).suggest).suggest is True
    saved = json.loads(userfiles.settings_path().read_text(encoding="utf-8"))
    assert saved["plays"] == {"suggest": True, "group_above": 12}
    assert startup.play_settings(None).suggest is True  # restored at the next start
    assert startup.play_settings(parser.parse_args(["--no-suggest"]).suggest).suggest is False
    assert startup.play_settings(None).suggest is False


def test_a_damaged_plays_section_gives_the_defaults(home: object) -> None:
    from tavli_voice import startup, userfiles

    path = userfiles.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"plays": {"suggest": "yes", "group_above": 0}, "speech": {"rate": 200}}',
                    encoding="utf-8")
    settings = startup.play_settings(None)
    assert (settings.suggest, settings.group_above) == (False, 12)
    startup.play_settings(True)
    assert '"rate": 200' in path.read_text(encoding="utf-8")  # the other sections kept


def test_the_group_limit_and_suggestions_survive_a_save() -> None:
    s = session((3, 3), suggestions=True, group_above=5)
    again, _events = Session.restore(s.snapshot())
    assert again.options.group_above == 5 and again.options.suggestions
    assert again.plays == s.plays  # the same order, so the same numbers replay the same plays


def test_after_a_step_the_plays_it_leads_to_are_offered_and_numbered_r2() -> None:
    s = session((3, 3))
    assert s.chooser is not None
    first = s.chooser.sources()[0]
    s.handle(C.FromPoint(first))
    to = s.chooser.destinations(first)[0].to_point
    options = None
    for _ in range(3):  # steps until few enough plays are left to read
        events = s.handle(C.ToPoint(to) if options is None else C.ToPoint(
            s.chooser.destinations(s.chooser.sources()[0])[0].to_point))
        options = [e for e in events if isinstance(e, E.StepOptions)][-1]
        if options.plays:
            break
        s.handle(C.FromPoint(s.chooser.sources()[0]))
    assert options is not None and 0 < len(options.plays) <= 12
    assert options.plays == s.chooser.remaining()
    assert all(p in s.plays for p in options.plays)
    said = P.screen_text(options, ctx("el")).splitlines()
    assert said[1] == "Ή μια ολόκληρη κίνηση με τον αριθμό της:" and len(said) == 2 + len(options.plays)
    pending = [e for e in s.handle(C.ChoosePlay(len(options.plays))) if isinstance(e, E.PlayPending)]
    assert pending and pending[0].play == options.plays[-1]


def test_a_group_above_the_limit_is_narrowed_by_a_step_not_read() -> None:
    s = session((3, 3), group_above=5)
    big = [g for g in group_plays(s.plays) if len(g) > 5]
    assert big
    events = s.handle(C.FromPoint(big[0].source))
    assert [e for e in events if isinstance(e, E.StepOptions)][0].plays == ()


def test_the_hint_is_on_the_scan_top_level_right_after_the_plays() -> None:
    from tavli_voice.commands import Describe, Hint, Repeat, Undo
    from tavli_voice.scanning import ScanMenu, ScanSettings, build_root
    from tavli_voice.scanning.options import PlayChoice

    plays = tuple(PlayChoice(f"13/{n}", "", (((13, n),),)) for n in range(12, 0, -1))
    menu = ScanMenu(commands=(Undo(), Describe(), Repeat(), Hint()), plays=plays)
    root = build_root(menu, ScanSettings())
    keys = [o.key for o in root.options]  # type: ignore[attr-defined]
    assert "hint" in keys and keys.index("hint") < keys.index("undo") < keys.index("describe")
    assert "menu" in keys and keys.index("hint") < keys.index("menu")


def test_the_turn_view_tells_front_ends_which_list_a_number_picks_from() -> None:
    s = session((3, 3))
    assert s.state().numbered == ()
    group = [g for g in group_plays(s.plays) if len(g) <= 12][0]
    s.handle(C.FromPoint(group.source))
    assert s.state().numbered == tuple(s.plays[n - 1] for n in group.numbers)
    s.handle(C.Cancel())
    assert s.state().numbered == ()


class _PromptApp:
    """Just what the terminal's prompt reads: the turn view, the language, no review, the
    keyboard (no switch)."""

    def __init__(self, s: Session, lang: str) -> None:
        self.s, self.lang, self.review = s, lang, None
        self.switch_input, self.list_plays = False, True

    def state(self) -> E.TurnView:
        return self.s.state()

    def subscribe(self, _listener: object) -> None:
        pass


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_terminal_prompt_gives_the_range_of_the_open_group(lang: str) -> None:
    import io

    from tavli_voice.ui.terminal import TerminalPlayer

    s = session((3, 3))
    out = io.StringIO()
    term = TerminalPlayer(_PromptApp(s, lang), out, io.StringIO())  # type: ignore[arg-type]
    term.prompt()
    whole = len(s.plays)
    assert whole > 12 and f"1 {'to' if lang == 'en' else 'έως'} {whole}," in out.getvalue()
    group = [g for g in group_plays(s.plays) if 1 < len(g) <= 12][0]
    s.handle(C.FromPoint(group.source))
    out.truncate(0), out.seek(0)
    term.prompt()
    line = out.getvalue().strip()
    assert f"1 {'to' if lang == 'en' else 'έως'} {len(group)}," in line and str(whole) not in line
    # where the checker goes can still be typed, the example a point it can go to
    assert f"t {max(s.state().step_targets)}," in line
    s.handle(C.Cancel())
    out.truncate(0), out.seek(0)
    term.prompt()
    assert f" {whole}," in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_step_prompts_example_names_a_point_on_offer(lang: str) -> None:
    import io

    from tavli_voice.ui.terminal import TerminalPlayer

    s = session((6, 5))  # the opening roll gives the first mover 6-4
    out = io.StringIO()
    term = TerminalPlayer(_PromptApp(s, lang), out, io.StringIO())  # type: ignore[arg-type]
    s.handle(C.FromPoint(24))
    term.prompt()
    assert s.dice == (6, 4) and s.state().step_targets == (18, 20)
    assert "t 20," in out.getvalue() and "t 7" not in out.getvalue()
    s.handle(C.ToPoint(18))
    out.truncate(0), out.seek(0)
    term.prompt()
    assert s.state().chosen and s.state().step_sources[0] == 24
    assert "f 24." in out.getvalue() and "f 13" not in out.getvalue()


def test_the_board_window_numbers_the_open_group_as_it_was_heard() -> None:
    from tavli_voice.ui.board.model import Extras, build_view, nav_context
    from tavli_voice.ui.board.navigation import Key, NavState, press_digit, press_key

    s = session((3, 3))
    whole = nav_context(s.state(), s.listener())
    assert whole.plays == len(s.plays) > 12
    group = [g for g in group_plays(s.plays) if 2 < len(g) <= 9][0]
    s.handle(C.FromPoint(group.source))
    heard = tuple(s.plays[n - 1] for n in group.numbers)
    view = s.state()
    ctx = nav_context(view, s.listener())
    assert ctx.plays == len(group)
    board = build_view(view, Extras(nav=NavState(list_open=True)))
    # the list on screen is the group, each play as heard and then its notation
    assert len(board.plays) == len(heard)
    for shown, play in zip(board.plays, heard):
        assert shown == f"{Say(NarrationContext(screen_notation=False), False).play(play, 0, terse=True)}" \
            f" ({play.notation})"
    # one digit picks at once (no wait for a second: the group has fewer than ten)
    state, cmd = press_digit(NavState(), 2, ctx)
    assert cmd == C.ChoosePlay(2) and state.digits == ""
    # the list's last row, picked with OK, is the group's last play
    state = NavState(list_open=True, list_index=0)
    for _ in range(len(group) + 3):
        state, _cmd = press_key(state, Key.DOWN, ctx)
    state, cmd = press_key(state, Key.OK, ctx)
    assert cmd == C.ChoosePlay(len(group))
    pending = [e for e in s.handle(cmd) if isinstance(e, E.PlayPending)]
    assert pending and pending[0].play == heard[-1]


def test_group_above_option_is_saved_and_restored(home: object) -> None:
    import json

    from tavli_voice import startup, userfiles

    parser = startup.build_parser("en")
    assert parser.parse_args([]).group_above is None
    assert startup.play_settings(None, None).group_above == 12  # the default when nothing is saved
    args = parser.parse_args(["--group-above", "20"])
    assert startup.play_settings(args.suggest, args.group_above).group_above == 20
    saved = json.loads(userfiles.settings_path().read_text(encoding="utf-8"))
    assert saved["plays"] == {"suggest": False, "group_above": 20}
    settings = startup.play_settings(True)  # --suggest alone keeps the saved limit
    assert (settings.suggest, settings.group_above) == (True, 20)
    assert startup.play_settings(None, 5).suggest is True  # and the limit keeps suggestions


@pytest.mark.parametrize(("lang", "value", "said"), [
    ("en", "0", "takes a whole number from 1 to 999, not '0'"),
    ("el", "πολλές", "θέλει ακέραιο αριθμό από 1 έως 999, όχι «πολλές»"),
])
def test_a_bad_group_above_is_refused_in_the_users_language(
        lang: str, value: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import startup

    with pytest.raises(SystemExit):
        startup.build_parser(lang).parse_args(["--group-above", value])
    assert said in capsys.readouterr().err


# ------------------------------------------------------------ the scan menu
def _scan_menu(pos: Position, dice: tuple[int, int], preferred: int | None = None) -> ScanMenu:
    plays = legal_plays(pos, dice)
    seqs = play_sequences(pos, dice, plays)
    return ScanMenu(plays=tuple(PlayChoice(p.notation, "", tuple(seqs[i]))
                                for i, p in enumerate(plays)), preferred=preferred)


def _reach(mode: object, number: int) -> tuple[int, list[str]]:
    """Picks (switch presses) and labels picked on the way to ``ChoosePlay(number)``, depth first."""
    def walk(m: object, path: list[str]) -> list[str] | None:
        if isinstance(m, C.ChoosePlay):
            return path if m.number == number else None
        if not isinstance(m, ScanMode) or len(path) > 8:
            return None
        for i, option in enumerate(m.options):
            if option.is_back or option.key in ("undo_step", "suggested"):
                continue
            found = walk(m.choose(i), path + [option.label("en")])
            if found is not None:
                return found
        return None
    found = walk(mode, [])
    assert found is not None, number
    return len(found), found


@pytest.mark.parametrize("game", GAMES)
def test_the_scan_menu_offers_every_play_in_exactly_one_checker_group(game: str) -> None:
    settings = ScanSettings()
    for pos, dice in seeded_turns(game, 25, seed=43):
        plays = legal_plays(pos, dice)
        if len(plays) <= settings.list_limit:
            continue
        root = build_root(_scan_menu(pos, dice), settings)
        assert isinstance(root, CheckerMode)
        # the top level's groups are the narrator's groups, in the same order
        groups = group_plays(plays)
        tops = [o for o in root.options if o.key.startswith(("group", "play"))]
        assert len(tops) == len(groups)
        for option, group in zip(tops, groups):
            if len(group) == 1:
                assert option.command == C.ChoosePlay(group.numbers[0])
            else:
                assert option.args == (group.source, len(group))
        for group in groups:
            for number in group.numbers:
                presses, path = _reach(root, number)
                first = path[0]
                assert first.startswith(("From", plays[number - 1].notation[:2])), path
                if len(group) > 1:  # through its own group, and no other
                    assert first == tops[groups.index(group)].label("en")


def test_a_small_checker_group_opens_its_whole_plays_one_pick_away() -> None:
    pos, dice = Position.initial("portes"), (6, 5)
    plays = legal_plays(pos, dice)
    root = build_root(_scan_menu(pos, dice), ScanSettings(list_limit=3))
    assert isinstance(root, CheckerMode)
    assert root.options[0].label("en") == "From 24: 3 plays"
    assert root.options[0].label("el") == "Από το 24: τρεις κινήσεις"  # a digit is read «τρία»
    opened = root.choose(0)
    assert isinstance(opened, ListMode)
    group = group_plays(plays)[0]
    assert [o.command for o in opened.options[:-1]] == [C.ChoosePlay(n) for n in group.numbers]
    assert [o.label("en") for o in opened.options[:-1]] == [plays[n - 1].notation
                                                          for n in group.numbers]
    assert opened.options[-1].is_back and opened.choose(len(opened.options) - 1) is root


def test_a_large_checker_group_moves_that_checker_to_its_one_destination_first() -> None:
    """3-3 from 24: the group's checker has one place to go, 21, so the pick of the group
    takes that step, and only the group's plays are left."""
    pos, dice = Position.initial("portes"), (3, 3)
    plays = legal_plays(pos, dice)
    root = build_root(_scan_menu(pos, dice), ScanSettings())
    group = group_plays(plays)[0]
    assert len(group) > ScanSettings().list_limit
    steps = root.choose(0)
    assert isinstance(steps, StepMode) and steps.chosen == ((group.source, 21),)
    assert steps.source is None and steps.options[-1].key == "undo_step"
    assert steps.plays_left() == frozenset(n - 1 for n in group.numbers)
    back = steps.choose(len(steps.options) - 1)  # Undo last step: the group's checker again
    assert isinstance(back, StepMode) and not back.chosen
    assert [o.key for o in back.options] == ["from", "back"]


def test_the_suggested_play_comes_first_at_the_top_level() -> None:
    pos, dice = Position.initial("portes"), (3, 3)
    menu = _scan_menu(pos, dice, preferred=17)
    root = build_root(replace(menu, commands=(C.Undo(), C.Describe())), ScanSettings())
    assert [o.key for o in root.options][:2] == ["suggested", "group"]
    assert root.options[0].label("en") == "Suggested: " + menu.plays[17].notation
    assert root.choose(0) == C.ChoosePlay(18)
    assert [o.key for o in root.options][-3:] == ["undo", "describe", "menu"]


@pytest.mark.parametrize("lang,shown", [
    ("en", "8 to 7, 3 times 6 to 5 hitting (8/7 6/5(2) 6/5*)"),
    ("el", "8 στο 7, τρεις φορές 6 στο 5 και χτυπάς (8/7 6/5(2) 6/5*)"),  # «τρεις φορές», not «τρία»
])
def test_the_screen_lists_a_play_in_its_merged_form_before_its_notation(lang: str, shown: str) -> None:
    """R1: "6/5(2) 6/5*" is one move of three checkers, shown as heard, hit where it happens."""
    from rules_support import pos
    start = pos("portes", {6: 4, 8: 2, 5: -1, 24: -14})
    play = next(p for p in legal_plays(start, (1, 1)) if p.notation == "8/7 6/5(2) 6/5*")
    offered = E.PlaysOffered(0, (1, 1), (play,) + tuple(p for p in legal_plays(start, (1, 1))
                                                        if p != play), start)
    lines = P.screen_text(offered, NarrationContext(lang=lang)).splitlines()
    assert lines[1] == f"1: {shown}"
    # speech keeps the words alone
    said = [x for x in P.phrase(offered, NarrationContext(lang=lang)).segments if isinstance(x, str)]
    assert "(" not in said[1] and "6/5" not in said[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_benchmarks_listener_reaches_every_aim_through_the_session_r2(game: str) -> None:
    """Every way benchmarks/playlist.py counts is one the session takes: said as commands
    at the same turn, it ends with the play aimed at pending."""
    from benchmarks import playlist as B

    rng = random.Random(7)
    checked = 0
    for pos, dice in B.turns(game, 8, seed=43):
        plays = legal_plays(pos, dice)
        offered = E.PlaysOffered(0, dice, plays, pos)
        for target in sorted({1, len(plays), rng.randrange(len(plays)) + 1}):
            spoken, heard = B.best_path(B.new_paths(offered, target))
            s = Session(MatchConfig(1, game, "tavlucky", 1, TimerRules(enabled=False)),
                        (E.PlayerInfo("Anna"), E.PlayerInfo("Babis")), SessionOptions())
            s.start()
            s.set_position(pos, 0)
            s.dice_source.roll = lambda d=dice: d  # type: ignore[method-assign, misc]
            while s.phase is Phase.ROLL:
                s.handle(C.Roll())
            assert s.plays == plays
            events: list[E.Event] = []
            for command in B.as_commands(spoken):
                events = s.handle(command)
                assert not any(isinstance(e, E.CommandRejected) for e in events), spoken
            pending = [e for e in events if isinstance(e, E.PlayPending)]
            assert pending and pending[0].play == plays[target - 1], spoken
            checked += 1
    assert checked >= 16
