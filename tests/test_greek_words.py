"""Greek as a Tavli player speaks it: the glossary, questions, whole matches, typed and spoken words.

The glossary is ``shared/greek-review.md``'s (one term per concept): "θέση" is a
point and "ταμπλό" the whole board, "μέτρημα" the pip count (πόντοι are match
points), "την μπάρα", "πάσο" only for a lost turn, "αφετηρία", "το πρώτο πούλι"…
"""

from __future__ import annotations

import re
import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause
from tavli_voice.rules.position import PRESET_GAMES
from tavli_voice.session import Phase, new_session
from tavli_voice.speech.grammar import PLAIN_COMMANDS, Options, lookup, phrases
from tavli_voice.speech.words import QUERY_WORDS
from tavli_voice.ui.keys import parse_line
from tavli_voice.words.catalogs import (
    LOCALE_DIR,
    argparse_translation,
    compile_po,
    po_files,
)

# --------------------------------------------------------------------------- the glossary
#: Forms the glossary replaces (pattern, what to say instead).
FORBIDDEN: tuple[tuple[str, str], ...] = (
    (r"\bσ?τη μπάρα", "την μπάρα / στην μπάρα (final -ν before μπ)"),
    (r"\bσημείο", "θέση (σημείο is only a typed and spoken alias)"),
    (r"\bΠαίκτης [12]\b", "πρώτος / δεύτερος παίκτης"),
    (r"Ζαριά έναρξης", "Ποιος αρχίζει"),
    (r"θέση εκκίνησης", "αφετηρία"),
    (r"μπροστινό", "το πρώτο πούλι"),
    (r"\bκοκς\b", "τριπλή νίκη"),
    (r"Μέτρημα πόντων", "Μέτρημα"),
    (r"πιασμένες", "οι θέσεις που έχουν πούλια"),
    (r"\bόποιος θετικός", "οποιοσδήποτε θετικός"),
    (r"\bαρχικ(ά|ές)\b", "προεπιλογή / προεπιλεγμένες"),
    (r"επανήλθαν", "πήραν τις προεπιλεγμένες τιμές"),
    (r"Εγκαταστήστε", "εσύ everywhere: Εγκατάστησε"),
    (r"μέχρι \S+ πόντους", "στους N πόντους"),
    (r"\d+ πόντων", "αγώνας στους N πόντους"),
    (r"\bδιπλό\b", "διπλασιασμός (διπλό clashes with διπλές)"),
    (r"\bτεταρτημόριο", "τέταρτο"),
    (r"μόνη στο", "μοναχή"),
    (r"Ισόπαλοι στο μέτρημα", "Ίδιο μέτρημα"),
    (r"λήξεις χρόνου", "Τέλος χρόνου στη σειρά"),
    (r"πάνω από μία κινήσεις", "περισσότερες από μία κινήσεις"),
    (r"βρίσκει θέση να σταθεί", "δεν έχει πού να πάει"),
    (r"\bάσσ", "άσοι / άσους"),
    (r"θέση αριθμός", "μια θέση (N is not read aloud)"),
    (r"Η ρύθμιση \{0\}", "Η ρύθμιση «{0}»"),
    (r"του αντιπάλου!", "name the victim: τη μάνα της Ρίτας"),
    (r"αναγνωριστ", "μηχανή αναγνώρισης ομιλίας"),
    (r"(?i)\bειδικ", "ο έμπειρος παίκτης: the expert level has one name, the review's judge too"),
)
#: "πάσο" means a lost turn only: the one sentence that says it.
PASO_KEYS = {"pass.terse"}
#: A list item after ";": a digit or a lower-case letter (a question is followed by a capital).
LIST_SEMICOLON = re.compile(r";\s*(?=[0-9a-zα-ωά-ώ{])")


def greek_texts() -> list[tuple[str, str]]:
    """(key, Greek text) for every entry, plural form and name of the catalogue."""
    out = [(key, texts["el"]) for key, texts in M.ENTRIES.items()]
    for key, forms in M.PLURALS.items():
        out += [(key, form) for form in forms["el"]]
    for table in (M.GAME_NAMES, M.PRESET_NAMES):
        out += [(key, names["el"]) for key, names in table.items()]
    out += [(f"bot.{key}", " ".join(names["el"])) for key, names in M.BOT_NAMES.items()]
    out += [(f"double.{n}", " ".join(names)) for n, names in M.DOUBLE_NAMES["el"].items()]
    return out


def glossary_faults(text: str) -> list[str]:
    """What in one piece of Greek text breaks the glossary (empty when it holds)."""
    faults = [f"{pattern!r}: say {instead}" for pattern, instead in FORBIDDEN
              if re.search(pattern, text)]
    if LIST_SEMICOLON.search(text):
        faults.append("';' between list items (it is the Greek question mark)")
    return faults


class TestGlossary:
    def test_no_greek_text_of_the_catalogue_uses_a_replaced_form(self) -> None:
        faults = [(key, text, glossary_faults(text)) for key, text in greek_texts()
                  if glossary_faults(text)]
        assert not faults, faults

    def test_paso_is_only_a_lost_turn(self) -> None:
        found = {key for key, text in greek_texts() if re.search(r"(?i)\bπάσο\b", text)}
        assert found == PASO_KEYS

    def test_the_checks_catch_what_they_name(self) -> None:
        assert glossary_faults("από τη μπάρα στο 22")
        assert glossary_faults("24: 2 δικά σου; 23: άδεια")
        assert glossary_faults("Ζαριά έναρξης: η Ρίτα 1, ο Παίκτης 2 5.")
        assert glossary_faults("Ο ειδικός κρίνει τις κινήσεις σου.")
        assert not glossary_faults("Ο έμπειρος παίκτης κρίνει τις κινήσεις σου.")
        assert not glossary_faults("Παραιτείσαι από αυτή την παρτίδα; Ναι ή όχι;")

    def test_a_readout_lists_points_with_a_middle_dot_after_the_word(self) -> None:
        ctx = NarrationContext(lang="el", players=(E.PlayerInfo("you"), E.PlayerInfo("Ρίτα", "rita")))
        session = new_session("portes", 1, seed=3)
        session.start()
        report = session.handle(C.QueryQuarter(4))[0]
        line = screen_text(report, ctx)
        assert "· 23: " in line and " ·" not in line and ";" not in line, line
        assert "," in clean_for_speech(line, "el") and " ," not in clean_for_speech(line, "el")


# --------------------------------------------------------------------------- questions
#: Catalogue entries that ask the player something.
QUESTIONS = ("ask.resign", "ask.leave", "ask.quit", "ask.take", "ask.other", "play.pending.terse",
             "voice.did_you_say", "board.question_resign", "board.question_take",
             "board.question_quit", "voice.did_you_say_noisy", "ask.resign_noisy", "ask.leave_noisy",
             "ask.quit_noisy", "ask.take_noisy", "review.offer", "review.offer_noisy")


class TestQuestions:
    @pytest.mark.parametrize("key", QUESTIONS)
    def test_a_question_ends_in_the_greek_question_mark_on_screen_and_rises_in_speech(
            self, key: str) -> None:
        screen = M.ENTRIES[key]["el"].format(value="4 πόντους", play="από το 13 στο 7",
                                             text="ρίξε")
        assert re.search(r";(\s|$)", screen), screen
        assert "?" not in screen, "on screen the Greek question mark is ';'"
        spoken = clean_for_speech(screen, "el")
        assert "?" in spoken and ";" not in spoken, spoken
        assert "?" in M.ENTRIES[key]["en"]

    def test_no_greek_speech_keeps_a_semicolon(self) -> None:
        for key, text in greek_texts():
            sample = text.replace("{", "").replace("}", "")
            assert ";" not in clean_for_speech(sample, "el"), key

    @pytest.mark.espeak
    @pytest.mark.parametrize("key", ["ask.take", "ask.quit", "ask.resign"])
    def test_espeak_raises_the_pitch_at_the_end_of_a_spoken_greek_question(
            self, key: str, tmp_path: Path) -> None:
        """espeak-ng reads ';' as a falling pause and '?' as a question: measured, not assumed."""
        question = M.text(key, "el", value="").split(";")[0] + ";"  # "Φεύγεις από το τραπέζι;"
        typed = _final_pitch_rise(question, tmp_path)
        spoken = _final_pitch_rise(clean_for_speech(question, "el"), tmp_path)
        assert spoken >= 1.1, (question, spoken)  # the last syllable ends clearly higher
        assert spoken >= typed + 0.05, (question, typed, spoken)


def _final_pitch_rise(text: str, folder: Path) -> float:
    """Pitch at the very end over pitch just before it (> 1: rising), from espeak-ng's audio."""
    path = folder / "q.wav"
    subprocess.run(["espeak-ng", "-v", "el", "-w", str(path), text], check=True)
    with wave.open(str(path)) as w:
        rate = w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(float)
    n, hop = int(0.04 * rate), int(0.02 * rate)
    pitches: list[float] = []
    for i in range(0, len(x) - n, hop):
        frame = x[i:i + n] - x[i:i + n].mean()
        if np.sqrt((frame ** 2).mean()) < 300:
            continue
        ac = np.correlate(frame, frame, "full")[n - 1:]
        lo, hi = rate // 400, rate // 60
        k = lo + int(np.argmax(ac[lo:hi]))
        if ac[k] > 0.3 * ac[0]:
            pitches.append(rate / k)
    return float(pitches[-1] / min(pitches[-4:]))


# --------------------------------------------------------------------------- whole matches
LATIN = re.compile(r"[A-Za-z]")
NOTATION = re.compile(r"[/*^;]")
GREEK = re.compile(r"[α-ωΑ-Ωά-ώΆ-Ώ]")
#: Latin that may stand on a Greek screen: keys, notation words, names of programs, options and rules.
SCREEN_LATIN_OK = {"bar", "off", "VOG", "TavLucky", "tavli", "voice", "resume", "play", "words", "Ctrl",
                   "OK", "Esc", "Enter"} | {k.key.split()[0] for k in M.COMMAND_KEYS}
QUERIES = (C.Describe("brief"), C.Describe("normal"), C.Describe("full"), C.QueryPoint(13),
           C.QueryPoint(25), C.QueryPoint(0), C.QueryQuarter(4), C.PipCount(), C.Score(),
           C.Help(), C.Hint(), C.ListPlays(), C.Undo(), C.Confirm())
COMBOS = [(game, preset) for preset, games in sorted(PRESET_GAMES.items())
          for game in ("tavli",) + tuple(g for g in ("portes", "plakoto", "fevga") if g in games)]


def narrate_match(game: str, preset: str, seed: int, human: bool) -> list[tuple[str, str, str]]:
    """(event, medium, text) of a whole seeded match in Greek: "screen" lines and "speech"
    (the exact text sent to the speech engine). ``human``: seat 0 is the listener, who
    takes the first play and asks every question now and then; else bot against bot."""
    players = ((E.PlayerInfo("you"), E.PlayerInfo("Ρίτα", "rita")) if human else
               (E.PlayerInfo("Ρίτα", "rita"), E.PlayerInfo("Δυνατός", "strong")))
    session = new_session(game, 1 if human else 3, preset, seed, players)
    ctx = NarrationContext(lang="el", listener=0 if human else None, players=players,
                           preset=preset)
    out: list[tuple[str, str, str]] = []

    def tell(events: list[E.Event]) -> None:
        for event in events:
            name = type(event).__name__
            out.extend((name, "screen", line) for line in screen_text(event, ctx).splitlines())
            out.extend((name, "speech", clean_for_speech(seg, "el"))
                       for seg in phrase(event, ctx).segments if not isinstance(seg, Pause))

    tell(session.start())
    asked = 0
    for _ in range(4000):
        if session.phase is Phase.MATCH_OVER:
            break
        if session.bot_to_act():
            tell(session.bot_step())
            continue
        if session.phase is Phase.PLAY:
            asked += 1
            if asked % 4 == 1:
                for query in QUERIES:
                    tell(session.handle(query))
        command: C.Command = {Phase.ROLL: C.Roll(), Phase.PLAY: C.ChoosePlay(1),
                              Phase.CONFIRM: C.Confirm(), Phase.ANSWER: C.Take()}.get(
            session.phase, C.No())
        tell(session.handle(command))
    assert session.phase is Phase.MATCH_OVER, (game, preset)
    return out


def speech_faults(text: str) -> list[str]:
    faults = glossary_faults(text)
    if LATIN.search(text):
        faults.append("Latin letters")
    if NOTATION.search(text):
        faults.append("notation symbols")
    return faults


def screen_faults(line: str) -> list[str]:
    faults = glossary_faults(line)
    english = [w for w in re.findall(r"[A-Za-z]{2,}", line) if w not in SCREEN_LATIN_OK]
    if english:
        faults.append(f"English words {english}")
    if not GREEK.search(line) and re.search(r"[A-Za-z]", line.replace("bar", "").replace("off", "")):
        faults.append("no Greek word")
    return faults


class TestWholeMatchesInGreek:
    @pytest.mark.parametrize("game,preset", COMBOS)
    def test_bot_match_speech_and_screen(self, game: str, preset: str) -> None:
        said = narrate_match(game, preset, seed=11, human=False)
        assert any(m == "speech" for _, m, _ in said) and len(said) > 50
        bad = [(e, m, t, f) for e, m, t in said
               for f in [speech_faults(t) if m == "speech" else screen_faults(t)] if f]
        assert not bad, bad[:10]

    @pytest.mark.parametrize("game,preset", COMBOS)
    def test_a_players_match_with_every_question(self, game: str, preset: str) -> None:
        said = narrate_match(game, preset, seed=5, human=True)
        events = {e for e, _, _ in said}
        assert {"HelpReport", "PositionReport", "PipReport", "HintReport"} <= events
        bad = [(e, m, t, f) for e, m, t in said
               for f in [speech_faults(t) if m == "speech" else screen_faults(t)] if f]
        assert not bad, bad[:10]

    def test_the_checks_would_catch_english_and_notation(self) -> None:
        assert speech_faults("Η Ρίτα έπαιξε 13/7* off")
        assert speech_faults("αρ: ρίξε τα ζάρια; 23: άδεια")
        assert screen_faults("Opening roll: you 3, Rita 1.")
        assert not screen_faults("1: 24/18 13/8")
        assert not screen_faults("r: ρίξε τα ζάρια")


# --------------------------------------------------------------------------- typed and spoken
def help_words() -> list[str]:
    """The Greek words the help promises ("Δουλεύουν και ολόκληρες λέξεις …: ρίξε, …")."""
    promise = M.text("ui.help.words", "el")
    listed = promise.split(":", 1)[1].split(".")[0]
    return [w.strip() for w in listed.split(",") if w.strip()]


EXPECTED: dict[str, C.Command] = {
    "ρίξε": C.Roll(), "αναίρεση": C.Undo(), "συμβουλή": C.Hint(), "δέχομαι": C.Take(),
    "αρνούμαι": C.Drop(), "μέτρημα": C.PipCount(), "ταμπλό": C.Describe("normal"),
    "θέση 13": C.QueryPoint(13), "τέταρτο 2": C.QueryQuarter(2),
}


class TestHelpWordsWork:
    def test_the_help_names_the_words_of_the_glossary(self) -> None:
        assert set(help_words()) == set(EXPECTED)

    @pytest.mark.parametrize("word", sorted(EXPECTED))
    def test_typed(self, word: str) -> None:
        assert parse_line(word) == EXPECTED[word]
        assert parse_line(word.upper()) == EXPECTED[word]  # and without caring for case/accents

    @pytest.mark.parametrize("word", sorted(EXPECTED))
    def test_spoken(self, word: str) -> None:
        options = Options(commands=PLAIN_COMMANDS | frozenset(QUERY_WORDS))
        heard = lookup(phrases(options, "el"), word.replace("13", "δεκατρία").replace("2", "δύο"))
        assert heard is not None, word
        assert heard.command == EXPECTED[word]

    def test_bar_and_off_in_greek_typed_and_spoken(self) -> None:
        assert "μπάρα" in M.text("help.from", "el") and "έξω" in M.text("help.to", "el")
        assert parse_line("f μπάρα") == C.FromPoint(25)
        assert parse_line("t έξω") == C.ToPoint(0)
        steps = phrases(Options(from_points=frozenset({25}), to_points=frozenset({0})), "el")
        assert lookup(steps, "από μπάρα") is not None
        assert lookup(steps, "από μπάρα").command == C.FromPoint(25)  # type: ignore[union-attr]
        assert lookup(steps, "στο έξω").command == C.ToPoint(0)  # type: ignore[union-attr]

    @pytest.mark.parametrize("greek,latin", [("ρ", "r"), ("χ", "x"), ("ξ", "x"), ("ψ", "c"),
                                             ("θ", "u"), ("λ", "l"), ("δ", "d"), ("β", "b"),
                                             ("α", "a"), ("ι", "i"), ("σ", "s"), ("μ", "m"),
                                             ("ς", "w"), ("ο", "o"), ("η", "h"), ("υ", "y"),
                                             ("ν", "n"), ("δδ", "dd"), ("λλ", "ll"),
                                             ("φ 13", "f 13"), ("τ 7", "t 7"), ("π 5", "p 5"),
                                             ("κ 2", "k 2"), ("φ13", "f13")])
    def test_greek_keyboard_letters_are_their_latin_keys(self, greek: str, latin: str) -> None:
        assert parse_line(greek) == parse_line(latin)

    def test_the_greek_question_mark_asks_for_help(self) -> None:
        assert parse_line(";") == C.Help()

    def test_the_word_for_a_point_alone_asks_for_a_number(self) -> None:
        from tavli_voice.ui.keys import UnknownInput
        with pytest.raises(UnknownInput) as info:
            parse_line("θέση")
        assert info.value.kind == "needs_number"


# --------------------------------------------------------------------------- command lines
class TestCommandLinesInGreek:
    def test_the_shipped_catalog_is_what_its_po_compiles_to(self) -> None:
        files = po_files()
        assert files, LOCALE_DIR
        for po in files:
            assert po.with_suffix(".mo").read_bytes() == compile_po(po.read_text("utf-8")), po

    def test_argparse_words_in_greek(self) -> None:
        el = argparse_translation("el")
        assert el.gettext("usage: ") == "χρήση: "
        assert el.gettext("options") == "επιλογές"
        assert el.ngettext("expected %s argument", "expected %s arguments", 2) == "θέλει %s τιμές"
        assert argparse_translation("en").gettext("usage: ") == "usage: "

    @pytest.mark.parametrize("argv", [["play", "-h"], ["moves", "-h"], ["hear", "-h"],
                                      ["models", "-h"], ["enroll", "-h"]])
    def test_help_of_every_command_is_greek(self, argv: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit):
            main(argv + ["--lang", "el"]) if argv[0] in ("play", "moves") else _exit(main(argv + ["--lang", "el"]))
        out = capsys.readouterr().out
        assert out.startswith("χρήση: tavli-voice"), out[:80]
        assert "επιλογές:" in out and "δείχνει αυτή τη βοήθεια και τελειώνει" in out
        for english in ("usage:", "options:", "show this help", "default"):
            assert english not in out, english
        for line in out.splitlines()[1:]:
            words = re.findall(r"\b[a-z]{4,}\b", line)
            prose = [w for w in words if w not in _OPTION_WORDS]
            assert not prose, (line, prose)

    def test_top_level_help_follows_lang(self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        assert main(["-h", "--lang", "el"]) == 0
        assert capsys.readouterr().out.startswith("χρήση:")

    def test_an_argparse_error_is_greek(self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit):
            main(["play", "--game", "xx", "--lang", "el"])
        err = capsys.readouterr().err
        assert "σφάλμα: το --game δεν δέχεται «xx» (διάλεξε από:" in err, err
        assert "error" not in err and "invalid" not in err

    def test_option_errors_are_wholly_greek(self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit) as refused:  # argparse checks the value itself
            main(["play", "--lang", "el", "--no-save", "--points", "0", "--speech", "off"])
        assert refused.value.code == 2
        assert capsys.readouterr().err.splitlines()[0] == (
            "tavli-voice play: σφάλμα: το --points θέλει ακέραιο αριθμό από 1 έως 10000, όχι «0»")
        assert main(["play", "--lang", "el", "--no-save", "--game", "fevga", "--preset", "vog",
                     "--speech", "off"]) == 2
        assert main(["play", "--lang", "el", "--no-save", "--players", "rita", "--speech",
                     "off"]) == 2
        out = capsys.readouterr().out.splitlines()
        assert out == [
            ("Ο αγώνας δεν μπορεί να ξεκινήσει: η Φεύγα δεν παίζεται με τους κανόνες "
             "VOG."),
            "Ο αγώνας δεν μπορεί να ξεκινήσει: το --players θέλει δύο ονόματα, π.χ. rita,strong.",
        ]


#: Lower-case Latin words a Greek help may hold: option names and their values.
_OPTION_WORDS = {
    "help", "game", "tavli", "portes", "plakoto", "fevga", "points", "preset", "tavlucky",
    "traditional", "opponent", "rita", "strong", "random", "friend", "players", "seed", "lang",
    "timer", "speech", "verbosity", "terse", "normal", "chatty", "rate", "volume", "words", "notation",
    "scan", "auto", "step", "voice", "engine", "confirm", "never", "unsure", "always", "barge",
    "ignore", "interrupt", "window", "theme", "high", "contrast", "classic", "scale", "dwell",
    "fullscreen", "resume", "suggest", "save", "dice", "jsonl", "json", "options", "phase",
    "commands", "models", "profile", "list", "fetch", "takes", "numbers", "steps", "turn",
    "play", "roll", "answer", "pocketsphinx", "vosk", "whisper", "templates", "position",
    "enroll", "hear", "moves", "from", "wav", "numbering", "mine", "mover", "name",
    "watch", "wait",
    "expert", "coach", "choice", "plays", "review", "group", "above",
    "rule",  # a key of hear's JSON lines
}


def _exit(code: int) -> None:
    raise SystemExit(code)


# --------------------------------------------------------------------------- one register
#: The in-game help (h) and a command line's help (-h) in one register each: h tells the
#: player what to do (imperative), -h says what an option does (third person).
_HELP_ACTIONS = ("help.roll", "help.confirm", "help.undo", "help.take", "help.drop",
                 "help.cancel", "help.plays", "help.stop", "help.resign", "help.double",
                 "help.opponent", "help.leave", "help.repeat", "help.quit", "help.quit.unsaved",
                 "help.select", "help.select.one")
#: A noun made of a verb ("παραίτηση", "διπλασιασμός", "έξοδος"): not an order.
_VERBAL_NOUN = re.compile(r"^\w+(?:ση|ψη|ξη|σμός|οδος)\b")


def _imperatives() -> set[str]:
    """The first word of every action of the in-game help: the imperatives the game uses."""
    return {M.text(key, "el").split()[0].strip(",:·") for key in _HELP_ACTIONS}


def _dash_h(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from tavli_voice.cli import main
    try:
        code = main(argv + ["-h", "--lang", "el"])
    except SystemExit as done:
        code = done.code  # type: ignore[assignment]
    assert code == 0
    return capsys.readouterr().out


class TestOneRegisterInHelp:
    @pytest.mark.parametrize("key", _HELP_ACTIONS)
    def test_an_action_of_the_game_help_is_an_order_not_a_noun(self, key: str) -> None:
        said = M.text(key, "el")
        assert not _VERBAL_NOUN.match(said), said

    def test_the_game_help_says_resign_repeat_and_quit_as_orders(self) -> None:
        assert M.text("help.resign", "el") == "παραιτήσου από την παρτίδα (ρωτάει πρώτα)"
        assert M.text("help.repeat", "el") == "επανάλαβε το τελευταίο μήνυμα"
        assert M.text("help.quit", "el") == "βγες· ο αγώνας αποθηκεύεται"

    @pytest.mark.parametrize("argv", [[], ["play"], ["moves"], ["hear"], ["models"],
                                      ["enroll"]])
    def test_no_line_of_a_command_help_gives_an_order(
            self, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        orders = _imperatives() | {"γράψε", "άνοιξε", "συνέχισε", "παρακολούθησε", "μην",
                                   "ηχογράφησε", "δέξου", "πρόσθεσε", "παίξε"}
        out = _dash_h(argv, capsys)
        for line in out.splitlines():
            unquoted = re.sub(r"«[^»]*»", "", line)  # a word to say, not an order
            for word in re.findall(r"[\u0370-\u03ff\u1f00-\u1fff]+", unquoted):
                assert word.lower() not in orders, (word, line)

    def test_option_lines_say_what_the_option_does(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        out = " ".join(_dash_h(["play"], capsys).split())
        for said in ("--timer ενεργοποιεί το χρονόμετρο", "--words γράφει τις κινήσεις",
                     "--window ανοίγει το παράθυρο", "--no-save δεν αποθηκεύει τον αγώνα",
                     "--resume συνεχίζει τον αποθηκευμένο αγώνα",
                     "(οποιαδήποτε επιτρεπτή κίνηση, στην τύχη)"):
            assert said in out, said

    def test_a_wrong_choice_lists_the_choices_without_quotes(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit):
            main(["play", "--opponent", "xx", "--lang", "el"])
        last = capsys.readouterr().err.splitlines()[0]
        assert last == ("tavli-voice play: σφάλμα: το --opponent δεν δέχεται «xx» (διάλεξε από: "
                        "random, rita, strong, expert, friend)")

    def test_english_keeps_argparse_own_quotes(self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit):
            main(["play", "--game", "xx", "--lang", "en"])
        last = capsys.readouterr().err.splitlines()[0]
        assert last.endswith("invalid choice: 'xx' (choose from 'tavli', 'portes', 'plakoto', "
                             "'fevga')"), last

    def test_no_greek_argparse_message_keeps_a_repr_quote(self) -> None:
        po = LOCALE_DIR / "el" / "LC_MESSAGES" / "argparse.po"
        for msgid, msgstr in _po_pairs(po.read_text("utf-8")):
            assert "%r" not in msgstr and "%(value)r" not in msgstr, (msgid, msgstr)


def _po_pairs(text: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of a .po file's one-line entries."""
    return re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', text, flags=re.M)
