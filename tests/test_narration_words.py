"""The words: every event and query in Greek and English.

Events are built from real rules objects (positions, legal plays, R8 reasons
from ``analyse``), rendered for the screen and for speech in both languages.
Tests fail if a message is missing in one language, if the two languages
disagree on placeholders, or if speech ever holds a symbol (R1).
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from pathlib import Path

import pytest

from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration import phrases as P
from tavli_voice.narration.pieces import NarrationContext, PresentationReason, Say
from tavli_voice.narration.priorities import Priority, Verbosity
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause, VoiceKind
from tavli_voice.rules import (PassReason, Position, Reason, Step, analyse, game_outcome,
                               legal_plays)

LANGS = ("en", "el")
PLAYERS = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
SYMBOLS = re.compile(r"[/*^]")
# Greek masculine/feminine nouns after a digit: espeak would read the digit as neuter.
GREEK_GENDER_DIGIT = re.compile(r"\b\d+ (κινήσεις|κίνηση|πόντοι|πόντος|πόντους|πόντο)\b")


def ctx(lang: str = "en", **kw: object) -> NarrationContext:
    return NarrationContext(lang=lang, players=PLAYERS, **kw)  # type: ignore[arg-type]


def speech(event: E.Event, c: NarrationContext) -> str:
    return P.phrase(event, c).text


@pytest.fixture(autouse=True)
def no_phrasing_errors(caplog: pytest.LogCaptureFixture):
    """A phraser that raises is caught and logged (so the game goes on); here it fails."""
    caplog.set_level(logging.WARNING, logger="tavli_voice.narration")
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


# ------------------------------------------------------------------ positions
START = Position.initial("portes")
PLAYS_65 = legal_plays(START, (6, 5))
# Portes: a blot of the opponent's on 7 for 13/7* and a bar entry.
HIT_POS = Position.from_json({
    "game": "portes", "points": [-2, 0, 0, 0, 0, 5, -1, 3, 0, 0, 0, -4, 5, 0, 0, 0, -3, 0,
                                 -5, 0, 0, 0, 0, 2], "bar": [0, 0], "off": [0, 0]})
BAR_POS = Position.from_json({
    "game": "portes", "points": [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0,
                                 -4, 0, 0, -1, 0, 1], "bar": [1, 0], "off": [0, 0]})
BEAR_POS = Position.from_json({
    "game": "portes", "points": [2, 2, 2, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                 -5, -5, -5, 0, 0, 0], "bar": [0, 0], "off": [0, 0]})
CLOSED_POS = Position.from_json({
    "game": "portes", "points": [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0,
                                 -2, -2, -2, -2, -2, -2], "bar": [3, 3], "off": [0, 0]})
PLAKOTO_PINS = Position.from_json({
    "game": "plakoto", "preset": "traditional",
    "points": [-1, -4, [1, -1], 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, -8, 0, 0, 0, [-1, 1], 0, 0, 0,
               0, 12], "bar": [0, 0], "off": [0, 0]})
PLAKOTO_BOTH_MOTHERS = Position.from_json({
    "game": "plakoto", "preset": "traditional",
    "points": [[1, -1], -4, [1, -1], 0, 0, 0, 0, 0, 0, -6, 0, 0, 11, 0, 0, 0, 0, 0, [-1, 1],
               0, 0, 0, 0, [-2, 1]], "bar": [0, 0], "off": [0, 0]})
FEVGA_START = Position.initial("fevga")

#: R8: a real position and roll for every reason code (found with ``analyse``).
REASON_CASES: dict[str, tuple[dict[str, object], tuple[int, int]]] = {
    "all_blocked": ({"game": "fevga", "points": [-1, 0, 0, 0, 0, 0, 0, 0, -1, 1, 0, -12, 0, 0,
                                                0, 0, 0, 0, 0, 0, 0, 0, -1, 14]}, (1, 1)),
    "bar_entry_blocked": ({"game": "portes", "points": [1, -1, -2, 0, 0, 4, 0, 3, 0, 1, 2, -3, 2,
                                                       0, 0, -1, -3, -1, -4, 0, 0, 0, 0, 1],
                           "bar": [1, 0]}, (6, 6)),
    "cannot_bear_off": ({"game": "fevga", "preset": "traditional",
                         "points": [5, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4, -5, 0, 0, 0, 1, 0, 0,
                                    0, 0, 0, 0], "off": [0, 6]}, (4, 4)),
    "first_checker_blocked": ({"game": "fevga", "preset": "traditional",
                               "points": [0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -14, 0, 0, 0, 1, 0, 0,
                                          0, 0, 0, 0, 0, 14]}, (4, 4)),
    "prime_rule": ({"game": "fevga", "points": [8, 3, 1, 1, 1, 0, -1, 0, 0, 0, 1, 0, -6, -2, -3,
                                               0, 0, 0, -1, -1, 0, 0, 0, -1]}, (5, 5)),
    "pinned": ({"game": "plakoto", "preset": "traditional",
                "points": [2, 6, 2, 0, [-1, 1], 0, 0, 2, 0, 0, 0, -1, -1, 0, -1, 0, 0, 0, 0, -2,
                           [-2, 1], -3, [-3, 1], -1]}, (3, 3)),
    "larger_die_rule": ({"game": "fevga", "preset": "traditional",
                         "points": [0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0, 0, 0,
                                    1, 0, 0, 14]}, (5, 4)),
    "only_one_die": ({"game": "portes", "points": [0, 2, 4, 2, 0, 0, 0, 0, -2, 0, 0, -2, -1, 0, 0,
                                                  0, -2, -1, -3, 2, 1, 2, -2, -2],
                      "bar": [2, 0]}, (4, 6)),
    "partial_double": ({"game": "plakoto", "preset": "traditional",
                        "points": [-2, [-1, 1], 3, -1, 4, 2, 0, 1, -1, 0, 0, -2, 3, -1, 0, -1, 0,
                                   0, 0, 0, -1, -2, -2, [-1, 1]]}, (6, 6)),
}


def real_reason(code: str) -> Reason:
    if code == "closed_out":
        reason = analyse(CLOSED_POS, (6, 6)).reason
    else:
        data, dice = REASON_CASES[code]
        reason = analyse(Position.from_json(data), dice).reason
    assert reason is not None and reason.code.value == code
    return reason


def all_events() -> list[E.Event]:
    """At least one realistic instance of every event class."""
    hit_plays = legal_plays(HIT_POS, (6, 1))
    plakoto_plays = legal_plays(PLAKOTO_PINS, (6, 5))
    return [
        E.MatchStarted("tavli", 5, "tavlucky", PLAYERS),
        E.MatchStarted("plakoto", 3, "vog", PLAYERS, resumed=True),
        E.GameStarted("portes", 1, 1, "opening_roll", ((4, 4), (3, 5)), (5, 3)),
        E.GameStarted("plakoto", 2, 0, "previous_winner", (), None),
        E.TurnStarted(0, START, can_double=True),
        E.TurnStarted(1, START),
        E.DiceRolled(0, (6, 5), len(PLAYS_65)),
        E.DiceRolled(1, (6, 6), 12),
        E.DiceRolled(0, (5, 3), 10, automatic=True),
        E.PlaysOffered(0, (6, 5), PLAYS_65, START, suggested=2),
        E.StepOptions(0, None, (24, 13, 8)),
        E.StepOptions(0, 6, (1, 0)),
        E.StepOptions(0, 25, (22, 20)),
        E.StepTaken(0, Step(13, 7, 6, True), HIT_POS),
        E.PlayPending(0, PLAYS_65[0]),
        E.PlayMade(0, PLAYS_65[0], (6, 5)),
        E.PlayMade(1, hit_plays[0], (6, 1)),
        E.PlayMade(1, plakoto_plays[0], (6, 5), by_timer=True),
        E.TurnPassed(0, (6, 6), real_reason("bar_entry_blocked")),
        E.TurnPassed(1, None, real_reason("closed_out")),
        E.TurnShortened(0, real_reason("only_one_die")),
        E.MotherPinned(0, True),
        E.MotherPinned(1, False),
        E.Undone(0),
        E.QuestionAsked(0, "resign"),
        E.QuestionAsked(0, "quit"),
        E.QuestionAsked(0, "take", 4),
        E.DoubleOffered(1, 2),
        E.DoubleAnswered(0, True, 2),
        E.DoubleAnswered(1, False, 2),
        E.GameOver("portes", 0, 2, "mars", (2, 0)),
        E.GameOver("plakoto", None, 0, "draw", (2, 0)),
        E.GameOver("plakoto", 1, 2, "mother", (2, 2)),
        E.GameOver("portes", 1, 3, "triple", (2, 5)),
        E.GameOver("portes", 1, 1, "resign", (2, 3)),
        E.GameOver("portes", 0, 2, "drop", (4, 3)),
        E.GameOver("fevga", 1, 1, "timeout", (4, 4)),
        E.GameOver("fevga", 0, 1, "single", (5, 4)),
        E.MatchOver(0, (5, 3)),
        E.MatchOver(1, (2, 3), left=True),
        E.CommandRejected("no_such_play", (("count", 7), ("number", 9))),
        E.CommandRejected("not_now", (("expected", "roll"),)),
        E.CommandRejected("no_checker_to_move", (("point", 5), ("sources", (24, 13)))),
        E.CommandRejected("illegal_step", (("point", 3), ("source", 13))),
        E.CommandRejected("say_from_first", (("point", 7),)),
        E.CommandRejected("no_undo"),
        E.CommandRejected("no_such_point", (("point", 30),)),
        E.CommandRejected("no_such_point", (("point", 30), ("sources", (24, 13)),
                                            ("step", "from"))),
        E.CommandRejected("no_such_point", (("point", 0), ("sources", (24, 13)),
                                            ("step", "from"))),
        E.CommandRejected("no_such_point", (("point", 25), ("step", "to"))),
        E.CommandRejected("no_such_quarter", (("quarter", 5),)),
        E.PositionReport(0, START, "brief", 0, (1, 2), (6, 5)),
        E.PositionReport(0, START, "normal", 1, (1, 2)),
        E.PositionReport(0, START, "full", 0, (1, 2)),
        E.PositionReport(0, PLAKOTO_PINS, "normal", 0, (0, 0)),
        E.PointReport(0, START, 13),
        E.PointReport(0, BAR_POS, 25),
        E.PointReport(0, BEAR_POS, 0),
        E.QuarterReport(0, START, 1),
        E.QuarterReport(0, FEVGA_START, 3),
        E.PipReport(0, (167, 150)),
        E.ScoreReport((2, 1), 5, "fevga", 3),
        E.HelpReport(0, ("select", "from", "to", "plays", "hint", "resign", "position", "point",
                         "quarter", "pips", "score", "repeat", "help", "stop", "quit"), 7),
        E.HintReport(0, 1, PLAYS_65[0]),
        E.CubeHintReport(0, True),
        E.CubeHintReport(0, False),
        E.WhyReport(0, PLAYS_65[0], PLAYS_65[1], False,
                    (E.ReasonFact("made", 0, 1, (7,)), E.ReasonFact("shots", 11, 0, (5,)))),
        E.WhyReport(0, PLAYS_65[0], PLAYS_65[1], True),
        E.WhyReport(0, PLAYS_65[0], None, True),
        E.CoachNote(0, PLAYS_65[1], 8, 0.15),
        E.CoachNote(0, PLAYS_65[1], 8, 0.15, (E.ReasonFact("pips", 5, -3),)),
        E.CoachNote(1, PLAYS_65[2], 0, 0.12),
        E.OpponentChanged(1, "expert"),
        E.OpponentChanged(1, "rita"),
        E.TimeWarning(0, 10),
        E.TimeWarning(1, 1),
        E.TimedOut(1, 2),
        E.Goodbye(True),
        E.Goodbye(False),
        E.Notice("Not understood."),
        E.HistoryReport((E.DiceRolled(0, (6, 5), 7), E.PlayMade(0, PLAYS_65[0], (6, 5)))),
        E.HistoryReport(()),
    ]


def event_classes() -> list[type]:
    return [c for c in vars(E).values()
            if isinstance(c, type) and issubclass(c, E.Event) and c is not E.Event]


# ------------------------------------------------------------- completeness
class TestMessages:
    def test_every_message_in_both_languages_with_the_same_placeholders(self) -> None:
        for key, texts in M.MESSAGES.items():
            assert set(texts) == set(M.LANGS), key
            assert M.placeholders(texts["en"]) == M.placeholders(texts["el"]), key
        for key, forms in M.PLURALS.items():
            assert set(forms) == set(M.LANGS), key
            sets = {frozenset(M.placeholders(t)) for lang in M.LANGS for t in forms[lang]}
            assert len(sets) == 1, key
            if key.startswith("count."):
                assert M.placeholders(forms["en"][1]) == {"n"}, key

    def test_greek_is_greek_and_english_is_not(self) -> None:
        for key, texts in M.MESSAGES.items():
            assert not GREEK.search(texts["en"]) or key == "ui.help.words", key
            words_en = re.sub(r"\{\w+\}", "", texts["en"])
            if re.search(r"[A-Za-z]{4,}", words_en) and not key.startswith(("ui.prompt", "cli.")):
                bare_el = re.sub(r"\{\w+\}", "", texts["el"])
                assert (GREEK.search(texts["el"]) or texts["el"] == texts["en"]
                        or not re.search(r"[^\W\d_]", bare_el)), key

    def test_names_tables_complete(self) -> None:
        for table in (M.GAME_NAMES, M.PRESET_NAMES):
            for key, names in table.items():
                assert set(names) == set(M.LANGS), key
        for lang in M.LANGS:
            assert sorted(M.DOUBLE_NAMES[lang]) == [1, 2, 3, 4, 5, 6]
        for bot, names in M.BOT_NAMES.items():
            assert set(names) == set(M.LANGS), bot

    def test_keys_the_phrasers_name_exist(self) -> None:
        """Every literal message key in the phrasing modules is in the tables."""
        import inspect

        from tavli_voice.narration import pieces, readout
        found: set[str] = set()
        for mod in (P, pieces, readout):
            src = inspect.getsource(mod)
            found |= set(re.findall(r'(?:t|n|by|text|plural)\(\s*"([a-z_]+(?:\.[a-z_]+)+)"', src))
        assert len(found) > 40
        for key in found:
            assert (key in M.ENTRIES or key in M.PLURALS
                    or {f"{key}.you", f"{key}.other"} <= set(M.MESSAGES)), key

    @pytest.mark.parametrize("lang", LANGS)
    def test_the_terminal_says_its_lines_in_words(self, lang: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
        """What the terminal prints is sentences in the player's language, never message keys."""
        import io

        monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "home"))
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        from tavli_voice.startup import main

        def run(args: list[str], typed: str = "") -> str:
            out = io.StringIO()
            main(["--lang", lang, "--speech", "off"] + args, out=out, inp=io.StringIO(typed))
            return out.getvalue()

        save = str(tmp_path / "save.json")
        text = run(["--game", "portes", "--seed", "3", "--save", save], "zzz\nf\no\nn\nq\n")
        assert M.text("input.unknown", lang, text="zzz") in text
        # the example is a point a checker can move from now: the opening 6-1's highest
        assert M.text("input.needs_number", lang, text="f", example="f 24") in text
        assert M.text("prompt.yes_no", lang) in text
        assert any(M.text(k, lang, n=n) in text for k in ("prompt.roll", "prompt.choose")
                   for n in range(2, 40))
        missing = str(tmp_path / "none.json")
        assert M.text("resume.none", lang, path=missing) in run(["--resume", "--save", missing])

        def opening(key: str) -> str:  # the sentence up to its first filled-in part
            return M.text(key, lang, path="\0", command="\0", error="\0").split("\0")[0]

        (tmp_path / "bad.json").write_text('{"version":2,"con', encoding="utf-8")  # cut short
        corrupt = run(["--resume", "--save", str(tmp_path / "bad.json")])
        assert opening("resume.corrupt") in corrupt
        bad = run(["--players", "one", "--save", str(tmp_path / "other.json")])
        assert bad.startswith(opening("error.options"))
        for output in (text, corrupt, bad):
            assert not re.search(r"\b(prompt|input|resume|error|goodbye)\.[a-z_]+\b", output)

    def test_every_command_has_help_in_both_languages(self) -> None:
        from tavli_voice.commands import COMMAND_NAMES
        assert {k.command for k in M.COMMAND_KEYS} == set(COMMAND_NAMES)
        for lang in LANGS:
            lines = M.help_lines(lang)
            assert len(lines) >= len(COMMAND_NAMES)
            assert all(":" in line for line in lines)

    def test_new_match_help_names_the_words_to_type_in_the_players_language(self) -> None:
        greek = [line for line in M.help_lines("el") if line.startswith("νέος αγώνας:")]
        assert len(greek) == 1 and "new match" not in " ".join(M.help_lines("el"))
        assert any(line.startswith("new match:") for line in M.help_lines("en"))

    def test_command_keys_match_the_terminal_parser(self) -> None:
        """COMMAND_KEYS documents ui/keys.py: each key parses to its command."""
        from tavli_voice.commands import command_name
        from tavli_voice.ui.keys import parse_line
        # y/n answer a double (the session maps them); q ends a review (the review mode maps it)
        aliases = {"take": "yes", "drop": "no", "end": "quit"}
        for row in M.COMMAND_KEYS:
            if row.key == "N":
                typed = "3"
            else:
                typed = row.key.replace("N", "13")
            cmd = parse_line(typed)
            assert cmd is not None, row
            assert command_name(cmd) == aliases.get(row.command, row.command), row

    def test_help_for_a_situation(self) -> None:
        assert M.help_lines("en", ("select", "roll"), plays=7) == [
            "1-7: choose play 1 to 7", "r: roll the dice"]
        assert M.help_lines("el", ("take", "drop", "yes", "no")) == [
            "y: δέξου τον διπλασιασμό", "n: αρνήσου τον διπλασιασμό"]
        spoken = M.help_lines("en", ("stop", "point"), speech=True)
        assert spoken == ["p number: what is on a point", "dot: stop speaking"]
        assert M.help_lines("en", ("roll",), keys=False) == ["roll the dice"]


    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_help_promises_a_saved_match_only_when_it_is_saved(self, lang: str,
                                                              tmp_path: Path) -> None:
        """The quit line of the help (typed ``h``) in a match that is saved and in one
        played with ``--no-save``, through the real terminal player."""
        import io

        from tavli_voice.session import new_session
        from tavli_voice.ui.app import App
        from tavli_voice.ui.terminal import TerminalPlayer

        said = {}
        for saving in (True, False):
            out = io.StringIO()
            app = App(new_session("portes", seed=3), lang=lang,
                      save_path=tmp_path / "autosave.json" if saving else None)
            TerminalPlayer(app, out, io.StringIO("h\nq\n")).run()
            said[saving] = [x for x in out.getvalue().splitlines() if x.startswith("q: ")]
        assert said[True] == ["q: " + M.text("help.quit", lang)]
        assert said[False] == ["q: " + M.text("help.quit.unsaved", lang)]
        assert said[True] != said[False]

class TestNumbersAndNames:
    @pytest.mark.parametrize(("n", "gender", "case", "words"), [
        (1, "f", "nom", "μία"), (1, "m", "nom", "ένας"), (1, "m", "acc", "έναν"),
        (1, "n", "nom", "ένα"), (3, "f", "nom", "τρεις"), (3, "n", "nom", "τρία"),
        (4, "m", "nom", "τέσσερις"), (13, "f", "nom", "δεκατρείς"), (14, "n", "nom", "δεκατέσσερα"),
        (21, "f", "nom", "είκοσι μία"), (100, "m", "nom", "εκατό"), (101, "f", "nom", "εκατόν μία"),
        (234, "f", "nom", "διακόσιες τριάντα τέσσερις"), (300, "m", "acc", "τριακόσιους"),
        (1003, "n", "nom", "χίλια τρία"), (2000, "f", "nom", "δύο χιλιάδες"), (0, "f", "nom", "μηδέν"),
    ])
    def test_greek_numbers_agree(self, n: int, gender: M.Gender, case: M.Case, words: str) -> None:
        assert M.el_number(n, gender, case) == words

    def test_plural_forms_and_speech_numbers(self) -> None:
        # on screen a Greek number whose gender is heard is words too (a screen reader reads a
        # digit as the neuter), the rest digits
        assert M.plural("count.play", 1, "el") == "μία κίνηση"
        assert M.plural("count.play", 23, "el") == "είκοσι τρεις κινήσεις"
        assert M.plural("count.play", 25, "el") == "25 κινήσεις"
        assert M.plural("count.point", 21, "el") == "είκοσι ένας πόντοι"
        assert M.plural("count.point_acc", 21, "el") == "είκοσι έναν πόντους"
        assert M.plural("count.play", 11, "el") == "11 κινήσεις"
        assert M.plural("count.checker", 3, "el") == "3 πούλια"
        assert M.plural("count.play", 3, "en") == "3 plays"
        assert M.plural("count.play", 1, "el", speech=True) == "μία κίνηση"
        assert M.plural("count.play", 3, "el", speech=True) == "τρεις κινήσεις"
        assert M.plural("count.point", 1, "el", speech=True) == "ένας πόντος"
        assert M.plural("count.point_acc", 1, "el", speech=True) == "έναν πόντο"
        assert M.plural("count.checker", 3, "el", speech=True) == "3 πούλια"  # neuter: espeak is right
        assert M.plural("count.play", 1, "en") == "1 play"
        assert M.plural("count.play", 2, "en", speech=True) == "2 plays"

    @pytest.mark.parametrize(("die", "el_nom", "el_acc", "en"), [
        (1, "άσοι", "άσους", "double ones"), (2, "δυάρες", "δυάρες", "double twos"),
        (3, "τριάρες", "τριάρες", "double threes"), (4, "ντόρτια", "ντόρτια", "double fours"),
        (5, "πεντάρες", "πεντάρες", "double fives"), (6, "εξάρες", "εξάρες", "double sixes"),
    ])
    def test_greek_double_names_from_the_glossary(self, die: int, el_nom: str, el_acc: str,
                                                  en: str) -> None:
        assert M.dice_words((die, die), "el") == el_nom
        assert M.dice_words((die, die), "el", "acc") == el_acc
        assert M.dice_words((die, die), "en") == en
        c = ctx("el")
        assert speech(E.DiceRolled(0, (die, die), 3), c) == f"Έφερες {el_acc}."
        assert speech(E.DiceRolled(1, (die, die), 3), c) == f"Η Ρίτα έφερε {el_acc}."
        assert speech(E.DiceRolled(0, (die, die), 3), ctx("en")) == f"You rolled {en}."

    def test_dice_larger_first(self) -> None:
        assert speech(E.DiceRolled(0, (3, 6), 9), ctx("en")) == "You rolled 6 and 3."
        assert speech(E.DiceRolled(0, (3, 6), 9), ctx("el")) == "Έφερες 6 και 3."

    def test_player_names(self) -> None:
        assert M.player_words("Rita", "rita", 1, "el") == M.PlayerWords("Ρίτα", "η Ρίτα", "της Ρίτας")
        assert M.player_words("x", "strong", 1, "en").subject == "the strong player"
        assert M.player_words("you", None, 0, "el").subject == "ο πρώτος παίκτης"
        assert M.player_words("", None, 1, "en").whose == "Player 2's"
        assert M.player_words("Maria", None, 0, "el").whose == "του παίκτη Maria"
        assert M.player_words("Μαρία", None, 0, "el") == M.PlayerWords("Μαρία", "η Μαρία", "της Μαρίας")
        assert M.player_words("Νίκος", None, 1, "el").whose == "του Νίκου"
        assert M.player_words("Δεύτερος παίκτης", None, 1, "el").whose == "του δεύτερου παίκτη"
        assert M.player_words("James", None, 0, "en").whose == "James'"
        c = NarrationContext(lang="el", listener=None,
                             players=(E.PlayerInfo("you"), E.PlayerInfo("S", "strong")))
        assert speech(E.DiceRolled(1, (2, 1), 3), c) == "Ο δυνατός παίκτης έφερε 2 και 1."

    def test_game_names(self) -> None:
        assert [M.game_name(g, "el") for g in ("tavli", "portes", "plakoto", "fevga")] == [
            "Τάβλι", "Πόρτες", "Πλακωτό", "Φεύγα"]
        assert M.game_name("plakoto", "en", "vog") == "Tapa"
        assert M.game_name("plakoto", "el", "vog") == "Τάπα"


class TestDefaultLang:
    @pytest.mark.parametrize(("env", "lang"), [
        ({}, "en"),
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "el_GR.UTF-8"}, "el"),
        ({"LANG": "el_GR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "el_GR.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "el:en"}, "el"),
        ({"LANG": "C.UTF-8", "LANGUAGE": "el"}, "en"),
        ({"LC_ALL": "el"}, "el"),
    ])
    def test_locale_variables(self, env: dict[str, str], lang: str) -> None:
        assert M.default_lang(env) == lang


# -------------------------------------------------------------- the table
class TestPhraseTable:
    def test_every_event_class_has_a_rule(self) -> None:
        assert set(event_classes()) == set(P.PHRASES)

    def test_every_event_class_is_rendered_here(self) -> None:
        assert {type(e) for e in all_events()} == set(P.PHRASES)

    @pytest.mark.parametrize("lang", LANGS)
    def test_every_event_in_both_languages(self, lang: str) -> None:
        for verbosity in Verbosity:
            c = ctx(lang, verbosity=verbosity, turn=7)
            for event in all_events():
                screen = P.screen_text(event, c)
                utt = P.phrase(event, c)
                name = type(event).__name__
                assert screen.strip(), name
                assert utt.text.strip(), name
                assert utt.lang == lang and utt.turn == 7 and utt.tag == name
                assert utt.priority is P.PHRASES[type(event)].priority
                assert "{" not in screen and "}" not in screen, (name, screen)
                assert ".." not in utt.text.replace("...", ""), (name, utt.text)
                if isinstance(event, E.Notice):
                    continue  # an input's notice arrives already in the user's language
                if lang == "el":
                    assert GREEK.search(utt.text), (name, utt.text)
                else:
                    assert not GREEK.search(screen), (name, screen)

    @pytest.mark.parametrize("lang", LANGS)
    def test_speech_has_no_symbols(self, lang: str) -> None:
        """R1: plays are spoken as words; no "/", "*" or "^" ever reaches speech."""
        for verbosity in Verbosity:
            c = ctx(lang, verbosity=verbosity)
            for event in all_events():
                utt = P.phrase(event, c)
                for seg in utt.segments:
                    if isinstance(seg, str):
                        assert not SYMBOLS.search(seg), (type(event).__name__, seg)
                        if lang == "el":
                            assert not GREEK_GENDER_DIGIT.search(seg), seg
                        # the last gate changes nothing essential: no words dropped
                        cleaned = clean_for_speech(seg, lang)
                        words = [w for w in seg.split() if w != "·"]  # a list mark, not a word
                        assert len(cleaned.split()) >= len(words) - 2, (seg, cleaned)

    def test_screen_shows_notation_by_default(self) -> None:
        made = E.PlayMade(1, legal_plays(HIT_POS, (6, 1))[0], (6, 1))
        assert "/" in P.screen_text(made, ctx("en"))
        words = P.screen_text(made, ctx("en", screen_notation=False))
        assert "/" not in words and "from" in words

    def test_priorities(self) -> None:
        imp = {E.TurnPassed, E.TurnShortened, E.CommandRejected, E.GameOver, E.MatchOver,
               E.MotherPinned, E.TimedOut}
        for cls in imp:
            assert P.PHRASES[cls].priority is Priority.IMPORTANT, cls
        for cls in (E.DiceRolled, E.PlaysOffered, E.PlayMade, E.TurnStarted):
            assert P.PHRASES[cls].priority is Priority.MESSAGE, cls
        assert P.PHRASES[E.StepOptions].priority is Priority.TEXT
        assert P.PHRASES[E.CommandRejected].voice is VoiceKind.SYSTEM

    def test_earcons(self) -> None:
        c = ctx("en")
        assert P.phrase(E.TurnStarted(0, START), c).earcon == "your_turn"
        assert P.phrase(E.TurnStarted(1, START), c).earcon is None
        assert P.phrase(E.DiceRolled(1, (3, 2), 4), c).earcon == "dice"
        assert P.phrase(E.CommandRejected("no_undo"), c).earcon == "error"

    def test_unmapped_event_gets_a_generic_phrase_and_a_log_line(
            self, caplog: pytest.LogCaptureFixture) -> None:
        @dataclasses.dataclass(frozen=True)
        class NewThing(E.Event):
            x: int = 1

        for lang in LANGS:
            assert P.screen_text(NewThing(), ctx(lang)).endswith("NewThing.")
            assert P.phrase(NewThing(), ctx(lang)).text
        assert any("NewThing" in r.getMessage() for r in caplog.records)

    def test_a_failing_phraser_is_logged_not_raised(self, caplog: pytest.LogCaptureFixture) -> None:
        broken = E.PlayMade(0, None, (6, 5))  # type: ignore[arg-type]
        assert P.screen_text(broken, ctx("en")) == "Something happened: PlayMade."
        assert any(r.levelno >= logging.ERROR for r in caplog.records)
        caplog.clear()  # expected here; the autouse check must not fail

    def test_unknown_refusal_code(self, caplog: pytest.LogCaptureFixture) -> None:
        assert speech(E.CommandRejected("brand_new"), ctx("el")) == "Αυτό δεν γίνεται τώρα."
        assert any("brand_new" in r.getMessage() for r in caplog.records)

    def test_context_from_names_and_bots(self) -> None:
        c = NarrationContext(lang="el", names=("you", "Rita"), bots=(None, "rita"), listener=0)
        assert c.players == PLAYERS
        assert speech(E.DiceRolled(1, (5, 5), 3), c) == "Η Ρίτα έφερε πεντάρες."

    def test_a_bot_is_never_you(self) -> None:
        bots = (E.PlayerInfo("Rita", "rita"), E.PlayerInfo("S", "strong"))
        c = NarrationContext(lang="en", listener=0, players=bots)
        assert c.listener is None
        assert speech(E.DiceRolled(0, (4, 1), 3), c) == "Rita rolled 4 and 1."

    def test_context_validates(self) -> None:
        with pytest.raises(ValueError):
            NarrationContext(lang="fr")
        with pytest.raises(ValueError):
            NarrationContext(listener=2)


# ------------------------------------------------------------ plays in words
class TestPlaysInWords:
    def _play(self, pos: Position, dice: tuple[int, int], notation: str):
        for p in legal_plays(pos, dice):
            if p.notation == notation:
                return p
        raise AssertionError(f"{notation} not in {[p.notation for p in legal_plays(pos, dice)]}")

    def test_hit(self) -> None:
        play = self._play(HIT_POS, (6, 1), "13/7* 8/7")
        assert speech(E.PlayMade(0, play, (6, 1)), ctx("en")) == \
            "You played from 13 to 7 hitting, from 8 to 7."
        assert speech(E.PlayMade(0, play, (6, 1)), ctx("el")) == \
            "Έπαιξες από το 13 στο 7 και χτύπησες, από το 8 στο 7."
        theirs = ctx("el", mover_numbering=True)  # the option: each player's own numbering
        assert speech(E.PlayMade(1, play, (6, 1)), theirs) == \
            "Η Ρίτα έπαιξε από το 13 στο 7 και χτύπησε, από το 8 στο 7."
        assert P.screen_text(E.PlayMade(1, play, (6, 1)), ctx("en", mover_numbering=True)) == \
            "Rita played from 13 to 7 hitting, from 8 to 7 (13/7* 8/7)."
        # the default: the listener's numbering, and what happened to the listener
        assert P.screen_text(E.PlayMade(1, play, (6, 1)), ctx("en")) == \
            "Rita played from 17 to 18, from 12 to 18 (17/18 12/18*). Rita hit your checker on 18."

    def test_terse_opponent_play(self) -> None:
        """Style guide 2.2: the opponent's play in brief is "13 to 7, 8 to 7"."""
        play = self._play(START, (6, 1), "13/7 8/7")
        c = ctx("en", verbosity=Verbosity.TERSE, mover_numbering=True)
        assert speech(E.PlayMade(1, play, (6, 1)), c) == "Rita: 13 to 7, 8 to 7."
        assert speech(E.PlayMade(1, play, (6, 1)), dataclasses.replace(c, lang="el")) == \
            "Η Ρίτα: 13 στο 7, 8 στο 7."
        mine = ctx("en", verbosity=Verbosity.TERSE)  # the default: the listener's numbering
        assert speech(E.PlayMade(1, play, (6, 1)), mine) == "Rita: 17 to 18, 12 to 18."

    def test_two_checkers_bar_and_bearing_off(self) -> None:
        two = self._play(START, (3, 3), "8/5(2) 6/3(2)")
        assert Say(ctx("en"), True).play(two, 0) == \
            "two checkers from 8 to 5, two checkers from 6 to 3"
        assert Say(ctx("el"), True).play(two, 0) == \
            "δύο πούλια από το 8 στο 5, δύο πούλια από το 6 στο 3"
        enter = legal_plays(BAR_POS, (3, 1))
        words = [Say(ctx("en"), True).play(p, 0) for p in enter]
        assert any(w.startswith("from the bar to 22") for w in words), words
        assert any("από την μπάρα στο 24" in Say(ctx("el"), True).play(p, 0) for p in enter)
        off = self._play(BEAR_POS, (6, 5), "6/off 5/off")
        assert Say(ctx("en"), True).play(off, 0) == "from 6 off the board, from 5 off the board"
        assert Say(ctx("el"), True).play(off, 0) == "από το 6 έξω, από το 5 έξω"
        assert Say(ctx("en", verbosity=Verbosity.TERSE), True).play(off, 0) == "6 off, 5 off"

    def test_hit_on_the_way(self) -> None:
        pos = Position.from_json({
            "game": "portes", "points": [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3,
                                         -1, -4, 0, 0, 0, 0, 2], "bar": [0, 0], "off": [0, 0]})
        play = self._play(pos, (6, 5), "24/18*/13")
        assert Say(ctx("en"), True).play(play, 0) == "from 24 to 18 hitting, then to 13"
        assert Say(ctx("el"), True).play(play, 0) == \
            "από το 24 στο 18 και χτυπάς, και μετά στο 13"

    def test_plakoto_pin(self) -> None:
        pos = Position.from_json({
            "game": "plakoto", "points": [-14, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
                                          0, 0, 0, 0, 0, 0, 14]})
        play = next(p for p in legal_plays(pos, (6, 6)) if "^" in p.notation)
        assert "pinning" in Say(ctx("en"), True).play(play, 0)
        assert "και πλακώνεις" in Say(ctx("el"), True).play(play, 0)
        assert "και πλακώνει" in Say(ctx("el", mover_numbering=True), True).play(play, 1)

    def test_plays_offered_list(self) -> None:
        c = ctx("en")
        offered = E.PlaysOffered(0, (6, 5), PLAYS_65, START, suggested=2)
        lines = P.screen_text(offered, c).splitlines()
        assert lines[0] == "7 plays to choose from:"
        assert lines[1] == "1: 24 to 18, 13 to 8 (24/18 13/8)"  # the words heard, then what to type
        assert lines[2].endswith(", suggested")
        utt = P.phrase(offered, c)
        assert utt.segments[0] == "7 plays to choose from:"
        assert utt.segments[1] == Pause(250)
        assert utt.segments[2] == "1: 24 to 18, 13 to 8"  # a list is heard in the short form
        el = P.phrase(offered, ctx("el"))
        assert el.segments[0] == "Έχεις επτά κινήσεις να διαλέξεις:"
        assert P.screen_text(offered, ctx("el")).startswith("Έχεις 7 κινήσεις να διαλέξεις:")

    def test_long_list_told_as_groups_in_speech_above_9_on_screen_above_20(self) -> None:
        plays = legal_plays(START, (1, 1))
        assert len(plays) > 20 + 3
        offered = E.PlaysOffered(0, (1, 1), plays, START)
        said = [s for s in P.phrase(offered, ctx("en")).segments if isinstance(s, str)]
        assert len(said) == 1 + 2 and said[1].startswith("From 24: ")
        again = ctx("en", reason=PresentationReason.REPEAT)
        assert len([s for s in P.phrase(offered, again).segments if isinstance(s, str)]) == \
            1 + len(plays)
        screen = P.screen_text(offered, ctx("en")).splitlines()
        assert len(screen) == 1 + 2 and screen[1].startswith("From 24: ")
        assert "or l to list them all" in screen[-1]
        assert len(P.screen_text(offered, again).splitlines()) == 1 + len(plays)
        el = [s for s in P.phrase(offered, ctx("el")).segments if isinstance(s, str)]
        assert el[1].startswith("Από το 24: ")

    def test_bot_choices_are_not_read_out(self) -> None:
        c = ctx("en")
        assert P.screen_text(E.PlaysOffered(1, (6, 5), PLAYS_65, START), c) == ""
        assert P.phrase(E.PlaysOffered(1, (6, 5), PLAYS_65, START), c).is_empty
        assert P.screen_text(E.QuestionAsked(1, "take", 2), c) == ""

    def test_hot_seat_names_everybody(self) -> None:
        friends = NarrationContext(lang="en", listener=None,
                                   players=(E.PlayerInfo("Anna"), E.PlayerInfo("Nikos")))
        assert speech(E.DiceRolled(1, (4, 2), 5), friends) == "Nikos rolled 4 and 2."
        assert speech(E.TurnStarted(0, START), friends) == "Anna's turn."
        lines = P.screen_text(E.PlaysOffered(0, (6, 5), PLAYS_65, START), friends).splitlines()
        assert lines[0] == "Anna chooses from 7 plays:"


# ------------------------------------------------------------------ R8 reasons
ALL_CODES = [c.value for c in PassReason]


class TestReasons:
    def test_all_codes_have_cases(self) -> None:
        assert set(ALL_CODES) == set(REASON_CASES) | {"closed_out"}

    @pytest.mark.parametrize("code", ALL_CODES)
    def test_reason_in_both_languages(self, code: str) -> None:
        reason = real_reason(code)
        event: E.Event = (E.TurnPassed(0, (1, 1), reason) if reason.code.is_pass
                          else E.TurnShortened(0, reason))
        texts = {}
        for lang in LANGS:
            said = speech(event, ctx(lang))
            texts[lang] = said
            assert "_" not in said, said  # no code name leaks
            assert M.text("reason.unknown", lang) not in said, said
            for name in ("points", "point"):
                value = reason.get(name)
                for p in (value if isinstance(value, tuple) else (value,) if value else ()):
                    assert str(p) in said, (name, p, said)
        assert GREEK.search(texts["el"]) and not GREEK.search(texts["en"])

    def test_reason_sentences(self) -> None:
        c_en, c_el = ctx("en"), ctx("el")
        blocked = E.TurnPassed(0, (6, 6), real_reason("bar_entry_blocked"))
        assert speech(blocked, c_en) == ("You lose your turn: a checker on the bar must enter "
                                         "first, and the entry point 19 is closed.")
        assert speech(blocked, c_el) == ("Χάνεις τη σειρά σου: πρώτα πρέπει να μπει το πούλι "
                                         "από την μπάρα, και το 19 είναι πόρτα.")
        allb = E.TurnPassed(1, (1, 1), real_reason("all_blocked"))
        assert speech(allb, c_el) == ("Η Ρίτα χάνει τη σειρά της: με άσους κανένα πούλι δεν "
                                      "έχει πού να πάει.")
        one = E.TurnShortened(0, real_reason("only_one_die"))
        assert speech(one, c_en) == (
            "You can play only part of your roll: only the 4 can be played, not the 6, because "
            "the 2 checkers on the bar must enter first, and the entry point 19 is closed.")

    @pytest.mark.parametrize("lang, one, two", [
        ("en", "a checker on the bar must enter first, and the entry point 19 is closed",
         "the 2 checkers on the bar must enter first, and the entry point 19 is closed"),
        ("el", "πρώτα πρέπει να μπει το πούλι από την μπάρα, και το 19 είναι πόρτα",
         "πρώτα πρέπει να μπουν τα 2 πούλια από την μπάρα, και το 19 είναι πόρτα"),
    ])
    def test_r4_the_bar_clause_agrees_with_the_checkers_on_the_bar(self, lang: str, one: str,
                                                                   two: str) -> None:
        data, dice = REASON_CASES["bar_entry_blocked"]
        reason = real_reason("bar_entry_blocked")
        assert reason.get("checkers") == data["bar"][0] == 1
        assert P.screen_text(E.TurnPassed(0, dice, reason), ctx(lang)).endswith(f"{one}.")
        points = [0, *data["points"][1:]]  # the checker on 1 is on the bar too
        two_on_bar = analyse(Position.from_json({**data, "points": points, "bar": [2, 0]}),
                             dice).reason
        assert two_on_bar is not None and two_on_bar.get("checkers") == 2
        shown = P.screen_text(E.TurnPassed(0, dice, two_on_bar), ctx(lang))
        assert shown.endswith(f"{two}."), shown

    @pytest.mark.parametrize("lang, on_bar, said", [
        ("en", 1, "closed out, with a checker on the bar and all six entry points closed"),
        ("en", 2, "closed out, with two checkers on the bar and all six entry points closed"),
        ("el", 1, "το πούλι στην μπάρα δεν μπαίνει, αφού και οι έξι θέσεις εισόδου είναι πόρτες"),
        ("el", 3, "τα τρία πούλια στην μπάρα δεν μπαίνουν, αφού και οι έξι θέσεις εισόδου είναι "
                  "πόρτες"),
    ])
    def test_r4_a_closed_out_pass_counts_the_checkers_on_the_bar(self, lang: str, on_bar: int,
                                                                  said: str) -> None:
        points = [0, 0, 0, 0, 0, 8 - on_bar, 0, 3, 0, 0, 0, 0, 4] + [0] * 5 + [-2] * 6
        pos = Position.from_json({"game": "portes", "points": points, "bar": [on_bar, 3]})
        reason = analyse(pos, (6, 6)).reason
        assert reason is not None and reason.code is PassReason.CLOSED_OUT
        assert reason.get("checkers") == on_bar
        shown = P.screen_text(E.TurnPassed(0, None, reason), ctx(lang))
        assert shown.endswith(f": {said}."), shown

    @pytest.mark.parametrize("lang, on_bar, said", [
        ("en", 1, "a checker on the bar must enter first"),
        ("en", 2, "the 2 checkers on the bar must enter first"),
        ("el", 1, "πρώτα πρέπει να μπει το πούλι από την μπάρα"),
        ("el", 3, "πρώτα πρέπει να μπουν τα 3 πούλια από την μπάρα"),
    ])
    def test_r4_a_step_refused_for_the_bar_counts_its_checkers(self, lang: str, on_bar: int,
                                                               said: str) -> None:
        from tavli_voice.rules.blocked import StepRefusal, why_no_step
        pos = Position.from_json({"game": "portes", "points": [-15] + [0] * 4 + [15 - on_bar]
                                  + [0] * 18,
                                  "bar": [on_bar, 0]})
        why, details = why_no_step(pos, (6, 5), 6, 1)
        assert why is StepRefusal.BAR_FIRST and details == {"checkers": on_bar}
        assert P._step_why({"why": why.value, **details}.get, Say(ctx(lang), False), 6, 1) == said

    def test_partial_double_counts_in_greek_words(self) -> None:
        reason = real_reason("partial_double")
        played = reason.get("played")
        words = {1: "μία", 2: "δύο", 3: "τρεις"}[played]
        said = speech(E.TurnShortened(0, reason), ctx("el"))
        # κίνηση is a whole play: the die is played "three times of the four"
        assert f"το 6 παίζεται μόνο {words} {'φορά' if played == 1 else 'φορές'} από τις τέσσερις" in said, said
        shown = P.screen_text(E.TurnShortened(0, reason), ctx("el"))
        # on screen in words too, as «τέσσερις» beside it is: one sentence counts one way
        assert f"το 6 παίζεται μόνο {words} {'φορά' if played == 1 else 'φορές'} από τις τέσσερις" in shown

    def test_nested_reason_names_the_die(self) -> None:
        reason = Reason.make(PassReason.ONLY_ONE_DIE, die=6, other=2,
                             why=Reason.make(PassReason.ALL_BLOCKED, dice=(6, 2)))
        said = Say(ctx("en"), True).reason(reason)
        assert said == ("only the 6 can be played, not the 2, because no checker can land "
                        "anywhere with the 2")

    def test_terse_pass(self) -> None:
        c = ctx("en", verbosity=Verbosity.TERSE)
        assert speech(E.TurnPassed(1, None, real_reason("closed_out")), c).startswith("Pass: closed out")

    def test_a_closed_out_pass_in_greek_is_one_clause_after_its_colon_R8(self) -> None:
        """«Χάνεις τη σειρά σου: …, αφού …», where a second colon cut the sentence in three."""
        shown = P.screen_text(E.TurnPassed(0, None, real_reason("closed_out")), ctx("el"))
        assert shown == ("Χάνεις τη σειρά σου: τα τρία πούλια στην μπάρα δεν μπαίνουν, αφού και οι "
                         "έξι θέσεις εισόδου είναι πόρτες."), shown


# --------------------------------------------------------------- readouts
class TestReadouts:
    def test_three_lengths(self) -> None:
        c = ctx("en")
        brief = P.screen_text(E.PositionReport(0, START, "brief", 0, (1, 2), (6, 5)), c)
        assert brief == ("Your turn. Dice: 6 and 5. Pips: you 167, Rita 167. The race is level.")
        normal = P.screen_text(E.PositionReport(0, START, "normal", 1, (1, 2)), c).splitlines()
        assert normal == ["Yours: two on 24, five on 13, three on 8, five on 6.",
                          "Rita's: five on 19, three on 17, five on 12, two on 1.",
                          "Rita's turn."]
        full = P.screen_text(E.PositionReport(0, START, "full", 0, (1, 2)), c)
        for p in range(1, 25):
            assert re.search(rf"(^|; | ){p}: ", full), p
        assert full.count("empty") == 16
        assert "Score: you 1, Rita 2." in full
        assert "On the bar: none. Borne off: none." in full

    def test_three_lengths_greek(self) -> None:
        c = ctx("el")
        normal = P.screen_text(E.PositionReport(0, START, "normal", 0, (0, 0)), c).splitlines()
        assert normal[0] == "Δικά σου: δύο στο 24, πέντε στο 13, τρία στο 8, πέντε στο 6."
        assert normal[1] == "Της Ρίτας: πέντε στο 19, τρία στο 17, πέντε στο 12, δύο στο 1."
        brief = P.screen_text(E.PositionReport(0, START, "brief", 1, (0, 0)), c)
        assert brief.startswith("Σειρά της Ρίτας. Μέτρημα: εσύ 167, η Ρίτα 167.")
        full = P.phrase(E.PositionReport(0, START, "full", 0, (0, 0)), c)
        assert "άδεια" in full.text and "Θέσεις 1 έως 6, το σπίτι σου:" in full.text

    def test_brief_mentions_bar_and_off_only_when_not_empty(self) -> None:
        c = ctx("en")
        brief = P.screen_text(E.PositionReport(0, BAR_POS, "brief", 0, (0, 0)), c)
        assert "On the bar: one of yours, none of Rita's." in brief and "Borne off" not in brief

    @pytest.mark.parametrize("lang, bar, off", [
        ("en", "On the bar: one of yours, none of Rita's.",
         "Borne off: three of yours, one of Rita's."),
        ("el", "Στην μπάρα: ένα δικό σου, κανένα της Ρίτας.",
         "Μαζεμένα: τρία δικά σου, ένα της Ρίτας."),
    ])
    def test_bar_and_borne_off_say_counts_in_words(self, lang: str, bar: str, off: str) -> None:
        """As the point and board readouts say them, from the listener's side; in speech too."""
        pos = Position.from_json({"game": "portes", "off": [3, 1], "bar": [1, 0], "points": [
            -2, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, -4, 5, 0, 0, 0, -3, 0, -4, 0, 0, -1, 0, 1]})
        for phrase in (P.screen_text(E.PositionReport(0, pos, "brief", 0, (0, 0)), ctx(lang)),
                       P.phrase(E.PositionReport(0, pos, "brief", 0, (0, 0)), ctx(lang)).text):
            assert bar in phrase and off in phrase
        assert P.screen_text(E.PointReport(0, pos, 25), ctx(lang)) == bar
        assert P.screen_text(E.PointReport(0, pos, 0), ctx(lang)) == off
        friends = NarrationContext(lang=lang, listener=None,
                                   players=(E.PlayerInfo("Άννα"), E.PlayerInfo("Νίκος")))
        assert P.screen_text(E.PointReport(0, pos, 0), friends) == {  # nobody is "you"
            "en": "Borne off: three of Άννα's, one of Νίκος's.",
            "el": "Μαζεμένα: τρία της Άννας, ένα του Νίκου."}[lang]

    @pytest.mark.parametrize("game", ["plakoto", "fevga"])
    def test_borne_off_in_words_in_plakoto_and_fevga(self, game: str) -> None:
        start = Position.initial(game).to_json()
        points = list(start["points"])
        points[points.index(min(points))] += 2  # two of Rita's borne off
        pos = Position.from_json({**start, "points": points, "off": [0, 2]})
        en = P.screen_text(E.PositionReport(0, pos, "brief", 0, (0, 0)), ctx("en"))
        el = P.screen_text(E.PositionReport(0, pos, "brief", 0, (0, 0)), ctx("el"))
        assert "Borne off: none of yours, two of Rita's." in en and "bar" not in en
        assert "Μαζεμένα: κανένα δικό σου, δύο της Ρίτας." in el and "μπάρα" not in el

    def test_point_and_quarter_queries(self) -> None:
        c = ctx("en")
        assert P.screen_text(E.PointReport(0, START, 13), c) == "Point 13: five of yours."
        assert P.screen_text(E.PointReport(0, START, 12), c) == "Point 12: five of Rita's."
        assert P.screen_text(E.PointReport(0, START, 20), c) == "Point 20: empty."
        assert P.screen_text(E.PointReport(0, START, 1), ctx("el")) == "Θέση 1: δύο της Ρίτας."
        assert P.screen_text(E.PointReport(0, BAR_POS, 25), c) == \
            "On the bar: one of yours, none of Rita's."
        assert P.screen_text(E.PointReport(0, BEAR_POS, 0), c) == "Borne off: none."
        assert P.screen_text(E.PointReport(0, BEAR_POS, 0), ctx("el")) == "Μαζεμένα: κανένα."
        assert P.screen_text(E.PointReport(0, FEVGA_START, 25), ctx("el")) == \
            "Σε αυτό το παιχνίδι δεν υπάρχει μπάρα."
        assert P.screen_text(E.QuarterReport(0, START, 1), c) == (
            "Points 1 to 6, your home board: 6: five of yours; 5: empty; 4: empty; 3: empty; "
            "2: empty; 1: two of Rita's.")
        assert P.screen_text(E.QuarterReport(0, START, 4), c).startswith(
            "Points 19 to 24, Rita's home board: 24: two of yours;")
        # Fevga (R1): the other side's home is the view's 13-18
        assert P.screen_text(E.QuarterReport(0, FEVGA_START, 3), c).startswith(
            "Points 13 to 18, Rita's home board:")
        assert P.screen_text(E.QuarterReport(0, FEVGA_START, 2), c).startswith(
            "Points 7 to 12: 12: fifteen of Rita's;")

    def test_point_and_quarter_queries_count_in_words_in_greek(self) -> None:
        """Counts in words, neuter as πούλια, the points digits: as the board readout."""
        el = ctx("el")
        assert P.screen_text(E.PointReport(0, START, 13), el) == "Θέση 13: πέντε δικά σου."
        assert P.screen_text(E.PointReport(0, START, 17), el) == "Θέση 17: τρία της Ρίτας."
        assert P.screen_text(E.QuarterReport(0, START, 1), el) == (
            "Θέσεις 1 έως 6, το σπίτι σου: 6: πέντε δικά σου· 5: άδεια· 4: άδεια· 3: άδεια· "
            "2: άδεια· 1: δύο της Ρίτας.")
        assert P.screen_text(E.QuarterReport(0, START, 4), el).startswith(
            "Θέσεις 19 έως 24, το σπίτι της Ρίτας: 24: δύο δικά σου· 23: άδεια")
        assert P.phrase(E.PointReport(0, START, 8), el).text == "Θέση 8: τρία δικά σου."
        full = P.screen_text(E.PositionReport(0, START, "full", 0, (0, 0)), ctx("en"))
        assert "13: five of yours." in full and "8: three of yours;" in full

    def test_plakoto_pins_and_mothers(self) -> None:
        c = ctx("en")
        normal = P.screen_text(E.PositionReport(0, PLAKOTO_PINS, "normal", 0, (0, 0)), c)
        assert "Yours: twelve on 24; one pinned on 19; one on 8; one on 3, pinning one of Rita's." in normal
        assert "Rita's: one on 19, pinning one of yours; eight on 15; one pinned on 3;" in normal
        el_normal = P.screen_text(E.PositionReport(0, PLAKOTO_PINS, "normal", 0, (0, 0)), ctx("el"))
        assert ("Δικά σου: δώδεκα στο 24· ένα πλακωμένο στο 19· ένα στο 8· ένα στο 3, "
                "που πλακώνει ένα της Ρίτας.") in el_normal
        assert "Της Ρίτας: ένα στο 19, που πλακώνει ένα δικό σου·" in el_normal
        assert "Rita's mother stands alone on 1 and can be pinned." in normal
        brief = P.screen_text(E.PositionReport(0, PLAKOTO_PINS, "brief", 0, (0, 0)), c)
        assert "Your checker on 19 is pinned." in brief
        assert "Rita's checker on 3 is pinned." in brief
        both = P.screen_text(E.PositionReport(0, PLAKOTO_BOTH_MOTHERS, "brief", 0, (0, 0)), c)
        assert "Your mother is pinned. Rita's mother is pinned." in both
        assert "Your checkers on 24 and 19 are pinned." in both
        el = P.screen_text(E.PositionReport(0, PLAKOTO_BOTH_MOTHERS, "brief", 0, (0, 0)), ctx("el"))
        assert "Η μάνα σου είναι πλακωμένη. Η μάνα της Ρίτας είναι πλακωμένη." in el
        assert "Τα πούλια σου στις θέσεις 24 και 19 είναι πλακωμένα." in el
        point = P.screen_text(E.PointReport(0, PLAKOTO_PINS, 19), ctx("el"))
        assert point == "Θέση 19: ένα της Ρίτας, που πλακώνει ένα δικό σου."
        own_alone = PLAKOTO_PINS.flip()
        seat_two = NarrationContext(lang="el", listener=1,
                                    players=(E.PlayerInfo("Rita", "rita"), E.PlayerInfo("you")))
        said = P.screen_text(E.PositionReport(1, own_alone, "brief", 1, (0, 0)), seat_two)
        assert "Η μάνα σου είναι μοναχή στο 24 και κινδυνεύει να πλακωθεί." in said

    def test_mother_pinned_event(self) -> None:
        assert speech(E.MotherPinned(1, False), ctx("el")) == (
            "Η Ρίτα πλάκωσε τη μάνα σου! Η παρτίδα συνεχίζεται ώσπου να φύγει από την αφετηρία "
            "το τελευταίο πούλι της Ρίτας.")
        assert speech(E.MotherPinned(0, True), ctx("en")) == \
            "You pinned Rita's mother! That ends the game."

    def test_pips_and_score(self) -> None:
        assert speech(E.PipReport(0, (167, 150)), ctx("en")) == \
            "Pips: you 167, Rita 150. You are 17 behind."
        assert speech(E.PipReport(0, (140, 150)), ctx("el")) == \
            "Μέτρημα: εσύ 140, η Ρίτα 150. Προηγείσαι κατά 10."
        assert speech(E.ScoreReport((2, 1), 5, "fevga", 3), ctx("el")) == \
            "Σκορ: εσύ 2, η Ρίτα 1. Ο αγώνας είναι στους πέντε πόντους. Παρτίδα 3: Φεύγα."
        assert speech(E.GameOver("portes", 0, 1, "single", (1, 0)), ctx("el")) == \
            "Κερδίζεις την παρτίδα και παίρνεις έναν πόντο. Σκορ: εσύ 1, η Ρίτα 0."
        assert P.screen_text(E.GameOver("portes", 1, 2, "mars", (0, 2)), ctx("en")) == \
            "Rita wins the game with a mars: 2 points. Score: you 0, Rita 2."


# ----------------------------------------------------- whole games, narrated
@pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
def test_whole_random_game_narrated_without_symbols(game: str) -> None:
    """Every play, pass and shortened turn of a seeded game, in both languages."""
    rng = random.Random(f"words-{game}")
    pos = Position.initial(game, "traditional")
    player = 0
    contexts = [ctx(lang, verbosity=v) for lang in LANGS for v in Verbosity]
    for _ in range(400):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = analyse(pos, dice)
        events: list[E.Event] = [E.DiceRolled(player, dice, len(turn.plays))]
        if not turn.plays:
            assert turn.reason is not None
            events.append(E.TurnPassed(player, dice, turn.reason))
        else:
            if turn.reason is not None:
                events.append(E.TurnShortened(player, turn.reason))
            play = rng.choice(turn.plays)
            events.append(E.PlayMade(player, play, dice))
            pos = play.result
        events.append(E.PositionReport(player, pos, "normal", player, (0, 0)))
        for event in events:
            for c in contexts:
                said = P.phrase(event, c).text
                assert said and not SYMBOLS.search(said), said
                assert P.screen_text(event, c)
        outcome = game_outcome(pos)
        if outcome is not None:
            break
        pos = pos.flip()
        player = 1 - player
    else:
        pytest.fail("the game did not end")


def test_while_scanning_an_offer_is_only_counted_R2() -> None:
    """The scanner speaks each option; a list read first would hold the scan back."""
    plays = legal_plays(START, (6, 5))
    offered = E.PlaysOffered(0, (6, 5), plays, START)
    for lang in LANGS:
        scan = ctx(lang, list_plays=False)
        assert len(P.screen_text(offered, scan).splitlines()) == 1
        assert [x for x in P.phrase(offered, scan).segments if isinstance(x, str)] == \
            [P.phrase(offered, scan).text]
        asked = ctx(lang, list_plays=False, reason=PresentationReason.WHERE_AM_I)
        assert len(P.screen_text(offered, asked).splitlines()) == 1 + len(plays)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_step_from_or_to_no_such_point_is_said_as_such(lang: str) -> None:
    """"f 30" says there is no point 30 (points 1 to 24) and where a checker can move from;
    "from off" and "to the bar" say why, never "no checker of yours there"."""
    text, screen_text = M.text, P.screen_text
    ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
    sources = ("sources", (24, 13))
    far = screen_text(E.CommandRejected("no_such_point", (("point", 30), sources,
                                                          ("step", "from"))), ctx)
    assert far.startswith(text("reject.no_such_point", lang, point=30)), far
    assert "24" in far and "13" in far
    off = screen_text(E.CommandRejected("no_such_point", (("point", 0), sources,
                                                          ("step", "from"))), ctx)
    assert off.startswith(text("reject.no_such_point.from_off", lang)), off
    bar = screen_text(E.CommandRejected("no_such_point", (("point", 25), ("step", "to"))), ctx)
    assert bar == text("reject.no_such_point.to_bar", lang)
