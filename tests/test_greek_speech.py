"""Greek speech, second review (``shared/greek-review-2.md``): what reaches espeak-ng.

No English bot id, path, option name or decimal digits in a Greek sentence sent to
speech; numbers agree with their nouns; a dropped double's sentence parses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause
from tavli_voice.rules import Play, Position, legal_plays

GREEK = re.compile(r"[α-ωΑ-Ωά-ώΆ-Ώ]")

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
        assert "δύο από τις τρεις φορές:" in said and ",:" not in said, said

    def test_the_time_label_is_said_once(self) -> None:
        assert spoken(E.TimedOut(0, 1)).count("Τέλος χρόνου") == 1

    @pytest.mark.parametrize("player", [0, 1])
    def test_the_count_of_time_outs_agrees_with_φορές_on_screen(self, player: int) -> None:
        """A screen reader reads a digit as the neuter: «μία από τις τρεις φορές», not «1 από 3»."""
        assert "(μία από τις τρεις φορές)" in screen(E.TimedOut(player, 1)), screen(E.TimedOut(player, 1))
        assert "(2 από τις τρεις φορές)" in screen(E.TimedOut(player, 2))
        assert "Time-outs in a row: 1 of 3" in screen(E.TimedOut(player, 1), "en")


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


# --------------------------------------------------------------------------- errors in Greek
#: Latin words a Greek error may hold: JSON field names and values, programs, formats.
ERROR_LATIN_OK = {"tavli", "voice", "moves", "hear", "JSON", "UTF", "WAV", "points", "bar", "off",
                  "cube", "game", "value", "owner", "mover", "opponent", "null", "portes",
                  "plakoto", "fevga", "VOG", "tavlucky", "traditional", "vog", "enroll", "xx",
                  "foo", "wav", "json", "nonexist", "dice", "options", "commands", "n", "h"}


def english_words(line: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", line) if w not in ERROR_LATIN_OK]


#: A bad position for each fault ``rules/position.py`` names (the file's text).
BAD_POSITIONS = {
    "not_json": '{"game": "portes"',
    "not_object": "[1, 2]",
    "unknown_fields": '{"game": "portes", "points": [], "xx": 1}',
    "unknown_preset": '{"game": "portes", "preset": "xx"}',
    "unknown_game": '{"game": "xx"}',
    "needs_game": '{"points": []}',
    "game_preset": '{"game": "fevga", "preset": "vog"}',
    "points_list": '{"game": "portes", "points": [1]}',
    "pin_not_plakoto": '{"game": "fevga", "points": [[2, -1]' + ", 0" * 23 + "]}",
    "pin_pair": '{"game": "plakoto", "points": [[2]' + ", 0" * 23 + "]}",
    "pin_sides": '{"game": "plakoto", "points": [[2, 1]' + ", 0" * 23 + "]}",
    "too_many": '{"game": "portes", "points": [16' + ", 0" * 23 + "]}",
    "point_value": '{"game": "portes", "points": ["a"' + ", 0" * 23 + "]}",
    "no_bar": '{"game": "fevga", "points": [15' + ", 0" * 22 + ', -15], "bar": [1, 0]}',
    "cube_vog": '{"game": "portes", "points": [15' + ", 0" * 22 + ', -15], "cube": {}}',
    "cube_form": ('{"game": "portes", "preset": "vog", "points": [15' + ", 0" * 22
                  + ', -15], "cube": {"value": 3}}'),
    "cube_owner": ('{"game": "portes", "preset": "vog", "points": [15' + ", 0" * 22
                   + ', -15], "cube": {"value": 2, "owner": "me"}}'),
    "pair": '{"game": "portes", "points": [15' + ", 0" * 22 + ', -15], "off": [1]}',
    "count.mover": '{"game": "portes", "points": [14' + ", 0" * 22 + ", -15]}",
    "count.opponent": '{"game": "portes", "points": [15' + ", 0" * 22 + ", -14]}",
}


class TestPositionFaultsInGreek:
    @pytest.mark.parametrize("fault", sorted(BAD_POSITIONS))
    def test_each_fault_of_a_position_file_has_its_own_greek_sentence(self, fault: str) -> None:
        from tavli_voice.words.faults import position_fault
        with pytest.raises(ValueError) as refused:
            Position.from_json(BAD_POSITIONS[fault])
        said = position_fault(refused.value, "el")
        assert all(part in said for part in _fixed_parts(f"fault.{fault}")), (fault, said)
        assert not english_words(said), said
        assert position_fault(refused.value, "en") == str(refused.value)

    @pytest.mark.parametrize("fault", sorted(BAD_POSITIONS))
    def test_the_moves_command_says_it_in_greek(self, fault: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        path = tmp_path / "position.json"
        path.write_text(BAD_POSITIONS[fault], "utf-8")
        assert main(["moves", str(path), "--dice", "6", "5", "--lang", "el"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("tavli-voice moves: ") and GREEK.search(err), err
        assert not english_words(err.replace(str(path), "")), err



def _fixed_parts(key: str) -> list[str]:
    """The words of a catalogue sentence outside its placeholders."""
    template = M.ENTRIES[key]["el"].replace("{{", "{").replace("}}", "}")
    return [part for part in re.split(r"\{\w+\}", template) if part.strip()]


class TestSystemErrorsInGreek:
    @pytest.mark.parametrize("name", ["ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR",
                                      "ENAMETOOLONG", "ELOOP", "ENOSPC", "EROFS", "EIO", "EFBIG"])
    def test_common_errno_values_are_greek_words(self, name: str) -> None:
        import errno
        import os

        from tavli_voice.words.faults import os_fault
        number = getattr(errno, name)
        said = os_fault(OSError(number, os.strerror(number)), "el")
        assert GREEK.search(said) and not LATIN.search(said), said
        assert os_fault(OSError(number, os.strerror(number)), "en") == os.strerror(number)

    def test_an_unlisted_errno_is_still_greek(self) -> None:
        from tavli_voice.ui.guard import os_error_text
        from tavli_voice.words.faults import os_fault
        said = os_fault(OSError(123, "No medium found"), "el")
        assert said == "σφάλμα συστήματος με αριθμό 123"
        assert not LATIN.search(os_error_text(OSError(123, "No medium found"), "el"))

    @pytest.mark.parametrize("target", ["missing", "folder"])
    def test_moves_says_an_unreadable_file_in_greek(self, target: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        path = tmp_path / "none.json" if target == "missing" else tmp_path
        assert main(["moves", str(path), "--dice", "6", "5", "--lang", "el"]) == 2
        err = capsys.readouterr().err.strip()
        assert not english_words(err.replace(str(path), "")), err
        assert err.endswith("το αρχείο δεν υπάρχει" if target == "missing" else
                            "είναι φάκελος, όχι αρχείο"), err

    @pytest.mark.parametrize("argv", [
        ["--options", "-1", "x.wav"], ["--commands", "foo", "x.wav"],
        ["--engine", "pocketsphinx", "NONE"], ["--engine", "pocketsphinx", "FOLDER"],
        ["--engine", "pocketsphinx", "NOTWAV"],
    ])
    def test_hear_errors_are_greek_on_screen(self, argv: list[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        import io

        from tavli_voice.speech.cli import hear_main
        for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
            monkeypatch.setenv(var, str(tmp_path / var.lower()))
        if argv[-1] == "NOTWAV":
            (tmp_path / "xx.wav").write_bytes(b"RIFFxxxx")
        files = {"NONE": str(tmp_path / "xx.wav"), "FOLDER": str(tmp_path),
                 "NOTWAV": str(tmp_path / "xx.wav")}
        argv = [files.get(a, a) for a in argv]
        out, err = io.StringIO(), io.StringIO()
        assert hear_main(["--lang", "el", *argv], out, err) != 0
        shown = (out.getvalue() + err.getvalue() + capsys.readouterr().err).replace(
            str(tmp_path), "")
        lines = [ln for ln in shown.splitlines() if ln.strip() and not ln.startswith(("χρήση", " "))]
        assert lines
        for line in lines:
            prose = line.split('"error": ')[-1] if '"error"' in line else line
            assert GREEK.search(prose) and not english_words(prose), line


# --------------------------------------------------------------------------- paths, commands
HOME_SAVE = "/home/maria/.local/share/tavli_voice/autosave.json"
#: Placeholder → a value as the program fills it (paths, command lines), else a Greek word.
FILLS = {"path": HOME_SAVE, "new": "/tmp/tavli_voice/autosave.json", "save": HOME_SAVE,
         "copy": HOME_SAVE + ".bad", "lock": HOME_SAVE + ".lock", "file": "/home/maria/p/roll-1.wav",
         "where": "/home/maria/.local/share/tavli_voice/models",
         "command": f"tavli-voice resume --save {HOME_SAVE}"}
#: How espeak-ng would spell the pieces of those paths, if they reached it.
SPELLED = re.compile(r"μαρια|αουτο|τζσον|λοκαλ|σαρε|τμπ|ρολλ|--|/")


def _fill(template: str) -> str:
    values = {name: FILLS.get(name, "3" if name in ("count", "n", "pid", "limit") else "κάτι")
              for name in M.placeholders(template)}
    return template.replace("{{", "(").replace("}}", ")").format(**values) if values else template


def _with_names() -> list[str]:
    """Greek catalogue entries that hold a path, a command line or an option name."""
    keys = []
    for key, texts in M.ENTRIES.items():
        el = texts["el"]
        if key.startswith(("cli.", "moves.", "hear.", "models.", "enroll.", "review.opt",
                           "metavar.", "arg.", "fault.")):
            continue  # command-line help and errors: printed, never spoken
        if M.placeholders(el) & set(FILLS) or "tavli-voice" in el or "--" in el:
            keys.append(key)
    return keys


class TestNoSpelledNamesInGreekSpeech:
    def test_the_catalogue_has_sentences_with_paths_and_commands(self) -> None:
        keys = _with_names()
        assert {"goodbye.saved", "resume.none", "resume.no_save", "watch.ended"} <= set(keys)

    @pytest.mark.parametrize("key", _with_names())
    def test_paths_commands_and_options_are_said_as_what_they_are(self, key: str) -> None:
        on_screen = _fill(M.ENTRIES[key]["el"])
        said = clean_for_speech(on_screen, "el")
        assert not SPELLED.search(said), (on_screen, said)
        assert not LATIN.search(said), said
        for name in M.placeholders(M.ENTRIES[key]["el"]) & set(FILLS):
            assert FILLS[name] in on_screen  # the screen keeps what to type

    @pytest.mark.parametrize("text,said", [
        (f"συνέχισέ τον με: tavli-voice resume --save {HOME_SAVE}",
         "συνέχισέ τον με την εντολή ριζιούμ"),
        ("δες τα λάθη με: /usr/bin/python3 -m tavli_voice.cli review 20261205-2334-εσύ-vs-ρίτα.",
         "δες τα λάθη με την εντολή ριβιού."),
        ("με το tavli-voice enroll.", "με την εντολή ενρόουλ."),
        ("Με το --no-save δεν υπάρχει.", "Με την επιλογή νόου σέιβ δεν υπάρχει."),
        ("Βγάλε το --no-save.", "Βγάλε την επιλογή νόου σέιβ."),
        ("το --players θέλει δύο ονόματα.", "η επιλογή πλέιερς θέλει δύο ονόματα."),
        (f"Ο αγώνας αποθηκεύεται ξανά, στο {HOME_SAVE}.",
         "Ο αγώνας αποθηκεύεται ξανά, στο αρχείο του φακέλου δεδομένων."),
        (f"Κρατήθηκε ως {HOME_SAVE}.bad· ξεκίνα.",
         "Κρατήθηκε ως αρχείο του φακέλου δεδομένων, ξεκίνα."),
        ("έψαξα στο /opt/models.", "έψαξα στον φάκελο."),
        ("στο ~/.local/share/tavli_voice.", "στον φάκελο δεδομένων."),
        ("εγκατάστησε ξανά το tavli-voice: pip install --force-reinstall tavli_voice",
         "εγκατάστησε ξανά το τάβλι βόις με την εντολή πιπ ίνσταλ"),
        ("Εγκατάστησε το πακέτο libportaudio2.", "Εγκατάστησε το πακέτο λιμπ πορτ όντιο δύο."),
    ])
    def test_examples(self, text: str, said: str) -> None:
        assert clean_for_speech(text, "el") == said

    def test_notation_and_scores_are_not_taken_for_paths(self) -> None:
        assert clean_for_speech("Έπαιξες 24/18 13/8.", "el") == (
            "Έπαιξες από το 24 στο 18, από το 13 στο 8.")
        assert clean_for_speech("ναι/όχι", "el") == "ναι όχι"


# --------------------------------------------------------------------------- numerals agree
#: Articles and words of masculine and feminine nouns, before which a digit is read neuter.
GENDERED_BEFORE = r"\b(?:οι|τις|στις|της|η|την|στην|ο|τον|στον|του|ένας|μία|μια|έναν)"
#: A literal number whose Greek forms differ by gender (1, 3, 4, 13, 14, 21, 23, 24 …).
GENDERED_DIGIT = re.compile(GENDERED_BEFORE + r"\s+((?:\d*[134])|(?:\d*1[34]))\b(?!\s*/)")
PLACEHOLDER_AFTER = re.compile(GENDERED_BEFORE + r"\s+\{(\w*)\}")
#: Placeholders after such an article, each filled with a number in words in speech
#: (``number(..., gender, case)``) or with words, never a bare digit.
AGREEING = {("reason.partial_double", "of"), ("board.length", "n"), ("review.right", "play"),
            ("error.preset_game", "game"), ("prompt.choose_grouped", "n"),
            ("review.wrong", "play"), ("review.plays_on_request", "n"),
            ("review.plays_on_request_scan", "n"), ("review.plays_under_try_again", "n"),
            ("count.time_of", "n")}


def _greek_templates() -> list[tuple[str, str]]:
    out = [(key, texts["el"]) for key, texts in M.ENTRIES.items()]
    for key, forms in M.PLURALS.items():
        out += [(key, form) for form in forms["el"]]
    return out


#: A placeholder straight before a masculine or feminine noun (or its adjective): a count that agrees.
COUNT_BEFORE_NOUN = re.compile(
    r"\{(\w*)\}\s+(?:φορ(?:ά|ές)|κινήσ(?:η|εις)|ηχογραφήσ(?:η|εις)|απόφαση|αποφάσεις|παρτίδ(?:α|ες)"
    r"|ζαρι(?:ά|ές)|θέσ(?:η|εις)|πόρτ(?:α|ες)|χαρακτήρ(?:ας|ες)|πόντ(?:ος|οι|ο|ους)|αγών(?:ας|ες|α)"
    r"|προηγούμεν(?:ους|οι|ες))\b")
#: Those checked: filled with ``number(..., gender, case)`` by their callers, or decimals
#: («4,3 ζαριές», «1,3 φορές») that Greek says in the neuter.
COUNTED = {("arg.seed_long", "0"), ("arg.too_long", "0"), ("cli.seed", "0"),
           ("board.question_take", "value"), ("move.terse.count", "n"),
           ("prompt.choose_grouped", "n"), ("review.plays_on_request", "n"),
           ("review.plays_on_request_scan", "n"), ("review.plays_under_try_again", "n"),
           ("scan.group", "1"), ("scan.group_bar", "1"), ("voice.takes_skipped", "count"),
           ("voice.why.unsure_yes_near_rival", "ratio"),
           *{(f"review.{k}_{n}", "n") for k in ("decisions", "games") for n in ("one", "many")},
           ("review.hundredths_many", "n"), ("review.thousandths_many", "n"),
           ("review.matches_many", "n"), ("why.points.more", "n"),
           ("why.rolls.one", "n"), ("why.rolls.many", "n"),
           *{(f"why.{o}{k}", "n") for o in ("", "other.")
             for k in ("bearoff", "mars_lost", "mars_won", "prime", "prime.fevga", "wall",
                       "wall.fevga")}}


class TestNumeralsAgree:
    def test_no_digit_read_neuter_after_a_masculine_or_feminine_article(self) -> None:
        bad = [(key, m.group(0)) for key, text in _greek_templates()
               for m in GENDERED_DIGIT.finditer(text) if not re.search(r"\d[,.]\d", m.group(0))]
        assert not bad, bad

    def test_placeholders_after_such_articles_are_filled_with_words(self) -> None:
        found = {(key, m.group(1)) for key, text in _greek_templates()
                 for m in PLACEHOLDER_AFTER.finditer(text)}
        assert found <= AGREEING, found - AGREEING

    def test_counts_before_masculine_and_feminine_nouns_are_filled_with_agreeing_numbers(self) -> None:
        """A new «{n} φορές», «{0} χαρακτήρες» … must be filled through ``number(n, lang, gender)`` (or be
        a decimal, said neuter): listed here once checked, so a bare digit («τρία φορές») is caught."""
        found = {(key, m.group(1)) for key, texts in M.ENTRIES.items()
                 for m in COUNT_BEFORE_NOUN.finditer(texts["el"])}
        assert found <= COUNTED, found - COUNTED

    @pytest.mark.parametrize("n,of,words", [(1, 4, "μία φορά από τις τέσσερις"),
                                            (3, 4, "τρεις φορές από τις τέσσερις")])
    def test_a_partly_played_double_is_said_in_times(self, n: int, of: int, words: str) -> None:
        said = M.plural("reason.partial_double", n, "el", speech=True, die=5,
                        of=M.number(of, "el", "f", "acc", speech=True))
        assert said == f"το 5 παίζεται μόνο {words}"

    def test_a_match_to_one_point_is_said_masculine(self) -> None:
        assert M.plural("board.length", 1, "el", speech=True) == "στον έναν πόντο"
        assert M.plural("board.length", 3, "el", speech=True) == "στους τρεις πόντους"

    def test_the_checks_catch_a_neuter_digit(self) -> None:
        assert GENDERED_DIGIT.search("στις 3 χάνεις την παρτίδα")
        assert GENDERED_DIGIT.search("παίξε την 1")
        assert not GENDERED_DIGIT.search("στο 13 και στις 36")


# --------------------------------------------------------------------------- unnatural, style
class TestSecondReviewWording:
    def test_a_tie_names_the_listener_and_the_heading_is_said_once(self) -> None:
        event = E.GameStarted("portes", 1, 1, "opening", ((6, 6), (1, 4)), None)
        mine = screen(event)
        assert "6 και οι δύο, ξαναρίχνετε. Ξανά: εσύ 1, η Ρίτα 4." in mine, mine
        assert mine.count("Ποιος αρχίζει") == 1
        bots = screen(event, listener=None, players=BOTS)
        assert "ξαναρίχνουν. Ξανά: η Ρίτα 1, ο δυνατός παίκτης 4." in bots, bots
        assert "Opening roll: both 6, roll again. Again: you 1, Rita 4." in screen(event, "en")

    def test_one_opening_roll_keeps_its_heading(self) -> None:
        event = E.GameStarted("portes", 1, 1, "opening", ((1, 4),), None)
        assert "Ποιος αρχίζει: εσύ 1, η Ρίτα 4." in screen(event)

    @pytest.mark.parametrize("key,before,after", [
        ("reason.partial_double", "κινήσεις του", "φορές από τις"),
        ("help.pips", "βήματα", "πόσο δρόμο"),
        ("error.match_length", "ο αγώνας πρέπει", "τουλάχιστον έναν πόντο"),
        ("error.preset_game", "το παιχνίδι", "η {game} δεν παίζεται"),
        ("reject.no_bot_opponent", "Επίπεδο αλλάζει", "Το επίπεδο αλλάζει μόνο όταν παίζεις"),
        ("reject.wrong_game", "θέση", "Αυτό το ταμπλό"),
        ("moves.waiting", "θέση", "το ταμπλό"),
        ("moves.too_big", "αρχείο θέσης", "αρχείο ταμπλό"),
        ("moves.bot", "τη θέση της κίνησης", "τον αριθμό της κίνησης"),
        ("hear.bad_options", "0 ή περισσότερες", "αριθμό από 0 και πάνω"),
        ("voice.models_none", "έψαξα στο {where}", "η μηχανή Whisper"),
        ("coach.mistake", "της συμβουλής", "η προτεινόμενη κίνηση"),
        ("hint", "την {n}:", "την κίνηση {n}"),
    ])
    def test_rows_of_the_review_read_as_proposed(self, key: str, before: str, after: str) -> None:
        texts = M.ENTRIES.get(key) or dict(zip(("en", "el"), ("", " ".join(
            M.PLURALS[key]["el"]))))
        assert before not in texts["el"] and after in texts["el"], texts["el"]

    def test_levels_say_legal_play_as_the_glossary_does(self) -> None:
        from tavli_voice.words import text
        assert "επιτρεπτή κίνηση" in text("level.random", "el")
        assert "κανονική" not in text("level.random", "el")


class TestWindowSaysTheWinner:
    @pytest.mark.parametrize("lang,line", [("el", "Κέρδισε η Ρίτα, 1 προς 0."),
                                           ("en", "Rita won the match, 1 to 0.")])
    def test_the_last_line_names_the_winner_with_her_article(self, lang: str, line: str) -> None:
        from tavli_voice import commands as C
        from tavli_voice.rules import MatchConfig
        from tavli_voice.session import Phase, Session
        from tavli_voice.ui.board.model import Extras, build_view
        session = Session(MatchConfig(1, "portes", "tavlucky", 5),
                          (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
        session.start()
        for _ in range(50):
            if session.phase is Phase.MATCH_OVER:
                break
            if session.bot_to_act():
                session.bot_step()
            elif session.phase is Phase.ASK:
                session.handle(C.Yes())
            else:
                session.handle(C.Resign())
        assert session.phase is Phase.MATCH_OVER
        turn = build_view(session.state(), Extras(lang=lang, finished=True)).turn
        assert turn == line, turn
        assert "Νικητής" not in turn


class TestEveryGreekSentenceSpoken:
    #: Command-line help and errors: printed, never spoken.
    PRINTED = ("cli.", "moves.", "hear.", "models.", "enroll.", "metavar.", "arg.", "fault.",
               "review.opt", "latin.", "spoken.latin.")

    def test_no_latin_letter_path_or_option_reaches_speech(self) -> None:
        """Every Greek catalogue sentence (the coach's and the reasons' too), filled as the
        program fills it, is said without Latin letters, paths or option names."""
        checked, bad = 0, []
        for key, texts in M.ENTRIES.items():
            if key.startswith(self.PRINTED):
                continue
            names = M.placeholders(texts["el"])
            values = {n: FILLS.get(n, "3" if n in ("count", "n", "pid", "limit") else "κάτι")
                      for n in names if not n.isdigit()}
            said = clean_for_speech(texts["el"].format(*["3"] * 10, **values), "el")
            checked += 1
            if LATIN.search(said) or SPELLED.search(said):
                bad.append((key, said))
        assert checked > 500 and not bad, bad[:10]

    def test_the_help_on_screen_says_that_greek_words_work(self) -> None:
        event = E.HelpReport(0, ("roll", "hint"))
        assert M.text("ui.help.words", "el") in screen(event)
        assert M.text("ui.help.words", "el") not in spoken(event)



class TestEnteredOnTwoPoints:
    @pytest.mark.parametrize("lang,words", [
        ("el", "Η Ρίτα έπαιξε από την μπάρα στο 5, από την μπάρα στο 3 (μπάρα/5 μπάρα/3)."),
        ("en", "Rita played from the bar to 5, from the bar to 3 (bar/5 bar/3).")])
    def test_two_checkers_entering_and_staying_are_said_once(self, lang: str, words: str) -> None:
        """Each point takes its preposition, and the entries are not said again after the play
        («Μπήκε από την μπάρα στο 5 και στο 3»): a screen reader would read them twice over."""
        from tavli_voice.rules import Play, Step
        enter = Play((Step(25, 22, 3), Step(25, 20, 5)), Position.initial("portes", "tavlucky"),
                     "bar/22 bar/20")  # the mover's 22 and 20 are the listener's 3 and 5
        shown = screen_text(E.PlayMade(1, enter, (5, 3)), NarrationContext(lang=lang))
        assert shown == words, shown


# --------------------------------------------------------------------------- still open after the first pass
def _play(points: dict[int, int], dice: tuple[int, int], notation: str) -> Play:
    from rules_support import pos
    found = [p for p in legal_plays(pos("portes", {**points, 24: -15}), dice)
             if p.notation == notation]
    assert found, notation
    return found[0]


class TestBearingOffIsGathering:
    """A made play that bears off says «μάζεψα» as a player does; lists keep «6 έξω»."""

    @pytest.mark.parametrize("player,points,dice,notation,said", [
        (0, {6: 2, 5: 1}, (6, 5), "6/off 5/off", "Μάζεψες ένα από το 6 και ένα από το 5."),
        (0, {6: 3}, (6, 6), "6/off(3)", "Μάζεψες τρία πούλια από το 6."),
        (0, {8: 1, 6: 2}, (6, 5), "8/3 6/off", "Έπαιξες από το 8 στο 3 και μάζεψες ένα από το 6."),
        (1, {6: 2, 5: 1}, (6, 5), "6/off 5/off", "Η Ρίτα μάζεψε ένα από το 6 και ένα από το 5."),
    ])
    def test_a_bear_off_is_said_with_gather(self, player: int, points: dict[int, int],
                                            dice: tuple[int, int], notation: str,
                                            said: str) -> None:
        play = _play(points, dice, notation)
        # nobody listens when Rita moves: her points in her own numbering
        out = spoken(E.PlayMade(player, play, dice), listener=None if player else 0)
        assert out == said, out

    def test_english_says_bore_off(self) -> None:
        play = _play({6: 2, 5: 1}, (6, 5), "6/off 5/off")
        assert spoken(E.PlayMade(0, play, (6, 5)), "en") == "You bore off one from 6 and one from 5."

    def test_the_screen_says_it_in_words_and_keeps_the_notation_after_them_off_in_greek(self) -> None:
        play = _play({6: 2, 5: 1}, (6, 5), "6/off 5/off")
        assert screen(E.PlayMade(0, play, (6, 5))) == \
            "Μάζεψες ένα από το 6 και ένα από το 5 (6/έξω 5/έξω)."
        assert screen(E.PlayMade(0, play, (6, 5)), "en") == \
            "You bore off one from 6 and one from 5 (6/off 5/off)."

    def test_a_review_line_with_greek_notation_is_said_without_it(self) -> None:
        """A notice (a review's line) shows «(6/έξω(3))» after the words; speech says the words alone."""
        line = "Η κίνηση του έμπειρου παίκτη: 3 πούλια από το 6 έξω, από την μπάρα στο 22 (6/έξω(3) μπάρα/22)."
        assert spoken(E.Notice(line)) == "Η κίνηση του έμπειρου παίκτη: 3 πούλια από το 6 έξω, από την μπάρα στο 22."
        assert screen(E.Notice(line)) == line

    def test_a_play_on_offer_keeps_off(self) -> None:
        assert M.text("move.bear_off", "el", a=6) == "από το 6 έξω"


class TestLostTurnAndGoodbye:
    @pytest.mark.parametrize("players,who", [
        (YOU_RITA, "Η Ρίτα χάνει τη σειρά της:"),
        ((E.PlayerInfo("you"), E.PlayerInfo("Δυνατός", "strong")),
         "Ο δυνατός παίκτης χάνει τη σειρά του:"),
        ((E.PlayerInfo("you"), E.PlayerInfo("Mary")), "Mary χάνει τη σειρά του:"),
    ])
    def test_a_lost_turn_says_whose_turn_by_gender(
            self, players: tuple[E.PlayerInfo, E.PlayerInfo], who: str) -> None:
        from tavli_voice.rules import PassReason, Reason
        event = E.TurnPassed(1, (1, 1), Reason(PassReason("all_blocked"), (("dice", (1, 1)),)))
        assert screen(event, players=players).startswith(who), screen(event, players=players)
        assert screen(event, "en", players=players).split(":")[0] in (
            "Rita loses the turn", "The strong player loses the turn", "Mary loses the turn")

    @pytest.mark.parametrize("saved", [True, False])
    def test_goodbye_is_plural_to_two_people(self, saved: bool) -> None:
        two = (E.PlayerInfo("Μαρία"), E.PlayerInfo("Νίκος"))
        both = screen(E.Goodbye(saved=saved), listener=None, players=two)
        one = screen(E.Goodbye(saved=saved))
        assert both.startswith("Γεια σας.") and one.startswith("Γεια σου."), (both, one)
        assert ("συνεχίστε τον" in both) is saved and ("συνέχισέ τον" in one) is saved
        assert screen(E.Goodbye(saved=saved), "en", None, two).startswith("Goodbye.")

    def test_a_greek_name_in_omega_is_a_woman(self) -> None:
        words = M.player_words("Φρόσω", None, 0, "el")
        assert (words.subject, words.whose) == ("η Φρόσω", "της Φρόσως")


# --------------------------------------------------------------------------- English speech too
def _with_names_en() -> list[str]:
    """English catalogue entries that hold a path, a command line or an option name."""
    return [key for key in _with_names() if key != "review.usage"  # printed by -h only
            and (M.placeholders(M.ENTRIES[key]["en"]) & set(FILLS)
                 or "tavli-voice" in M.ENTRIES[key]["en"] or "--" in M.ENTRIES[key]["en"])]


#: What the English voice would read out of those paths and command lines.
SPELLED_EN = re.compile(r"maria|autosave|json|\.local|share|/tmp|roll-1|--|/")


class TestNoSpelledNamesInEnglishSpeech:
    """The same speech rules in English: a path, a command line or an option is said as
    what it is ("the resume command", "the no save option", "the file"), never spelled."""

    @pytest.mark.parametrize("key", _with_names_en())
    def test_paths_commands_and_options_are_said_as_what_they_are(self, key: str) -> None:
        template = M.ENTRIES[key]["en"]
        values = {name: FILLS.get(name, "3" if name in ("count", "n", "pid", "limit") else "it")
                  for name in M.placeholders(template)}
        on_screen = template.format(**values)
        said = clean_for_speech(on_screen, "en")
        assert not SPELLED_EN.search(said), (on_screen, said)
        for name in M.placeholders(template) & set(FILLS):
            assert FILLS[name] in on_screen  # the screen keeps what to type

    @pytest.mark.parametrize("text,said", [
        (f"Goodbye. The match is saved; continue it with: tavli-voice resume --save {HOME_SAVE}",
         "Goodbye. The match is saved; continue it with the resume command"),
        ("With --no-save there is no saved match.",
         "With the no save option there is no saved match."),
        ("--players takes two names, like rita,strong", "The players option takes two names, "
                                                        "like rita,strong"),
        (f"{HOME_SAVE} cannot be used for a saved match.",
         "The file in the data folder cannot be used for a saved match."),
        ("searched /opt/models.", "searched the folder."),
    ])
    def test_examples(self, text: str, said: str) -> None:
        assert clean_for_speech(text, "en") == said

    def test_notation_is_still_read_as_plays(self) -> None:
        assert clean_for_speech("You played 24/18 13/8.", "en") == (
            "You played from 24 to 18, from 13 to 8.")

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_capture_mark_inside_a_path_is_not_a_folder(self, lang: str) -> None:
        for notation in ("24/18*/13", "bar/22^/18"):
            said = clean_for_speech(notation, lang)
            assert "folder" not in said and "φάκελο" not in said, said
            assert said.endswith(("to 13", "στο 13", "to 18", "στο 18")), said


class TestGoodbyeOutsideTheNarrator:
    """Ctrl-C in the terminal or while scanning says goodbye to everyone at the keyboard."""

    @pytest.mark.parametrize("people,said", [(True, "Γεια σας."), (False, "Γεια σου.")])
    def test_ctrl_c_while_scanning(self, people: bool, said: str, tmp_path: Path) -> None:
        import io

        from tavli_voice.scanning import ManualClock
        from tavli_voice.session import new_session
        from tavli_voice.ui.app import App
        from tavli_voice.ui.scan_input import run_scanning

        class Interrupting:
            def read(self, timeout: float) -> list[tuple[str, float]]:
                raise KeyboardInterrupt

        players = (E.PlayerInfo("Μαρία"), E.PlayerInfo("Νίκος")) if people else None
        app = App(new_session("portes", 1, seed=1, players=players), lang="el")
        out = io.StringIO()
        code = run_scanning(app, None, "auto", settings_path=tmp_path / "s.json",
                            keys=Interrupting(), clock=ManualClock(), out=out)
        assert code == 130
        assert out.getvalue().splitlines()[-1] == said, out.getvalue()[-200:]

    @pytest.mark.parametrize("opponent,said", [("friend", "Γεια σας."), ("rita", "Γεια σου.")])
    def test_leaving_at_the_open_match_question(self, opponent: str, said: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        import io

        from tavli_voice import storage
        from tavli_voice.startup import main
        for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                     "XDG_CACHE_HOME"):
            monkeypatch.setenv(name, str(tmp_path / name))
        save = tmp_path / "save.json"
        argv = ["--opponent", opponent, "--save", str(save), "--lang", "el", "--speech", "off"]
        main([*argv, "--seed", "1"], out=io.StringIO(), inp=io.StringIO("q\n"))
        lock = storage.SaveLock.acquire(save)  # the match is open in another copy
        try:
            out = io.StringIO()
            assert main(["--resume", *argv], out=out, inp=io.StringIO("q\n")) == 1
        finally:
            lock.release()
        assert out.getvalue().splitlines()[-1] == said, out.getvalue()[-200:]


@pytest.mark.parametrize("player,lang,said", [
    (0, "el", "Έπαιξες από το 8 στο 3 και μάζεψες ένα από το 3 (8/έξω)."),
    (0, "en", "You played from 8 to 3 and bore off one from 3 (8/off)."),
    # Rita's 8 and 3 are the listener's 17 and 22
    (1, "el", "Η Ρίτα έπαιξε από το 17 στο 22 και μάζεψε ένα από το 22 (17/έξω)."),
    (1, "en", "Rita played from 17 to 22 and bore off one from 22 (17/off)."),
])
def test_a_checker_that_comes_home_and_goes_off_in_one_play_is_not_borne_off_from_outside(
        player: int, lang: str, said: str) -> None:
    """R6: 8/3/off (written 8/off) is a move home, then a bear-off from 3: never "bore off one
    from 8", a point outside home that nothing can be borne off from, alone on a screen reader."""
    play = _play({8: 1, 1: 1}, (5, 3), "8/off")
    assert screen(E.PlayMade(player, play, (5, 3)), lang) == said
