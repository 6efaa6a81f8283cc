"""A whole game played by voice through the session.

The human player's every command is spoken by espeak-ng ("roll", the number
of a play, "confirm"), recognised by pocketsphinx with the grammar of that
moment (built from ``Session.available()``), and handed to the session like
any other input. The bot opponent plays through ``bot_step``.
"""

from __future__ import annotations

import random

import pytest

from speech_helpers import espeak, needs_espeak
from tavli_voice import commands as C
from tavli_voice.session import Phase, new_session
from tavli_voice.speech.engine_sphinx import SphinxRecognizer
from tavli_voice.speech.grammar import options_from, phrases
from tavli_voice.speech.words import COMMAND_WORDS, number_text


def say_for(command: C.Command, lang: str) -> str:
    """What the player says for ``command``."""
    if isinstance(command, C.ChoosePlay):
        return number_text(command.number, lang)  # type: ignore[arg-type]
    name = C.command_name(command)
    return " ".join(COMMAND_WORDS[name][lang][0])  # type: ignore[index]


@needs_espeak
@pytest.mark.parametrize("lang,voice", [("en", "en-us"), ("el", "el")])
def test_a_game_by_voice(lang: str, voice: str) -> None:
    session = new_session(kind="portes", length=1, seed=11)
    session.start()
    engine = SphinxRecognizer(lang)  # type: ignore[arg-type]
    rng = random.Random(3)
    said = understood = 0
    for _ in range(600):
        if session.phase is Phase.MATCH_OVER:
            break
        if session.bot_to_act():
            session.bot_step()
            continue
        plays = len(session.plays) if session.phase in (Phase.PLAY, Phase.CONFIRM) else 0
        options = options_from(session.available(), plays)
        if session.phase is Phase.ROLL:
            wanted: C.Command = C.Roll()
        elif session.phase is Phase.PLAY:
            wanted = C.ChoosePlay(rng.randint(1, min(plays, 12)))
        elif session.phase is Phase.CONFIRM:
            wanted = C.Confirm()
        else:
            wanted = C.No()
        heard = engine.recognize(espeak(say_for(wanted, lang), voice), phrases(options, lang))  # type: ignore[arg-type]
        said += 1
        understood += heard.command == wanted
        if heard.command is not None:
            session.handle(heard.command)
    assert session.phase is Phase.MATCH_OVER
    assert understood >= 0.85 * said, (understood, said)
