"""Greek speech, second review (``shared/greek-review-2.md``): what reaches espeak-ng.

No English bot id, path, option name or decimal digits in a Greek sentence sent to
speech; numbers agree with their nouns; a dropped double's sentence parses.
"""

from __future__ import annotations

import re

import pytest

from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause
from tavli_voice.rules import Position, legal_plays

LATIN = re.compile(r"[A-Za-z]")
YOU_RITA = (E.PlayerInfo("you"), E.PlayerInfo("Ρίτα", "rita"))
BOTS = (E.PlayerInfo("Ρίτα", "rita"), E.PlayerInfo("Δυνατός", "strong"))
BOT_IDS = ("random", "rita", "strong", "expert")


def spoken(event: E.Event, lang: str = "el", listener: int | None = 0,
           players: tuple[E.PlayerInfo, E.PlayerInfo] = YOU_RITA) -> str:
    """The exact text sent to the speech engine for ``event``."""
    ctx = NarrationContext(lang=lang, listener=listener, players=players)
    return " ".join(clean_for_speech(seg, lang) for seg in phrase(event, ctx).segments
                    if not isinstance(seg, Pause))


def screen(event: E.Event, lang: str = "el", listener: int | None = 0,
           players: tuple[E.PlayerInfo, E.PlayerInfo] = YOU_RITA) -> str:
    return screen_text(event, NarrationContext(lang=lang, listener=listener, players=players))


class TestOpponentChanged:
    @pytest.mark.parametrize("bot", BOT_IDS)
    def test_the_new_level_is_said_by_its_greek_name_never_its_id(self, bot: str) -> None:
        said = spoken(E.OpponentChanged(1, bot))
        assert not LATIN.search(said), said
        assert M.BOT_NAMES[bot]["el"][1] in said, said  # "ο δυνατός παίκτης"
        assert ",:" not in said and bot not in screen(E.OpponentChanged(1, bot))

    @pytest.mark.parametrize("bot", BOT_IDS)
    def test_english_names_the_level_too(self, bot: str) -> None:
        assert M.BOT_NAMES[bot]["en"][1].lower() in screen(E.OpponentChanged(1, bot), "en").lower()


class TestDroppedDouble:
    @pytest.mark.parametrize("winner,listener,dropper,winner_words", [
        (1, 0, "Αρνήθηκες τον διπλασιασμό:", "η Ρίτα κερδίζει την παρτίδα και παίρνει"),
        (0, 0, "Η Ρίτα αρνήθηκε τον διπλασιασμό:", "κερδίζεις την παρτίδα και παίρνεις"),
        (0, None, "Ο δυνατός παίκτης αρνήθηκε τον διπλασιασμό:",
         "η Ρίτα κερδίζει την παρτίδα και παίρνει"),
    ])
    def test_who_dropped_then_who_wins(self, winner: int, listener: int | None, dropper: str,
                                       winner_words: str) -> None:
        players = YOU_RITA if listener == 0 else BOTS
        event = E.GameOver("portes", winner, 2, "drop", (2, 0) if winner == 0 else (0, 2))
        text = screen(event, listener=listener, players=players)
        assert text.startswith(f"{dropper} {winner_words} 2 πόντους."), text
        assert "γιατί" not in text
        assert "δύο πόντους" in spoken(event, listener=listener, players=players)

    def test_other_outcomes_keep_their_words(self) -> None:
        text = screen(E.GameOver("portes", 0, 2, "mars", (2, 0)))
        assert text.startswith("Κερδίζεις την παρτίδα με μαρς και παίρνεις 2 πόντους."), text


class TestTimedOut:
    @pytest.mark.parametrize("player", [0, 1])
    def test_no_neuter_numeral_after_a_feminine_article(self, player: int) -> None:
        said = spoken(E.TimedOut(player, 2))
        assert "στις 3" not in said and "Τέλος χρόνου στη σειρά" not in said, said
        assert "2 από 3:" in said and ",:" not in said, said

    def test_the_time_label_is_said_once(self) -> None:
        assert spoken(E.TimedOut(0, 1)).count("Τέλος χρόνου") == 1


class TestPointShares:
    @pytest.mark.parametrize("value,words", [
        (0.25, "ένα τέταρτο του πόντου"), (0.24, "ένα τέταρτο του πόντου"),
        (0.75, "τρία τέταρτα του πόντου"), (0.5, "μισό πόντο"), (0.12, "ένα δέκατο του πόντου"),
        (0.31, "3 δέκατα του πόντου"), (0.02, "λιγότερο από ένα δέκατο του πόντου"),
        (1.0, "έναν πόντο"), (1.5, "ενάμιση πόντο"), (2.1, "δύο πόντους"),
        (2.5, "δυόμισι πόντους"), (3.0, "τρεις πόντους"),
    ])
    def test_greek_says_shares_of_a_point_in_words(self, value: float, words: str) -> None:
        assert M.point_share(value, "el") == words

    @pytest.mark.parametrize("loss", [0.08, 0.15, 0.25, 0.37, 0.5, 0.83, 1.42, 2.6])
    def test_the_coach_never_says_decimal_digits_in_greek(self, loss: float) -> None:
        play = legal_plays(Position.initial("portes"), (6, 5))[0]
        note = E.CoachNote(0, play, 0, loss)
        for text in (spoken(note), screen(note)):
            assert not re.search(r"\d[,.]\d", text), text
            assert "προτεινόμενη κίνηση" in text and "της συμβουλής" not in text
        assert f"{loss:.2f} points" in screen(note, "en")
