"""Yes and no said to "did you say …?" in noise, and numbers acted on at once, decided as the game decides.

Run: ``nice -n 10 .venv/bin/python benchmarks/voice_yes_no.py [--lang en|el|both] [--step N] [--numbers]``

1. The answers: every yes and no form the grammar of a question takes ("yes"/"no", «ναι»/«όχι»), said by
   espeak-ng voices at several rates and pitches (English: en-us, en-gb and en-gb-x-rp to tune on; en-029,
   en-gb-scotland and en-gb-x-gbclan held out; Greek: ``voice.greek_voices``, its first 12 variants to tune on,
   the rest held out), mixed with the voice benchmark's noises (``benchmarks/noise.py``), heard with the
   grammar ``ui/voice_input.VoiceSource.refresh`` offers while a question is open (yes, no and the play
   phase's commands and numbers, ``--plays``), and decided by ``voice_decision.decide`` as the game does: once
   as the answer to the first question ("Did you say seven?") and once as the answer to the runner-up's
   question asked after a no ("Nine, then?", ``VoiceState.runner_up``). Counted: yes right, no right, a NO
   HEARD AS A YES (the one that makes a play the player refused), a yes heard as a no, asked again, taken as
   another command, not understood.
2. ``--forms``: longer or more distinct answers a player could naturally say (``CANDIDATE_FORMS``: «μάλιστα»,
   «σωστά», «ναι ναι», «λάθος», "correct", "that's right", …) added to the question's grammar beside its own yes
   and no, each said by the same voices and counted per form (first question), so a form is kept only if it is
   heard right more often in babble and television without any more no heard as a yes.
3. ``--numbers``: the voice benchmark's English takes (FSDD digits 1-9, every ``--step``-th file) in the same
   noises, heard in the play phase with no question open: right at once, asked back, acted on wrongly.

Every word heard is kept in ``--cache`` (a pickle of the ``Heard`` values, by language, clip and condition), so a
changed rule is measured again in seconds with the same sounds and noise: the decoding is what takes the time.
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.voice import FSDD, HELD_OUT_TAKES, asked_options, fsdd_files, greek_voices  # noqa: E402
from tavli_voice import commands as C  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402
from tavli_voice.ui.voice_decision import Action, VoiceState, decide  # noqa: E402

#: (label, noise kind or None, SNR dB) of each condition.
CONDITIONS: tuple[tuple[str, str | None, float], ...] = (
    ("quiet", None, 0.0), ("white 10 dB", "white", 10.0), ("pink 10 dB", "pink", 10.0),
    ("babble 10 dB", "babble", 10.0), ("tv 10 dB", "tv", 10.0), ("tv 5 dB", "tv", 5.0),
)
EN_TUNING = ("en-us", "en-gb", "en-gb-x-rp")
EN_HELD_OUT = ("en-029", "en-gb-scotland", "en-gb-x-gbclan")
ANSWER_COLUMNS = ("right", "NO HEARD AS A YES", "yes heard as a no", "asked again", "another command",
                  "not understood")
NUMBER_COLUMNS = ("right at once", "asked back", "acted on wrongly", "not understood")
#: Answers a player could naturally say instead of yes and no, measured by ``--forms`` beside the grammar's own.
CANDIDATE_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"yes": ("correct", "yes please", "that's right", "yes yes"), "no": ("wrong", "no no", "not that")},
    "el": {"yes": ("μάλιστα", "σωστά", "ναι ναι", "ναι αυτό", "ακριβώς"), "no": ("λάθος", "όχι όχι", "όχι λάθος")},
}
#: The number the question is about (it changes nothing the rules look at).
ASKED_ABOUT = C.ChoosePlay(7)


def english_voices() -> list[tuple[str, int, int, bool]]:
    """(voice, rate, pitch, held out) of the English answers."""
    out = [(v, s, p, False) for v in EN_TUNING for s in (140, 175, 210) for p in (30, 50, 70)]
    return out + [(v, s, p, True) for v in EN_HELD_OUT for s in (150, 190) for p in (40, 60)]


def question_items(lang: str, plays: int, forms: bool, only: tuple[str, ...] = ()) -> tuple[Phrase, ...]:
    """The grammar while a question is open; with ``forms`` also every ``CANDIDATE_FORMS`` answer not in it
    (those in ``only`` when given)."""
    items = phrases(asked_options(plays), lang)  # type: ignore[arg-type]
    if not forms:
        return items
    known = {p.words for p in items}
    extra = [Phrase(tuple(text.split()), C.Yes() if said == "yes" else C.No())
             for said, texts in CANDIDATE_FORMS[lang].items() for text in texts if not only or text in only]
    return items + tuple(p for p in extra if p.words not in known)


def answer_clips(lang: str, folder: Path, step: int, variants: int, items: tuple[Phrase, ...]
                 ) -> list[tuple[str, str, bool, Any, np.ndarray]]:
    """(clip name, row, held out, meant command, sound) of every yes and no form of the question's grammar."""
    answers = [p for p in items if isinstance(p.command, (C.Yes, C.No))]
    if lang == "en":
        voices = english_voices()
    else:
        tuning = set(greek_voices(12))
        voices = [(v, s, p, (v, s, p) not in tuning) for v, s, p in greek_voices(variants)]
    out = []
    for voice, speed, pitch, held in voices[::step]:
        for phrase in answers:
            key = hashlib.sha1(f"{voice}|{speed}|{pitch}|{phrase.text}".encode()).hexdigest()[:16]
            path = folder / f"yn_{key}.wav"
            if not path.exists():
                subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(path),
                                phrase.text], check=True)
            out.append((f"{voice} {speed} {pitch}: {phrase.text}", "held out" if held else "tuning", held,
                        phrase.command, audio.load(path)))
    return out


def number_clips(step: int) -> list[tuple[str, str, bool, Any, np.ndarray]]:
    """(clip name, row, held out, meant command, sound) of FSDD's digits, every ``step``-th file."""
    return [(path.name, "held out" if take in HELD_OUT_TAKES else "tuning", take in HELD_OUT_TAKES,
             C.ChoosePlay(digit), audio.load(path)) for path, digit, _speaker, take in fsdd_files(FSDD, step)]


def answer_outcome(heard: Heard, meant: Any, runner_up: bool) -> str:
    """One of ANSWER_COLUMNS: what the game does with ``heard`` said to its open question about ASKED_ABOUT."""
    state = VoiceState(held=ASKED_ABOUT, asked_at=0.0, offered_at=-10.0,
                       **({"runner_up": runner_up} if "runner_up" in VoiceState.__dataclass_fields__ else {}))
    decision = decide(heard, state, lambda command: False)
    if decision.action in (Action.ASK_AGAIN, Action.ASK_BACK, Action.DROP, Action.HOLD):
        return "asked again"
    if decision.action is Action.SAY_SO:
        return "not understood"
    command = heard.command
    if decision.action is Action.ANSWER and isinstance(command, (C.Yes, C.Confirm)):
        return "right" if isinstance(meant, C.Yes) else "NO HEARD AS A YES"
    if decision.action is Action.ANSWER and isinstance(command, (C.No, C.Cancel)):
        return "right" if isinstance(meant, C.No) else "yes heard as a no"
    return "another command"


def number_outcome(heard: Heard, meant: Any) -> str:
    """One of NUMBER_COLUMNS: what the game does with ``heard``, no question open."""
    decision = decide(heard, VoiceState(offered_at=-10.0), lambda command: False)
    if decision.action is Action.SAY_SO or heard.command is None:
        return "not understood"
    if decision.action is Action.ACT:
        return "right at once" if heard.command == meant else "acted on wrongly"
    return "asked back"


def hear_all(lang: str, clips: list[tuple[str, str, bool, Any, np.ndarray]], items: tuple[Any, ...],
             cache: dict[tuple[str, str, str, str], Heard], part: str, seed: int, sources: dict[str, Any],
             engine: list[Any]) -> None:
    """Every clip in every condition heard (those not in ``cache`` yet), into ``cache``."""
    from benchmarks import noise as sound
    from tavli_voice.speech.recognizer import choose_engine

    for label, kind, snr in CONDITIONS:
        began, done = time.perf_counter(), 0
        for index, (name, _row, _held, _meant, clip) in enumerate(clips):
            if (lang, part, name, label) in cache:
                continue
            if not engine:
                engine.append(choose_engine(None, lang))  # type: ignore[arg-type]
            rng = np.random.default_rng([seed, index, int(hashlib.sha1(name.encode()).hexdigest()[:6], 16)])
            x, _ = sound.mix(clip, kind, snr, rng, pad_s=0.5, sources=sources)
            cache[(lang, part, name, label)] = engine[0].recognize(x, items)
            done += 1
        if done:
            print(f"  ({lang} {part} {label}: {done} clips heard in {time.perf_counter() - began:.0f} s)",
                  flush=True)


def table(title: str, columns: tuple[str, ...], rows: dict[tuple[str, str], Counter[str]]) -> None:
    print(f"\n{title}")
    print(f"  {'condition':14s} {'part':18s} {'n':>4s}  " + "  ".join(f"{c:>17s}" for c in columns))
    for (label, row), counts in rows.items():
        n = sum(counts.values())
        print(f"  {label:14s} {row:18s} {n:4d}  " + "  ".join(
            f"{f'{100 * counts[c] / n:5.1f}% ({counts[c]})':>17s}" for c in columns))


def report(langs: list[str], cache: dict[tuple[str, str, str, str], Heard],
           clips: dict[tuple[str, str], list[tuple[str, str, bool, Any, np.ndarray]]]) -> None:
    """The tables from ``cache``, decided by today's rules."""
    for lang in langs:
        for question, runner_up in (("the first question (\"Did you say seven?\")", False),
                                    ("the runner-up's question after a no (\"Nine, then?\")", True)):
            for said in (C.Yes, C.No):
                rows: dict[tuple[str, str], Counter[str]] = {}
                wrong: Counter[str] = Counter()
                for label, _kind, _snr in CONDITIONS:
                    for name, row, _held, meant, _clip in clips[(lang, "answers")]:
                        if not isinstance(meant, said):
                            continue
                        heard = cache[(lang, "answers", name, label)]
                        result = answer_outcome(heard, meant, runner_up)
                        for key in ((label, row), (label, "all")):
                            rows.setdefault(key, Counter())[result] += 1
                        if result == "NO HEARD AS A YES":
                            wrong[f"{label}: {name} (share {dict(heard.shares).get(heard.command, 0):.2f}, "
                                  f"score {heard.score:.2f}, rival {heard.rival})"] += 1
                word = "yes" if said is C.Yes else "no"
                table(f"{lang}: \"{word}\" said to {question}", ANSWER_COLUMNS, rows)
                for line in wrong:
                    print(f"    no heard as a yes: {line}")
        if (lang, "numbers") in clips:
            report_numbers(lang, cache, clips[(lang, "numbers")])


def report_forms(lang: str, cache: dict[tuple[str, str, str, str], Heard],
                 clips: list[tuple[str, str, bool, Any, np.ndarray]], part: str = "forms") -> None:
    """Each answer form of ``--forms`` said to the first question, by condition (all voices, and held out)."""
    forms = list(dict.fromkeys(name.split(": ", 1)[1] for name, *_ in clips))
    columns = ANSWER_COLUMNS
    print(f"\n{lang}: each answer form said to the first question (\"Did you say seven?\"), grammar: the "
          f"question's own and {', '.join(forms)}")
    print(f"  {'form':14s} {'condition':14s} {'part':9s} {'n':>4s}  " + "  ".join(f"{c:>17s}" for c in columns))
    for form in forms:
        for label, _kind, _snr in CONDITIONS:
            rows: dict[str, Counter[str]] = {"all": Counter(), "held out": Counter()}
            for name, _row, held, meant, _clip in clips:
                if name.split(": ", 1)[1] != form:
                    continue
                result = answer_outcome(cache[(lang, part, name, label)], meant, False)
                rows["all"][result] += 1
                if held:
                    rows["held out"][result] += 1
            for row, counts in rows.items():
                n = sum(counts.values())
                if n:
                    print(f"  {form:14s} {label:14s} {row:9s} {n:4d}  " + "  ".join(
                        f"{f'{100 * counts[c] / n:5.1f}% ({counts[c]})':>17s}" for c in columns))


def report_numbers(lang: str, cache: dict[tuple[str, str, str, str], Heard],
                   clips: list[tuple[str, str, bool, Any, np.ndarray]]) -> None:
    """The numbers' table from ``cache``, decided by today's rules."""
    rows: dict[tuple[str, str], Counter[str]] = {}
    wrong: Counter[str] = Counter()
    for label, _kind, _snr in CONDITIONS:
        for name, row, _held, meant, _clip in clips:
            heard = cache[(lang, "numbers", name, label)]
            result = number_outcome(heard, meant)
            for key in ((label, row), (label, "all")):
                rows.setdefault(key, Counter())[result] += 1
            if result == "acted on wrongly":
                wrong[f"{label}: {name} as {heard.text!r} (shares {len(heard.shares)}, snr "
                      f"{heard.snr if heard.snr is None else round(heard.snr, 1)})"] += 1
    table(f"{lang}: FSDD digits 1-9, play phase, no question open", NUMBER_COLUMNS, rows)
    for line in wrong:
        print(f"    acted on wrongly: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("en", "el", "both"), default="both")
    parser.add_argument("--step", type=int, default=1, help="every Nth voice of the answers (default 1)")
    parser.add_argument("--variants", type=int, default=24, help="Greek voice variants (first 12 tuning)")
    parser.add_argument("--plays", type=int, default=30, help="plays on offer while the question is open")
    parser.add_argument("--forms", nargs="?", const="all", default="",
                        help="only the answer forms of CANDIDATE_FORMS (all, or those listed, comma separated) "
                             "beside the grammar's yes and no, each counted")
    parser.add_argument("--numbers", action="store_true", help="also FSDD digits with no question open (English)")
    parser.add_argument("--number-step", type=int, default=5, help="every Nth FSDD file (default 5)")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-yes-no.pickle")
    parser.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    args = parser.parse_args()

    from benchmarks import noise as sound

    langs = ["en", "el"] if args.lang == "both" else [args.lang]
    args.clips.mkdir(parents=True, exist_ok=True)
    cache: dict[tuple[str, str, str, str], Heard] = {}
    if args.cache.exists():
        cache = pickle.loads(args.cache.read_bytes())
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, args.clips),
               "tv": sound.espeak_talk(sound.TV_TALK, args.clips)}
    clips: dict[tuple[str, str], list[tuple[str, str, bool, Any, np.ndarray]]] = {}
    if args.forms:
        only = () if args.forms == "all" else tuple(f.strip() for f in args.forms.split(","))
        part = "forms" if not only else "forms:" + ",".join(only)
        for lang in langs:
            items = question_items(lang, args.plays, True, only)
            clips[(lang, part)] = answer_clips(lang, args.clips, args.step, args.variants, items)
            hear_all(lang, clips[(lang, part)], items, cache, part, args.seed, sources, [])
            args.cache.write_bytes(pickle.dumps(cache))
        for lang in langs:
            report_forms(lang, cache, clips[(lang, part)], part)
        return
    for lang in langs:
        engine: list[Any] = []
        clips[(lang, "answers")] = answer_clips(lang, args.clips, args.step, args.variants,
                                               question_items(lang, args.plays, False))
        hear_all(lang, clips[(lang, "answers")], phrases(asked_options(args.plays), lang),  # type: ignore[arg-type]
                 cache, "answers", args.seed, sources, engine)
        args.cache.write_bytes(pickle.dumps(cache))
        if args.numbers and lang == "en":
            clips[(lang, "numbers")] = number_clips(args.number_step)
            hear_all(lang, clips[(lang, "numbers")], phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "en"),
                     cache, "numbers", args.seed, sources, engine)
            args.cache.write_bytes(pickle.dumps(cache))
    print(f"\nyes/no answers: {', '.join(f'{k[0]} {len(v)} clips' for k, v in clips.items() if k[1] == 'answers')}"
          f"; grammar while a question is open: yes, no, the play phase's commands, {args.plays} plays; "
          f"engine: the game's (recognizer.choose_engine); seed {args.seed}; voice_decision rules as committed "
          f"(RUNNER_UP_NEEDED {voice_decision.RUNNER_UP_NEEDED})")
    report(langs, cache, clips)


if __name__ == "__main__":
    main()
