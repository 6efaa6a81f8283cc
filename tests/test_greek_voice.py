"""Greek voice input: every way Greek players say a number from 1 to 75 and the play's commands.

A number is said (and written, by a transcript) in several forms: «ένα», «μία», «μια»;
«δεκαεπτά»/«δεκαεφτά»; «δεκαεννέα»/«δεκαεννιά»; «τριάντα δύο» and, joined, «τριανταδύο».
Each form is a phrase of the turn's grammar (or written one of its ways), means only
its number, and has phones the English acoustic model can hear.
"""

from __future__ import annotations

import numpy as np
import pytest

from tavli_voice import commands as C
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, lookup, phrases
from tavli_voice.speech.lexicon import pronunciations
from tavli_voice.speech.words import COMMAND_WORDS, folded, number_variants, written_forms

#: A turn offering 75 plays with the play phase's commands.
TURN = Options(plays=75, commands=PHASE_COMMANDS["play"])

#: Forms players say, and the number each means (written as a player or a transcript may).
SAID: tuple[tuple[str, int], ...] = (
    ("ένα", 1), ("μία", 1), ("μια", 1), ("δύο", 2), ("τρία", 3), ("τρεις", 3), ("τέσσερα", 4),
    ("τέσσερις", 4), ("επτά", 7), ("εφτά", 7), ("οκτώ", 8), ("οχτώ", 8), ("εννέα", 9), ("εννιά", 9),
    ("δεκατρία", 13), ("δεκατρείς", 13), ("δεκαέξι", 16), ("δεκάξι", 16), ("δεκαεπτά", 17),
    ("δεκαεφτά", 17), ("δεκαοκτώ", 18), ("δεκαοχτώ", 18), ("δεκαεννέα", 19), ("δεκαεννιά", 19),
    ("είκοσι ένα", 21), ("είκοσι μία", 21), ("εικοσιένα", 21), ("εικοσιμία", 21),
    ("τριάντα δύο", 32), ("τριανταδύο", 32), ("τριάντα τρεις", 33), ("σαρανταπέντε", 45),
    ("πενήντα εφτά", 57), ("πενηνταεφτά", 57), ("εξήντα οχτώ", 68), ("εβδομήντα", 70),
    ("εβδομήντα πέντε", 75), ("εβδομηνταπέντε", 75),
)


class TestNumbersOneToSeventyFive:
    @pytest.mark.parametrize("said,n", SAID)
    def test_a_form_players_say_means_its_number(self, said: str, n: int) -> None:
        heard = lookup(phrases(TURN, "el"), said)
        assert heard is not None, said
        assert heard.command == C.ChoosePlay(n)

    @pytest.mark.parametrize("said,n", SAID)
    def test_capitals_and_missing_accents_mean_the_same(self, said: str, n: int) -> None:
        items = phrases(TURN, "el")
        bare = said.upper().translate(str.maketrans("ΆΈΉΊΌΎΏ", "ΑΕΗΙΟΥΩ"))
        heard = lookup(items, bare)
        assert heard is not None and heard.command == C.ChoosePlay(n), bare

    def test_every_spoken_and_written_form_of_1_to_75_is_found_and_means_only_its_number(self) -> None:
        items = phrases(TURN, "el")
        forms = 0
        for n in range(1, 76):
            for variant in number_variants(n, "el"):
                for written in written_forms(variant, "el"):
                    heard = lookup(items, written)
                    assert heard is not None and heard.command == C.ChoosePlay(n), (written, n)
                    forms += 1
        # 1-9: 16 forms (ένα μία μια, τρία τρεις …), 10-19: 16, the round tens 20-70: 6, and 21-75
        # without the round tens: 5 tens x 16 units + 71-75's 9, each spaced and joined: 178.
        assert forms == 16 + 16 + 6 + 2 * (5 * 16 + 9)

    def test_joined_forms_exist_for_every_tens_and_unit(self) -> None:
        for n in range(21, 76):
            if n % 10:
                joined = [written_forms(v, "el")[-1] for v in number_variants(n, "el")]
                assert all(" " not in w for w in joined), (n, joined)
                assert written_forms(number_variants(n, "el")[0], "el")[0] == " ".join(number_variants(n, "el")[0])
        assert written_forms(("δεκαεφτά",), "el") == ("δεκαεφτά",)  # one word: one way

    def test_no_two_numbers_are_written_alike(self) -> None:
        owner: dict[str, int] = {}
        for n in range(1, 100):
            for variant in number_variants(n, "el"):
                for written in written_forms(variant, "el"):
                    assert owner.setdefault(folded(written), n) == n, (written, n, owner[folded(written)])

    def test_a_number_past_the_turn_is_not_taken(self) -> None:
        assert lookup(phrases(Options(plays=30), "el"), "τριανταδύο") is None
        assert lookup(phrases(Options(plays=30), "el"), "τριάντα") == \
            next(p for p in phrases(Options(plays=30), "el") if p.command == C.ChoosePlay(30))

    def test_every_word_of_the_turn_has_phones(self) -> None:
        for phrase in phrases(TURN, "el"):
            for word in phrase.words:
                assert pronunciations(word, "el"), word


#: The play phase's and the other phases' words, the command each means, and the phase it is said in.
COMMANDS: tuple[tuple[str, C.Command, str], ...] = (
    ("ρίξε", C.Roll(), "roll"), ("γιατί", C.Why(), "roll"), ("αναίρεση", C.Undo(), "play"),
    ("συμβουλή", C.Hint(), "play"), ("κινήσεις", C.ListPlays(), "play"), ("άκυρο", C.Cancel(), "play"),
    ("βοήθεια", C.Help(), "play"), ("ξανά", C.Repeat(), "play"), ("σταμάτα", C.StopSpeech(), "play"),
    ("ναι", C.Yes(), "ask"), ("όχι", C.No(), "ask"), ("εντάξει", C.Confirm(), "confirm"),
    ("παραίτηση", C.Resign(), "play"),
)


class TestCommands:
    @pytest.mark.parametrize("said,command,phase", COMMANDS)
    def test_a_command_word_means_its_command_in_its_phase(self, said: str, command: C.Command,
                                                           phase: str) -> None:
        items = phrases(Options(plays=9, commands=PHASE_COMMANDS[phase]), "el")
        for written in (said, said.upper(), folded(said)):
            heard = lookup(items, written)
            assert heard is not None and heard.command == command, written

    @pytest.mark.parametrize("said,command", [("επόμενο", C.Next()), ("προηγούμενο", C.Previous()),
                                              ("τέλος", C.EndReview())])
    def test_the_reviews_words(self, said: str, command: C.Command) -> None:
        items = phrases(Options(commands=frozenset({"next", "previous", "end"})), "el")
        heard = lookup(items, said)
        assert heard is not None and heard.command == command

    def test_a_command_outside_its_phase_is_not_taken(self) -> None:
        assert lookup(phrases(Options(plays=9, commands=PHASE_COMMANDS["ask"]), "el"), "ρίξε") is None

    def test_every_greek_command_word_has_phones_and_no_two_commands_fold_alike(self) -> None:
        owner: dict[str, str] = {}
        for name, by_lang in COMMAND_WORDS.items():
            for variant in by_lang["el"]:
                assert all(pronunciations(w, "el") for w in variant), variant
                assert owner.setdefault(folded(" ".join(variant)), name) == name, variant

    def test_the_whole_grammar_folds_without_a_clash(self) -> None:
        everything = Options(plays=75, commands=frozenset(COMMAND_WORDS) | {"point", "quarter"},
                             from_points=frozenset(range(26)), to_points=frozenset(range(26)))
        owner: dict[str, C.Command] = {}
        for phrase in phrases(everything, "el"):
            for written in written_forms(phrase.words, "el"):
                assert owner.setdefault(folded(written), phrase.command) == phrase.command, written


@pytest.mark.espeak
class TestGreekCrop:
    """Greek goes through the crop to the loudest speech, with a gap long enough for a whole phrase."""

    @pytest.mark.parametrize("said", ["τεταρτημόριο τέσσερα", "τέταρτο τέσσερα"])
    def test_the_crop_keeps_a_slow_greek_phrase_whole(self, said: str) -> None:
        import numpy as np
        from speech_helpers import espeak
        from tavli_voice.speech.crop import GAP_S, LOUDEST_GAP_S, find_speech, load_detector

        silence = np.zeros(8000, dtype=np.float32)
        sound = np.concatenate([silence, espeak(said, "el", 140), silence])
        energy = sound.astype(np.float64) ** 2
        detector = load_detector()

        def kept(gap: float) -> float:
            span = find_speech(sound, detector, gap_s=gap)
            assert span is not None
            return float(energy[span[0]:span[1]].sum() / energy.sum())

        assert kept(LOUDEST_GAP_S) < 0.9  # the English gap cuts «τέσσερα» short
        assert kept(GAP_S["el"]) > 0.99

    def test_in_noise_greek_keeps_its_engines_score_and_english_asks_for_more(self) -> None:
        from speech_helpers import espeak
        from tavli_voice.commands import ChoosePlay
        from tavli_voice.speech.crop import SURE_SNR_DB, SpeechCrop, load_detector
        from tavli_voice.speech.heard import Heard

        class Fixed:
            name = "fixed"

            def recognize(self, audio: object, items: object) -> Heard:
                return Heard("πέντε", ChoosePlay(5), 0.6, 1.0, "fixed")

        word = espeak("πέντε", "el", 175)
        rng = np.random.default_rng(3)
        noisy = np.concatenate([np.zeros(8000), word, np.zeros(8000)])
        noisy = (noisy + 0.3 * np.sqrt(np.mean(word ** 2)) * rng.standard_normal(len(noisy))).astype(np.float32)
        greek = SpeechCrop(Fixed(), load_detector(), rescale=False)
        english = SpeechCrop(Fixed(), load_detector(), rescale=True)
        kept, rescaled = greek.recognize(noisy, ()), english.recognize(noisy, ())
        assert greek.last_snr is not None and greek.last_snr < SURE_SNR_DB
        assert kept.score == 0.6 and kept.engine == "fixed+crop"
        assert rescaled.score < 0.5 < kept.score
