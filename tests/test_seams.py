"""Where the parts meet: refusals in words, the command table, the turn view, one hint."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from tavli_voice import command_table as T
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import session as session_module
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, screen_text
from tavli_voice.rules import MatchConfig, Position
from tavli_voice.session import Session, SessionOptions, new_session
from tavli_voice.speech.grammar import PHASE_COMMANDS
from tavli_voice.speech.words import COMMAND_WORDS
from tavli_voice.ui.keys import parse_line

PACKAGE = Path(session_module.__file__).resolve().parent

#: Details each refusal carries, as the session sends them.
DETAILS: dict[E.RejectCode, tuple[tuple[str, object], ...]] = {
    E.RejectCode.NOT_NOW: (("expected", E.Phase.ROLL),),
    E.RejectCode.NO_SUCH_PLAY: (("count", 4), ("number", 9)),
    E.RejectCode.NO_CHECKER_TO_MOVE: (("point", 5), ("sources", (13, 8))),
    E.RejectCode.SAY_FROM_FIRST: (("point", 7),),
    E.RejectCode.ILLEGAL_STEP: (("point", 7), ("source", 13)),
    E.RejectCode.NO_SUCH_POINT: (("point", 31),),
    E.RejectCode.NO_SUCH_QUARTER: (("quarter", 7),),
    E.RejectCode.WRONG_GAME: (("game", "fevga"),),
}


def emitted_codes() -> set[str]:
    """Every ``RejectCode.X`` the session's source sends."""
    tree = ast.parse(inspect.getsource(session_module))
    return {node.attr.lower() for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "RejectCode"}


class TestRefusals:
    @pytest.mark.parametrize("lang", ["en", "el"])
    @pytest.mark.parametrize("code", list(E.RejectCode))
    def test_every_code_has_its_own_words(self, code: E.RejectCode, lang: str) -> None:
        event = E.CommandRejected(code, DETAILS.get(code, ()))
        text = screen_text(event, NarrationContext(lang=lang))
        assert text and text != M.text("reject.generic", lang)
        assert "{" not in text and "None" not in text

    def test_every_code_is_emitted_and_every_refusal_word_has_a_code(self) -> None:
        assert emitted_codes() == {c.value for c in E.RejectCode}
        codes = {c.value for c in E.RejectCode}
        helpers = {"generic", "sources"}
        worded = {k.removeprefix("reject.") for k in M.MESSAGES if k.startswith("reject.")}
        # a code's own variants ("reject.<code>.<what>": the reason, the step-by-step form) go with it
        variants = {w for w in worded if "." in w and w.split(".")[0] in codes}
        assert worded - helpers - variants == codes

    def test_a_position_of_another_game_is_refused_in_words(self) -> None:
        s = new_session("portes", 3, seed=1)
        s.start()
        [event] = s.set_position(Position.initial("fevga"))
        assert isinstance(event, E.CommandRejected) and event.code is E.RejectCode.WRONG_GAME
        assert "Fevga" in screen_text(event, NarrationContext(lang="en"))
        assert "Φεύγα" in screen_text(event, NarrationContext(lang="el"))


class TestCommandTable:
    def test_every_key_in_help_types_its_command(self) -> None:
        for key, name, _help in T.help_rows():
            # y/n answer a double; q (quit) ends a review: the session and the review map them
            if "N" in key or (name, key) in (("take", "y"), ("drop", "n"), ("end", "q")):
                continue
            command = parse_line(key)
            assert command is not None and C.command_name(command) == name, key

    def test_typed_words_in_both_languages_with_or_without_accents(self) -> None:
        for spec in T.COMMANDS:
            for lang in ("en", "el"):
                for word in spec.typed.get(lang, ()):
                    for form in {word, T.fold(word), word.upper()}:
                        command = parse_line(form if spec.number is None else f"{form} 3")
                        assert command is not None and C.command_name(command) == spec.name

    def test_spoken_words_are_the_tables(self) -> None:
        assert set(COMMAND_WORDS) == {s.name for s in T.COMMANDS if s.spoken and s.number is None}
        for name, by_lang in COMMAND_WORDS.items():
            assert by_lang == T.by_name(name).spoken and by_lang["en"] and by_lang["el"]

    def test_every_phase_grammar_offers_leaving_the_table(self) -> None:
        for phase in ("roll", "play", "confirm", "turn"):
            assert "leave" in PHASE_COMMANDS[phase]

    def test_help_keys_are_the_tables(self) -> None:
        assert tuple((k.key, k.command, k.help) for k in M.COMMAND_KEYS) == T.help_rows()
        for _key, _name, help_key in T.help_rows():
            for lang in ("en", "el"):
                assert M.text(help_key, lang)


class TestTurnView:
    def test_the_view_is_frozen_and_follows_the_turn(self) -> None:
        s = new_session("portes", 3, seed=4)
        s.start()
        view = s.state()
        with pytest.raises(AttributeError):
            view.phase = E.Phase.PLAY  # type: ignore[misc]
        while s.phase is not E.Phase.PLAY:
            s.handle(C.Roll()) if not s.bot_to_act() else s.bot_step()
        view = s.state()
        assert view.phase is E.Phase.PLAY and view.plays == s.plays and view.dice == s.dice
        assert view.step_sources and not view.chosen and view.source is None
        s.handle(C.FromPoint(view.step_sources[0]))
        after = s.state()
        assert after.source == view.step_sources[0] and after.step_targets
        assert after.choosing_steps and "undo" in after.available

    def test_phase_enum_still_equals_its_name(self) -> None:
        assert E.Phase.PLAY == "play" and f"{E.Phase.MATCH_OVER}" == "match_over"
        assert E.RejectCode("wrong_game") is E.RejectCode.WRONG_GAME


class TestOneHint:
    def test_hint_suggestion_and_time_out_are_the_same_play(self) -> None:
        players = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
        config = MatchConfig(3, "portes", "tavlucky", 11)
        s = Session(config, players, SessionOptions(suggestions=True))
        s.start()
        for _ in range(200):
            if s.phase is E.Phase.PLAY and not s.bot_to_act() and len(s.plays) > 1:
                break
            s.bot_step() if s.bot_to_act() else s.handle(C.Roll() if s.phase is E.Phase.ROLL
                                                          else C.Confirm())
        hint = s.handle(C.Hint())[0]
        assert isinstance(hint, E.HintReport)
        assert s.state().suggested == hint.number == 1  # listed first
        assert s.plays[0] == hint.play


def test_front_ends_read_the_view_not_the_sessions_insides() -> None:
    """No ``Any``-typed app/session/player parameters and no phase string compares in ui/."""
    for path in (PACKAGE / "ui").rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(app|session|player): Any\b", src), path
        assert ".phase.value ==" not in src, path
        assert not re.search(r"session\.(chooser|source|pending|plays|dice|match|config)\b",
                             src), path
