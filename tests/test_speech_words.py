"""Words, pronunciations, grammar and messages of voice input."""

from __future__ import annotations

import re

import pytest

from tavli_voice.commands import (
    COMMAND_NAMES, ChoosePlay, Describe, FromPoint, QueryPoint, Roll, StopSpeech, ToPoint, Undo,
)
from tavli_voice.speech.grammar import ALWAYS, Options, Phrase, hint, jsgf, lookup, phrases
from tavli_voice.speech.lexicon import ENGLISH, MAX_VARIANTS, greek_phones, pronunciations
from tavli_voice.words import VOICE_MESSAGES as MESSAGES, text
from tavli_voice.speech.words import (
    COMMAND_WORDS, LANGS, MAX_NUMBER, all_words, number_text, number_variants, point_variants,
)

ARPABET = set(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH".split()
)


class TestNumbers:
    @pytest.mark.parametrize("n,text", [(1, "one"), (13, "thirteen"), (21, "twenty one"), (40, "forty"),
                                        (100, "one hundred"), (105, "one hundred five"),
                                        (342, "three hundred forty two")])
    def test_english_usual_words(self, n: int, text: str) -> None:
        assert number_text(n, "en") == text

    @pytest.mark.parametrize("n,text", [(1, "ένα"), (3, "τρία"), (13, "δεκατρία"), (21, "είκοσι ένα"),
                                        (100, "εκατό"), (101, "εκατόν ένα"), (250, "διακόσια πενήντα")])
    def test_greek_usual_words(self, n: int, text: str) -> None:
        assert number_text(n, "el") == text

    def test_greek_feminine_and_colloquial_variants(self) -> None:
        assert ("τρεις",) in number_variants(3, "el")  # "κινήσεις τρεις": plays are feminine
        assert ("εφτά",) in number_variants(7, "el")
        assert ("δεκαοχτώ",) in number_variants(18, "el")
        assert ("a", "hundred", "and", "one") in number_variants(101, "en")

    @pytest.mark.parametrize("lang", LANGS)
    def test_every_way_to_say_a_number_means_only_that_number(self, lang: str) -> None:
        owner: dict[tuple[str, ...], int] = {}
        for n in range(1, MAX_NUMBER + 1):
            for variant in number_variants(n, lang):  # type: ignore[arg-type]
                assert owner.setdefault(variant, n) == n, (variant, n, owner[variant])

    def test_out_of_range_is_refused(self) -> None:
        with pytest.raises(ValueError):
            number_variants(0, "en")
        with pytest.raises(ValueError):
            number_variants(MAX_NUMBER + 1, "el")

    def test_points_bar_and_off_R1(self) -> None:
        assert ("bar",) in point_variants(25, "en") and ("μπάρα",) in point_variants(25, "el")
        assert ("off",) in point_variants(0, "en") and ("έξω",) in point_variants(0, "el")
        assert point_variants(13, "en") == (("thirteen",),)
        with pytest.raises(ValueError):
            point_variants(26, "en")


class TestLexicon:
    @pytest.mark.parametrize("lang", LANGS)
    def test_every_word_has_a_pronunciation_in_model_phones(self, lang: str) -> None:
        for word in all_words(lang):  # type: ignore[arg-type]
            prons = pronunciations(word, lang)  # type: ignore[arg-type]
            assert prons, word
            for phones in prons:
                assert set(phones.split()) <= ARPABET, (word, phones)

    @pytest.mark.parametrize("word,phones", [
        ("τρία", "T R IY AA"), ("δύο", "DH IY OW"), ("πέντε", "P EY N D EY"), ("έξι", "EY K S IY"),
        ("μπάρα", "B AA R AA"), ("ναι", "N EY"), ("όχι", "OW HH IY"), ("ξανά", "K S AA N AA"),
        ("ογδόντα", "OW G DH OW N D AA"), ("από", "AA P OW"),
    ])
    def test_greek_spelling_rules(self, word: str, phones: str) -> None:
        assert greek_phones(word)[0] == phones

    def test_unstressed_iota_before_a_vowel_may_glide(self) -> None:
        assert greek_phones("εννιά") == ("EY N Y AA", "EH N Y AA")  # before a stressed vowel: always a glide
        assert greek_phones("μια") == ("M Y AA",)  # no accent at all: one syllable
        assert greek_phones("μία") == ("M IY AA",)  # stressed: no glide
        prons = greek_phones("διακόσια")  # two unstressed ones: either, fewest changes first
        assert prons[0] == "DH IY AA K OW S IY AA" and "DH Y AA K OW S Y AA" in prons and len(prons) == 4

    def test_variants_for_tap_r_and_back_chi(self) -> None:
        assert greek_phones("τρία") == ("T R IY AA", "T AH R IY AA")  # a short vowel before the tap
        assert greek_phones("σκορ") == ("S K OW R", "S K OW D")  # word-final tap
        assert greek_phones("δέχομαι")[:2] == ("DH EY HH OW M EY", "DH EY K OW M EY")  # [x]
        assert greek_phones("όχι") == ("OW HH IY",)  # [ç] before i stays HH
        assert greek_phones("ρίξε") == ("R IY K S EY", "R IY K S EH")  # no consonant before ρ: no extra vowel

    def test_greek_e_is_either_ey_or_eh(self) -> None:
        # A pure mid vowel, between English EY and EH: each ε may be either, EY first.
        assert greek_phones("δέκα") == ("DH EY K AA", "DH EH K AA")
        assert greek_phones("πέντε")[:4] == ("P EY N D EY", "P EY N D EH", "P EH N D EY", "P EH N D EH")
        assert greek_phones("μία") == ("M IY AA",)  # no ε: no variant

    def test_a_tap_between_vowels_and_nt_as_d_are_spoken_variants_after_the_usual_ones(self) -> None:
        # ρ between vowels is a tap (an English flap D); ντ inside a word is often plain [d],
        # as espeak-ng's Greek voice says them (τέσσερα [ˈteseɾa], πέντε [ˈpede]).
        assert greek_phones("τέσσερα")[:2] == ("T EY S EY R AA", "T EY S EH R AA")
        assert greek_phones("τέσσερα")[4:] == ("T EY S EY D AA", "T EY S EH D AA")
        assert greek_phones("άκυρο") == ("AA K IY R OW", "AA K IY D OW")
        assert greek_phones("πέντε")[4:] == ("P EY D EY", "P EY D EH")
        assert greek_phones("εντάξει") == ("EY N D AA K S IY", "EH N D AA K S IY", "EY D AA K S IY", "EH D AA K S IY")
        assert greek_phones("ντάμα")[0] == "D AA M AA" and len(greek_phones("ντάμα")) == 1  # word-initial: D already
        assert greek_phones("τρία") == ("T R IY AA", "T AH R IY AA")  # after a consonant: not a flap

    def test_variants_are_capped_usual_first(self) -> None:
        prons = greek_phones("δεκατρία")
        assert prons[0] == "DH EY K AA T R IY AA" and len(prons) == MAX_VARIANTS
        for word in all_words("el", 200):
            prons = greek_phones(word)
            assert 1 <= len(prons) <= MAX_VARIANTS + 2 and len(set(prons)) == len(prons), word

    def test_heard_variants_reduce_unstressed_vowels_and_drop_a_final_i(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import lexicon
        plain = {w: greek_phones(w) for w in ("είκοσι", "θέση", "μία", "βοήθεια", "ναι", "μια", "τρία")}
        monkeypatch.setattr(lexicon, "HEARD_VARIANTS", frozenset({"reduce", "drop"}))
        # the usual spellings stay first and unchanged; the new ones come after them
        for word, prons in plain.items():
            assert greek_phones(word)[:len(prons)] == prons, word
        assert greek_phones("είκοσι")[1:] == ("IY K AH S IH", "IY K OW S")  # stress on the first syllable
        assert greek_phones("θέση")[-2:] == ("TH EY S IH", "TH EY S")
        assert greek_phones("τρία")[-1] == "T R IY AH"  # stressed ί kept, final α reduced
        assert greek_phones("βοήθεια")[-1] == "V AH IY TH IH AH"  # final α after a vowel: not dropped
        assert greek_phones("ναι") == plain["ναι"] and greek_phones("μια") == plain["μια"]  # no accent: none
        for word in all_words("el", 75):
            prons = greek_phones(word)
            assert 1 <= len(prons) <= MAX_VARIANTS + 4 and len(set(prons)) == len(prons), word
        monkeypatch.setattr(lexicon, "HEARD_VARIANTS", frozenset({"drop"}))
        assert greek_phones("είκοσι") == plain["είκοσι"] + ("IY K OW S",)  # the one rule alone
        assert greek_phones("τρία") == plain["τρία"]  # ends in α: nothing to drop
        monkeypatch.setattr(lexicon, "HEARD_VARIANTS", frozenset({"fricatives"}))
        assert greek_phones("δύο") == ("DH IY OW", "D IY OW") and greek_phones("θέση")[-1] == "F EY S IY"
        assert greek_phones("τρία") == plain["τρία"]  # no δ or θ: nothing new
        monkeypatch.setattr(lexicon, "HEARD_VARIANTS", frozenset({"stress"}))
        assert greek_phones("δύο")[-1] == "DH IH OW"  # only the stressed ύ moves
        assert greek_phones("ναι") == plain["ναι"]

    def test_english_table_is_only_known_words(self) -> None:
        assert all_words("en") <= set(ENGLISH)


class TestGrammar:
    def test_a_turn_offers_numbers_commands_and_always_stop(self) -> None:
        items = phrases(Options(plays=12, commands=frozenset({"undo"})), "en")
        commands = {p.command for p in items}
        assert {ChoosePlay(n) for n in range(1, 13)} <= commands
        assert ChoosePlay(13) not in commands
        assert {Undo(), StopSpeech()} <= commands
        assert Roll() not in commands
        assert ALWAYS == {"stop", "repeat", "help"}

    def test_step_mode_from_and_to(self) -> None:
        opts = Options(from_points=frozenset({13, 25}), to_points=frozenset({7, 0}))
        en = {p.text: p.command for p in phrases(opts, "en")}
        assert en["from thirteen"] == FromPoint(13)
        assert en["from bar"] == FromPoint(25)
        assert en["to seven"] == ToPoint(7)
        assert en["to off"] == ToPoint(0)
        el = {p.text: p.command for p in phrases(opts, "el")}
        assert el["από δεκατρία"] == FromPoint(13)
        assert el["στο επτά"] == ToPoint(7) and el["στη εφτά"] == ToPoint(7)
        assert el["από μπάρα"] == FromPoint(25)
        assert not any(isinstance(c, ChoosePlay) for c in el.values())

    def test_queries_need_their_command(self) -> None:
        plain = phrases(Options(plays=2), "en")
        assert not any(isinstance(p.command, QueryPoint) for p in plain)
        with_points = {p.text: p.command for p in phrases(Options(commands=frozenset({"point"})), "en")}
        assert with_points["point five"] == QueryPoint(5)

    def test_large_turns_have_words_for_every_play(self) -> None:
        items = phrases(Options(plays=300), "el")
        assert {p.command for p in items if isinstance(p.command, ChoosePlay)} == \
            {ChoosePlay(n) for n in range(1, 301)}

    @pytest.mark.parametrize("lang", LANGS)
    def test_everything_at_once_is_unambiguous(self, lang: str) -> None:
        everything = Options(plays=99, commands=frozenset(COMMAND_WORDS) | {"point", "quarter"},
                             from_points=frozenset(range(26)), to_points=frozenset(range(26)))
        items = phrases(everything, lang)  # type: ignore[arg-type]
        assert len({p.words for p in items}) == len(items)

    def test_every_command_word_names_a_known_command(self) -> None:
        assert set(COMMAND_WORDS) <= set(COMMAND_NAMES)
        assert phrases(Options(commands=frozenset({"position"})), "en")[0].command == Describe()

    def test_bad_options_are_refused(self) -> None:
        with pytest.raises(ValueError):
            Options(commands=frozenset({"dance"}))
        with pytest.raises(ValueError):
            Options(plays=-1)
        with pytest.raises(ValueError):
            Options(to_points=frozenset({26}))

    def test_jsgf_is_one_flat_rule(self) -> None:
        items = phrases(Options(plays=3, from_points=frozenset({13})), "el")
        text = jsgf(items)
        assert text.startswith("#JSGF V1.0;")
        assert re.findall(r"<\w+>", text) == ["<say>"]  # no nested rule references
        assert "από δεκατρία" in text and "τρεις" in text
        with pytest.raises(ValueError):
            jsgf(())

    def test_lookup_finds_the_whole_phrase_however_written_never_a_part(self) -> None:
        items = (Phrase(("twenty", "one"), ChoosePlay(21)),)
        assert lookup(items, "twenty one") == items[0]
        assert lookup(items, "Twenty One") == items[0]
        assert lookup(items, "twenty") is None


class TestMessages:
    def test_every_message_in_both_languages_with_the_same_fields(self) -> None:
        for key, by_lang in MESSAGES.items():
            assert set(by_lang) == {"en", "el"}, key
            fields = [set(re.findall(r"{(\w+)}", by_lang[lang])) for lang in ("en", "el")]
            assert fields[0] == fields[1], key

    def test_hint_says_what_can_be_said(self) -> None:
        opts = Options(plays=7, commands=frozenset({"roll"}))
        assert hint(opts, "en") == "say a number from 1 to 7, or say roll, repeat, stop, help"
        assert hint(opts, "el") == "πες έναν αριθμό από 1 έως 7, ή πες ρίξε, ξανά, σταμάτα, βοήθεια"
        assert text("voice.not_understood", "en", hint=hint(Options(plays=1), "en")).startswith(
            "Not understood: say one, or say repeat")
        steps = hint(Options(from_points=frozenset({6, 13})), "en")
        assert "from 13" in steps
