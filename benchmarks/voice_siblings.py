"""Numbers said in two words that share the first: is the wrong sibling acted on at once?

Run: ``python benchmarks/voice_siblings.py record --lang el --out /tmp/sib-el.jsonl [--step 4] [--as-shipped]``
then ``python benchmarks/voice_siblings.py decide /tmp/sib-el.jsonl [--leads 0.5,0.9] [--show]``.

«είκοσι τρία» and «είκοσι τέσσερα», "twenty three" and "twenty four": numbers whose words are the same but the
last (``engine_rescore.tail_siblings``). A noisy or cut-off ending can make both of the Greek engine's engines
agree on the wrong one. ``record``: every number 21-75 said in two words (the usual words; Greek also every other
way of saying its last word, «είκοσι μία», «τριάντα τρεις»), by espeak-ng voices (Greek: ``voice.greek_voices``,
English: en-us and en-gb at two rates and two pitches), every ``--step``-th clip from the ``--offset``-th, each in
quiet and with a television (``noise.mix``, kind tv) ``--snr`` dB under it; heard by the game's engine
(``choose_engine(None, lang)``: the crop and, in Greek, pocketsphinx proposing and Whisper choosing) with a play
phase offering the numbers 1-N (N drawn per clip from 30, 45, 60, 75, at least the number: a long turn's list;
over the tens, ``--tens``, so that longer numbers begin with it) and its commands. ``--pruned-left-out``: as before a
phrase pruned in one view was left out of all (``fusion.fused_scores``). One JSON line each: what was heard, the
game's decision (``voice_decision.decide`` on a fresh play-phase question) and its outcome, the crop's span against
where the word's sound ends (``cut_s`` > 0: the end of the last word cut off), and for Greek both engines'
evidence (pocketsphinx's proposals, Whisper's scores, with the winner's siblings scored too, ``tail_added``, and the
crop's ``edges_db``) so that ``decide`` can decide it again with and without ``engine_rescore.TAIL_LEAD``, no engine
run. ``--as-shipped``: the engine as the game runs it (the recorded outcome is then the game's).

``decide``: the outcomes by condition (acted on wrongly, right at once, right after asking back, asked then wrong,
no answer): English as recorded; Greek decided again from the evidence as before (no siblings' rule) and with each
``--leads`` (``TAIL_LEAD``) and ``--noise-below`` (``TAIL_NOISE_BELOW``); the crop's cut ends; ``--show`` lists
the words heard as another number.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.greek_decoys import clip as espeak_clip  # noqa: E402
from benchmarks.greek_fit import evidence_of  # noqa: E402
from benchmarks.greek_noise import evidence_line  # noqa: E402
from benchmarks.voice import game_decision, greek_voices, play_options, record_outcome  # noqa: E402
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import engine_rescore as rescore  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence  # noqa: E402
from tavli_voice.speech.engine_sphinx import edges_db  # noqa: E402
from tavli_voice.speech.grammar import phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.speech.words import Lang, number_variants  # noqa: E402

#: The numbers said: two words each (the tens said alone are one word).
NUMBERS = tuple(n for n in range(21, 76) if n % 10)
#: The tens said alone (``--tens``): each begins longer numbers on offer.
TENS = tuple(range(20, 71, 10))
#: The turn's list: N plays on offer, N drawn from these (at least the number said).
LISTS = (30, 45, 60, 75)
#: The outcomes, in order (``voice.record_outcome``).
OUTCOMES = ("acted on wrongly", "right at once", "right after asking back", "asked, then wrong", "no answer")
#: English voices: espeak-ng at two rates and two pitches each.
EN_VOICES = tuple((v, s, p) for v in ("en-us", "en-gb") for s in (150, 190) for p in (40, 60))


def said(lang: Lang, tens: bool = False) -> list[tuple[int, str]]:
    """(number, words) of every number said as two words: the usual words, and in Greek every other way;
    ``tens``: the tens 20-70 instead, each said alone (one word that begins the others)."""
    if tens:
        return [(n, " ".join(number_variants(n, lang)[0])) for n in TENS]
    out: list[tuple[int, str]] = []
    for n in NUMBERS:
        ways = number_variants(n, lang)
        out += [(n, " ".join(v)) for v in (ways if lang == "el" else ways[:1]) if len(v) == 2]
    return out


def clip_of(voice: tuple[str, int, int], words: str, folder: Path) -> np.ndarray:
    """``words`` said by espeak-ng ``voice`` (name, rate, pitch), made once into ``folder``."""
    name, speed, pitch = voice
    return espeak_clip(name, speed, pitch, words, folder)


def record(args: argparse.Namespace) -> None:
    """Each clip in quiet and with the television, heard by the game's engine: one JSON line each."""
    from tavli_voice.speech.recognizer import choose_engine

    lang: Lang = args.lang
    engine: Any = choose_engine(None, lang)
    inner = getattr(engine, "engine", engine)
    kept: list[Evidence | Heard | None] = [None]
    first: list[Evidence | Heard | None] = [None]  # the evidence before the winner's siblings were scored
    edges = [math.inf]  # how far the crop's edges are under it (dB): the rule's noisy test
    if hasattr(inner, "evidence"):
        evidence = inner.evidence

        def keep(*a: Any, **k: Any) -> Evidence | Heard:
            kept[0] = first[0] = evidence(*a, **k)
            edges[0] = edges_db(a[0])
            return kept[0]

        inner.evidence = keep
        # the winner's siblings scored whenever it would be acted on at once (a lead of -inf lets every winner
        # through, as before): ``decide`` decides again with and without them
        if not args.as_shipped:
            inner.tail_lead = -math.inf
            rescore.TAIL_NOISE_BELOW = math.inf
        with_tails = inner._tails_scored

        def keep_tails(*a: Any, **k: Any) -> Evidence | None:
            more = with_tails(*a, **k)
            if more is not None:
                kept[0] = more
            return more

        inner._tails_scored = keep_tails
    if args.pruned_left_out:  # as before: a phrase pruned in one view of the word is left out of every view
        from tavli_voice.speech import crop, fusion

        def left_out(score: Any, views: Any, items: Any, again: Any = None) -> Any:
            return fusion.fused_scores(score, views, items, lambda view, some: np.full(len(some), -np.inf))

        crop.fused_scores = left_out  # type: ignore[assignment]
    if args.crop_within is not None:  # the crop's window where the room is noisy (crop.NOISY_WITHIN_DB, gap)
        db, _, gap = args.crop_within.partition(":")
        engine.noisy_within_db, engine.gap_s = float(db), float(gap) if gap else engine.gap_s
    voices = greek_voices(args.variants) if lang == "el" else list(EN_VOICES)
    every = [(v, n, w) for v in voices for n, w in said(lang, args.tens)][args.offset::args.step]
    sources = {"tv": sound.espeak_talk(sound.TV_TALK, args.clips)}
    conditions = [("quiet", None, 0.0), (f"tv {args.snr:g} dB", "tv", args.snr)]
    print(f"{lang}: {len(every)} clips (every {args.step}th of {len(voices)} voices x {len(said(lang, args.tens))} "
          f"numbers), "
          f"engine {engine.name}, seed {args.seed}", flush=True)
    began = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        for index, (voice, number, words) in enumerate(every):
            clip = clip_of(voice, words, args.clips)
            rng = np.random.default_rng([args.seed, index])
            plays = int(rng.choice([n for n in LISTS if n > number or n == number and not args.tens]))
            items = phrases(play_options(plays), lang)
            meant = ChoosePlay(number)
            mask = sound.speech_mask(clip)
            pad = int(round(args.pad * sound.RATE))
            ends = pad + int(np.nonzero(mask)[0][-1]) + 1  # where the word's sound ends in the mix
            for k, (label, kind, snr) in enumerate(conditions):
                x, _ = sound.mix(clip, kind, snr, np.random.default_rng([args.seed, index, k]), pad_s=args.pad,
                                 sources=sources)
                kept[0], edges[0] = None, math.inf
                heard = engine.recognize(x, items)
                decision = game_decision(heard)
                span = getattr(engine, "last_span", None)
                line: dict[str, Any] = {}
                name = f"{voice[0]} {voice[1]} {voice[2]}: {words}"
                if kept[0] is not None:
                    line = evidence_line(kept[0], heard, name, voice[0], False, label, words, meant)
                    line["tail_added"] = len(kept[0].chosen) - len(first[0].chosen) \
                        if isinstance(kept[0], Evidence) and isinstance(first[0], Evidence) else 0
                line.update({
                    "lang": lang, "clip": name, "condition": label, "said": words, "number": number,
                    "plays": plays, "text": heard.text, "command": None if heard.command is None else
                    getattr(heard.command, "number", str(heard.command)), "score": round(heard.score, 3),
                    "shares": [[str(c), round(v, 4)] for c, v in heard.shares[:4]],
                    "snr": None if heard.snr is None else round(heard.snr, 2), "decided": decision.reason.value,
                    "outcome": record_outcome(heard, heard.command == meant),
                    "span": None if span is None else [span[0] / sound.RATE, span[1] / sound.RATE],
                    "word_end": ends / sound.RATE,
                    "cut_s": None if span is None else round((ends - span[1]) / sound.RATE, 3),
                    "edges_db": round(edges[0], 2) if math.isfinite(edges[0]) else None})
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()
            if (index + 1) % 50 == 0:
                print(f"  {index + 1} clips in {time.perf_counter() - began:.0f} s, load {os.getloadavg()[0]:.1f}",
                      flush=True)
    print(f"{len(every)} clips in {time.perf_counter() - began:.0f} s")


def decided_again(row: dict[str, Any], tail_lead: float | None,
                  noise_below: float = rescore.TAIL_NOISE_BELOW) -> tuple[str, Heard | None]:
    """The outcome of a recorded Greek line decided again from its evidence, with the numbers whose words are the
    same but the last needing Whisper's ``tail_lead`` (None: no such rule, nor their scores: as before), and the
    decision."""
    items = phrases(play_options(int(row["plays"])), "el")
    found, meant = evidence_of(row, items)
    if not isinstance(found, Evidence):
        return str(row["outcome"]), None
    added = int(row.get("tail_added", 0))
    edges = row.get("edges_db")
    noisy = edges is not None and edges < noise_below
    if (tail_lead is None or not noisy) and added:  # the game scores the siblings only on a noisy crop
        found = dataclasses.replace(found, chosen=found.chosen[:-added], heard=found.heard[:-added])
    heard = rescore.decide(found, turn=items, tail_lead=tail_lead, noisy=noisy)
    heard = dataclasses.replace(heard, engine="pocketsphinx+whisper+crop",
                                shares=rescore.evidence_shares(found), snr=row.get("snr"))
    return record_outcome(heard, heard.command == meant), heard


def decide(args: argparse.Namespace) -> None:
    """The outcomes of the recorded lines, as recorded and decided again with each rule given."""
    rows = [json.loads(line) for path in args.files for line in path.read_text(encoding="utf-8").splitlines()]
    conditions = sorted({r["condition"] for r in rows}, key=lambda c: (c != "quiet", c))
    greek = any("first" in r for r in rows)
    belows = [float(v) for v in args.noise_below.split(",")]
    rules: list[tuple[str, float | None, float]] = [("as recorded", None, 0.0)]
    if greek:
        rules += [("before (no siblings' rule)", None, belows[0])]
        rules += [(f"Whisper's own lead over each sibling at least {lead}, on a crop whose edges are less than "
                   f"{below:g} dB under it", float(lead), below) for lead in args.leads.split(",") if lead
                  for below in belows]
    for label, lead, below in rules:
        print(f"{label}:")
        for condition in conditions:
            seen: Counter[str] = Counter()
            for r in rows:
                if r["condition"] == condition:
                    seen[decided_again(r, lead, below)[0] if label != "as recorded" else r["outcome"]] += 1
            n = sum(seen.values())
            print(f"  {condition:10s} {n:4d} clips: " + ", ".join(
                f"{o} {seen[o]} ({100 * seen[o] / n:.1f}%)" for o in OUTCOMES))
    for condition in conditions:
        mine = [r for r in rows if r["condition"] == condition and r.get("cut_s") is not None]
        wrong = [r for r in mine if r["outcome"] == "acted on wrongly"]
        print(f"crop end against the word's end, {condition}: cut over 0.05 s {sum(r['cut_s'] > 0.05 for r in mine)}"
              f" of {len(mine)}, median {np.median([r['cut_s'] for r in mine]):+.3f} s; of those acted on wrongly "
              f"{sum(r['cut_s'] > 0.05 for r in wrong)} of {len(wrong)}")
    if args.show:
        for r in rows:
            if r["command"] is not None and r["command"] != r["number"] and r["outcome"] != "no answer":
                print(f"  {r['condition']:10s} {r['clip']!s:40s} -> {r['text']!r} {r['score']:.2f} "
                      f"{r['decided']:14s} {r['outcome']:24s} cut {r['cut_s']} snr {r['snr']} "
                      f"shares {r['shares'][:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--lang", choices=("el", "en"), default="el")
    rec.add_argument("--out", type=Path, required=True)
    rec.add_argument("--variants", type=int, default=12, help="Greek voice variants besides el's rates x pitches")
    rec.add_argument("--step", type=int, default=1)
    rec.add_argument("--offset", type=int, default=0)
    rec.add_argument("--snr", type=float, default=10.0)
    rec.add_argument("--seed", type=int, default=40)
    rec.add_argument("--pad", type=float, default=0.5)
    rec.add_argument("--as-shipped", action="store_true",
                     help="the engine as the game runs it (its siblings scored and weighed only on a noisy crop); "
                     "else every winner's siblings are scored and the rule left for decide")
    rec.add_argument("--tens", action="store_true", help="the tens 20-70 said alone instead (TENS)")
    rec.add_argument("--pruned-left-out", action="store_true",
                     help="a phrase Whisper's beam pruned in one view of the word left out of every view, as before "
                     "(fusion.fused_scores not scoring it again there)")
    rec.add_argument("--crop-within", default=None,
                     help="DB[:GAP]: the crop keeps speech within DB of the loudest, over gaps up to GAP s, where the "
                     "room is noisy (speech/crop.py NOISY_WITHIN_DB; quiet rooms keep crop.WIDE)")
    rec.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    dec = sub.add_parser("decide")
    dec.add_argument("files", type=Path, nargs="+")
    dec.add_argument("--leads", default="", help="comma-separated TAIL_LEAD values to try (Greek)")
    dec.add_argument("--noise-below", default=f"{rescore.TAIL_NOISE_BELOW:g}",
                     help="comma-separated TAIL_NOISE_BELOW values to try (dB; inf: every crop)")
    dec.add_argument("--show", action="store_true")
    args = parser.parse_args()
    if math.isnan(getattr(args, "snr", 0.0)):
        raise SystemExit("--snr: a number")
    record(args) if args.what == "record" else decide(args)


if __name__ == "__main__":
    main()
