"""The terminal player driven through its stdin and a pseudo-terminal."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tavli_voice.cli import main as cli_main
from tavli_voice.ui.app import App
from tavli_voice.ui.keys import UnknownInput, parse_line
from tavli_voice import commands as C
from tavli_voice import words as M


class Keys(io.StringIO):
    """Stdin that types ``r``, ``1``, ``c`` … for ever, like a patient player."""

    def __init__(self, script: list[str] | None = None, loop: tuple[str, ...] = ("r", "1", "c")) -> None:
        super().__init__()
        self.script = list(script or [])
        self.loop = loop
        self.i = 0
        self.lines_read = 0

    def readline(self, *_: object) -> str:  # type: ignore[override]
        self.lines_read += 1
        if self.lines_read > 20000:
            return ""
        if self.script:
            return self.script.pop(0) + "\n"
        line = self.loop[self.i % len(self.loop)]
        self.i += 1
        return line + "\n"


def run(args: list[str], keys: io.StringIO, tmp_path: Path) -> tuple[int, str]:
    out = io.StringIO()
    from tavli_voice.startup import main
    code = main(args + ["--speech", "off", "--save", str(tmp_path / "save.json")], out=out,
                inp=keys)
    return code, out.getvalue()


class TestKeys:
    def test_table(self) -> None:
        assert parse_line("7") == C.ChoosePlay(7)
        assert parse_line(" R ") == C.Roll()
        assert parse_line("f 13") == C.FromPoint(13)
        assert parse_line("t off") == C.ToPoint(0)
        assert parse_line("από μπάρα") == C.FromPoint(25)
        assert parse_line("ρίξε") == C.Roll()
        assert parse_line("dd") == C.Double()
        assert parse_line("") is None
        with pytest.raises(UnknownInput):
            parse_line("zz")
        with pytest.raises(UnknownInput):
            parse_line("p thirteen")


class TestPlayToTheEnd:
    def test_one_point_portes_against_rita_by_keyboard(self, tmp_path: Path) -> None:
        code, out = run(["--game", "portes", "--points", "1", "--seed", "4"], Keys(), tmp_path)
        assert code == 0
        assert "wins the match" in out
        assert "Choose a play, 1 to" in out or "Type 1 to play it" in out

    @pytest.mark.parametrize("lang,won", [("en", "the match"), ("el", "τον αγώνα")])
    def test_a_remotes_digits_and_ok_play_a_whole_match(self, tmp_path: Path, lang: str,
                                                        won: str) -> None:
        """Enter alone (a TV remote's OK) rolls as it confirms, so digits and OK alone play a
        match; Enter alone used to repeat "Type r to roll." for ever."""
        keys = Keys(loop=("", "1", ""))
        code, out = run(["--game", "portes", "--points", "1", "--seed", "4", "--lang", lang],
                        keys, tmp_path)
        assert code == 0 and any(won in line for line in out.splitlines()[-5:])
        assert keys.lines_read < 1000

    def test_three_point_tavli_in_greek(self, tmp_path: Path) -> None:
        code, out = run(["--points", "3", "--seed", "9", "--lang", "el"], Keys(), tmp_path)
        assert code == 0
        # the match's result, then where it is kept for a review, then the goodbye
        assert any("τον αγώνα" in line for line in out.splitlines()[-3:-1])
        assert out.splitlines()[-1] == "Γεια σου."
        assert "Πόρτες" in out and "Σειρά" in out

    def test_bad_input_gets_a_message_and_play_goes_on(self, tmp_path: Path) -> None:
        keys = Keys(["zz", "p x", "999", "h"], loop=("r", "1", "c", "q"))
        code, out = run(["--game", "fevga", "--seed", "2"], keys, tmp_path)
        assert "I do not know “zz”" in out
        assert "needs a point number" in out
        assert "Goodbye. The match is saved" in out

    def test_bot_against_bot(self, tmp_path: Path) -> None:
        t = time.monotonic()
        code, out = run(["--players", "rita,strong", "--game", "tavli", "--points", "5",
                         "--seed", "3"], Keys(), tmp_path)
        assert code == 0 and "wins the match" in out
        assert time.monotonic() - t < 60


class TestResume:
    def test_quit_then_resume_continues_with_the_same_dice(self, tmp_path: Path) -> None:
        _, first = run(["--game", "portes", "--seed", "12"], Keys(["r", "1", "c", "r", "q"]),
                       tmp_path)
        save = json.loads((tmp_path / "save.json").read_text())
        assert save["log"][-1] == ["roll"]
        rolled = [line for line in first.splitlines() if line.startswith("You rolled")][-1]
        out = io.StringIO()
        from tavli_voice.startup import main
        main(["--resume", "--speech", "off", "--save", str(tmp_path / "save.json")],
             out=out, inp=Keys(["l", "q"]))
        text = out.getvalue()
        assert "resumed" in text.lower()
        assert rolled.replace("You rolled ", "") in text  # the same dice are offered again

    def test_resume_command_repeats_how_the_player_plays(self, tmp_path: Path) -> None:
        _, first = run(["--game", "portes", "--seed", "12", "--numbering", "mover", "--words",
                        "--lang", "en"], Keys(["q"]), tmp_path)
        said = first.rsplit("continue it with: ", 1)[1].split("\n")[0]
        words = shlex.split(said)
        rest = words[words.index("resume") + 1:]
        save = str(tmp_path / "save.json")
        assert rest == ["--save", save, "--lang", "en", "--speech", "off", "--words",
                        "--numbering", "mover"]
        # the command as said resumes the match, and says it again with the same options
        out = io.StringIO()
        from tavli_voice.startup import main
        main(["--resume"] + rest, out=out, inp=Keys(["q"]))
        again = out.getvalue()
        assert "resumed" in again.lower()
        assert again.rsplit("continue it with: ", 1)[1].split("\n")[0].endswith(
            "--words --numbering mover")

    def test_corrupt_save_is_kept_and_reported(self, tmp_path: Path) -> None:
        (tmp_path / "save.json").write_text('{"version":2,"config":{"len')  # a save cut short
        out = io.StringIO()
        from tavli_voice.startup import main
        code = main(["--resume", "--speech", "off", "--save", str(tmp_path / "save.json")],
                    out=out, inp=Keys())
        assert code == 1 and "could not be read" in out.getvalue()
        kept = list(tmp_path.glob("save.json.corrupt-*"))
        assert kept and kept[0].read_text() == '{"version":2,"config":{"len'

    def test_a_file_that_is_not_a_save_is_refused_and_left(self, tmp_path: Path) -> None:
        (tmp_path / "save.json").write_text("not json at all")
        out = io.StringIO()
        from tavli_voice.startup import main
        code = main(["--resume", "--speech", "off", "--save", str(tmp_path / "save.json")],
                    out=out, inp=Keys())
        assert code == 2 and "not a tavli-voice save" in out.getvalue()
        assert (tmp_path / "save.json").read_text() == "not json at all"
        assert list(tmp_path.glob("save.json.*")) == []

    def test_resume_without_save(self, tmp_path: Path) -> None:
        out = io.StringIO()
        from tavli_voice.startup import main
        code = main(["--resume", "--speech", "off", "--save", str(tmp_path / "none.json")],
                    out=out, inp=Keys())
        assert code == 1 and "no saved match" in out.getvalue()


def test_moves_jsonl_goes_on_after_a_bad_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    opening = {"game": "portes", "points": [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0,
                                            -3, 0, -5, 0, 0, 0, 0, 2], "bar": [0, 0], "off": [0, 0]}
    lines = [json.dumps({"position": opening, "dice": [6, 5]}), "{oops",
             json.dumps({"position": {**opening, "points": [1] * 24}, "dice": [1, 2]}),
             json.dumps({"position": opening, "dice": [7, 1]})]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert cli_main(["moves", "--jsonl"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == 4
    assert out[0]["reason"] is None and out[0]["plays"][0]["notation"] == "24/18 13/8"
    assert out[0]["plays"][0]["steps"] == [[24, 18], [13, 8]]
    assert "error" in out[1] and "error" in out[2] and "15" in out[2]["error"]
    assert "dice" in out[3]["error"]


def test_pseudo_terminal_session(tmp_path: Path) -> None:
    """A real tty: what a screen reader user's terminal would show, line by line."""
    master, slave = pty.openpty()
    env = dict(os.environ, TAVLI_VOICE_HOME=str(tmp_path), LANG="en_US.UTF-8")
    proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "play", "--game", "portes",
                             "--seed", "6", "--speech", "off"], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    seen = b""

    def read_until(token: bytes, timeout: float = 20.0) -> bytes:
        nonlocal seen
        end = time.monotonic() + timeout
        while token not in seen and time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.2)
            if r:
                try:
                    seen += os.read(master, 4096)
                except OSError:
                    break
        return seen

    answers = {b"Type r to roll.": b"r\n", b"h for help.": b"1\n", b"u to undo.": b"c\n"}
    try:
        end = time.monotonic() + 30
        while b"You played" not in seen.partition(b"You rolled")[2] and time.monotonic() < end:
            before = len(seen)
            r, _, _ = select.select([master], [], [], 0.5)
            if r:
                seen += os.read(master, 4096)
            if len(seen) == before:  # quiet: the program waits for a key
                last = seen.rstrip().splitlines()[-1] if seen.strip() else b""
                for prompt, key in answers.items():
                    if last.endswith(prompt):
                        os.write(master, key)
                        seen += b"\n"  # do not answer the same prompt twice
        os.write(master, b"q\n")
        read_until(b"Goodbye")
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    text = seen.decode("utf-8", "replace")
    assert "You rolled" in text and "You played" in text and "Goodbye" in text
    assert "\x1b[" not in text  # no colour, no cursor tricks
    assert proc.returncode == 0


def test_an_internal_error_is_said_and_the_game_goes_on(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from tavli_voice.session import Session
    real = Session.handle
    calls = {"n": 0}

    def flaky(self: Session, cmd: C.Command) -> list:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real(self, cmd)

    monkeypatch.setattr(Session, "handle", flaky)
    code, out = run(["--game", "portes", "--seed", "3"], Keys(["d", "d", "d", "q"]), tmp_path)
    assert "Something went wrong" in out and "Traceback" not in out
    assert out.count("Yours:") == 2 and "Goodbye" in out


def test_option_help_in_greek_and_plays_in_words(tmp_path: Path) -> None:
    from tavli_voice.startup import build_parser
    assert "παιχνίδι" in build_parser("el").format_help()
    assert "match length" in build_parser("en").format_help()
    code, out = run(["--game", "portes", "--seed", "3", "--words"], Keys(["r", "q"]), tmp_path)
    assert "1: from 24 to" in out and "/" not in out.split("plays to choose from")[1].split("\n")[1]


def test_history_reads_the_last_game_messages_again(tmp_path: Path) -> None:
    code, out = run(["--game", "portes", "--seed", "5"], Keys(["r", "1", "c", "w", "q"]),
                    tmp_path)
    again = out.split("The last messages:")[1]
    assert "You played" in again and "Type r to roll" not in again.split("\n")[1]
    assert again.count("plays to choose from") == 0  # lists and answers are not history


def test_leave_asks_then_ends_the_match(tmp_path: Path) -> None:
    code, out = run(["--game", "portes", "--seed", "5"], Keys(["ll", "y"]), tmp_path)
    assert "lose the whole match? Yes or no." in out
    assert "You left the table." in out and "wins the match" in out
    assert not (tmp_path / "save.json").exists()  # finished: set aside as last-match.json


def my_turn_to_play(lang: str) -> App:
    """A seeded Portes match against Rita, the person's plays on offer (the first mover's 5-4)."""
    from tavli_voice import events as E
    from tavli_voice.events import Phase
    from tavli_voice.rules import MatchConfig
    from tavli_voice.session import Session
    from tavli_voice.ui.app import App

    app = App(Session(MatchConfig(1, "portes", "tavlucky", 4),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
    app.start()
    while app.phase is not Phase.PLAY or app.bot_to_act():
        if app.bot_to_act():
            app.bot_step()
            app.pump()
        else:
            app.command(C.Roll())
    return app


@pytest.mark.parametrize("lang,needs", [("en", "needs a point number, for example"),
                                        ("el", "θέλει αριθμό θέσης, για παράδειγμα")])
def test_t_or_f_without_a_point_gives_as_example_a_point_on_offer_now(lang: str,
                                                                       needs: str) -> None:
    """A bare ``t`` or ``f`` names in its example a point the player can move to or from
    now, the highest, as the step prompts do (R1: the bar and off by their word)."""
    from tavli_voice.ui.terminal import TerminalPlayer

    app = my_turn_to_play(lang)
    s = app.state()
    to, source = max(s.step_targets), max(s.step_sources)
    assert (to, source) == (23, 24)  # not the 7 and 13 said whatever the roll
    out = io.StringIO()
    player = TerminalPlayer(app, out, io.StringIO("t\nf\n"))
    assert player._next_command() is None  # both refused, then the end of input
    lines = out.getvalue().splitlines()
    assert lines == [M.text("input.needs_number", lang, text="t", example=f"t {to}"),
                     M.text("input.needs_number", lang, text="f", example=f"f {source}")]
    assert all(needs in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_play_typed_as_the_list_shows_it_is_chosen_and_one_not_on_offer_is_named(
        lang: str) -> None:
    """R1: "24/20 13/8", the notation after each play on the screen, picks that play; notation
    of no play on offer says so, where both were an unknown command."""
    from tavli_voice.events import Phase
    from tavli_voice.ui.terminal import TerminalPlayer

    app = my_turn_to_play(lang)
    plays = app.state().plays
    wanted = plays[len(plays) // 2]
    out = io.StringIO()
    player = TerminalPlayer(app, out, io.StringIO(f"24/10\n{wanted.notation}\n"))
    cmd = player._next_command()
    assert cmd == C.ChoosePlay(plays.index(wanted) + 1)
    assert out.getvalue().splitlines() == [M.text("input.play_not_on_offer", lang, text="24/10")]
    app.command(cmd)
    assert app.phase is Phase.CONFIRM and app.state().pending == wanted


@pytest.mark.parametrize("lang,shown", [("en", "(bar/20 24/23)"), ("el", "(μπάρα/20 24/23)")])
def test_a_play_from_the_bar_is_shown_in_the_languages_word_and_typed_back_as_shown(
        lang: str, shown: str) -> None:
    """R1: the screen writes the bar in the player's language («μπάρα/20» in Greek, where "bar/20" was
    English a Greek screen reader read as it could); typed as shown, without accents or as "bar/20",
    it picks that play."""
    from test_session import FixedDice

    from tavli_voice import events as E
    from tavli_voice.events import Phase
    from tavli_voice.narration.phrases import screen_text
    from tavli_voice.rules import Position
    from tavli_voice.ui.terminal import TerminalPlayer

    app = my_turn_to_play(lang)
    mine = [0] * 5 + [5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    theirs = [-2, 0, 0, 0, 0, 0, -5, 0, 0, 0, -3, 0, 0, 0, 0, 0, 0, -5, 0, 0, 0, 0, 0, 0]
    app.session.set_position(Position.from_json(
        {"game": "portes", "preset": "tavlucky", "points": [a or b for a, b in zip(mine, theirs)],
         "bar": [1, 0], "off": [0, 0]}), to_move=0)
    app.session.dice_source = FixedDice([(5, 1)])  # type: ignore[assignment]
    offered = next(e for e in app.command(C.Roll()) if isinstance(e, E.PlaysOffered))
    plays = app.state().plays
    wanted = next(p for p in plays if p.notation == "bar/20 24/23")
    listed = screen_text(offered, app.context())
    assert shown in listed and ("bar" in listed) is (lang == "en"), listed
    for typed in (shown.strip("()"), shown.strip("()").replace("ά", "α"), "bar/20 24/23"):
        player = TerminalPlayer(app, io.StringIO(), io.StringIO(f"{typed}\n"))
        assert player._next_command() == C.ChoosePlay(plays.index(wanted) + 1), typed
    assert app.phase is Phase.PLAY


@pytest.mark.parametrize("lang", ["en", "el"])
def test_arrow_keys_say_what_to_type_and_escape_cancels_never_the_raw_bytes(lang: str) -> None:
    """An arrow or Page key pressed at the terminal arrives as its escape sequence ending a
    line: it gets a sentence in the player's language, not «\\x1b[A» as an unknown command;
    Escape alone is Back (Cancel: a chosen play is taken back)."""
    from tavli_voice.events import Phase
    from tavli_voice.ui.terminal import TerminalPlayer

    app = my_turn_to_play(lang)
    out = io.StringIO()
    player = TerminalPlayer(app, out, io.StringIO("\x1b[A\n\x1bOD\n\x1b[6~\n1\n\x1b\n"))
    assert player._next_command() == C.ChoosePlay(1)
    lines = out.getvalue().splitlines()
    choose = M.text("prompt.choose", lang, n=len(app.state().plays))  # what works now, never "r to roll"
    assert lines == [M.text("input.special_key", lang) + " " + choose] * 3
    assert not any("x1b" in line or "\x1b" in line or "[A" in line for line in lines)
    app.command(C.ChoosePlay(1))
    assert app.phase is Phase.CONFIRM
    cmd = player._next_command()
    assert cmd == C.Cancel()
    app.command(cmd)
    assert app.phase is Phase.PLAY and app.state().pending is None


def test_in_the_review_the_arrow_keys_go_through_the_mistakes(tmp_home: Path) -> None:
    """After a match, as the board window's remote: Right/Down go to the next mistake,
    Left/Up/Escape to the previous one."""
    from match_support import play_to_the_end
    from tavli_voice.ui.terminal import TerminalPlayer

    app, _ = play_to_the_end(tmp_home)
    app.command(C.Yes())
    assert app.review is not None and app.review.mistakes >= 2
    player = TerminalPlayer(app, io.StringIO(),
                            io.StringIO("\x1b[C\n\x1b[B\n\x1b[D\n\x1b[A\n\x1b\n"))
    got = [player._next_command() for _ in range(5)]
    assert got == [C.Next(), C.Next(), C.Previous(), C.Previous(), C.Previous()]


def test_a_line_of_key_bytes_is_a_key_and_others_are_not() -> None:
    with pytest.raises(UnknownInput) as up:
        parse_line("\x1b[A")
    assert (up.value.kind, up.value.head) == ("key", "up")
    with pytest.raises(UnknownInput) as esc:
        parse_line("\x1b")
    assert (esc.value.kind, esc.value.head) == ("key", "escape")
    with pytest.raises(UnknownInput) as other:
        parse_line("[A")
    assert other.value.kind == "unknown"
