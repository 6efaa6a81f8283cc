"""Where the Greek engine loses the word said in noise: never proposed, or proposed and outscored.

Run: ``python benchmarks/greek_noise.py --noise white --snr 10 [--step 13] [--sphinx remove_noise=yes]``

The clips, noise and decisions are the voice benchmark of record's (``benchmarks/voice.py --lang el``:
espeak-ng Greek voices, the play phase of 9 plays and its commands, noise mixed per clip with seed
``[seed, index]``), by default its TUNING part only (``el`` at 3 rates x 3 pitches and the first 12 variants;
``--part held-out`` for the rest, never to tune on). The game's Greek engine (``choose_engine(None, "el")``:
the crop to the loudest speech around pocketsphinx proposing and the multilingual Whisper base choosing,
``speech/engine_rescore.py``) decides each clip; what both engines made of it (``Evidence``) is kept, and
each clip not right is put in one of:

- never proposed: the command said was not among pocketsphinx's proposals (its first ``DEPTH`` distinct
  phrases of ``PATHS`` n-best paths, or its own answer), so Whisper never scored it;
- outscored: it was proposed, and Whisper with pocketsphinx's weight (``decide``) chose another;
- no proposal: pocketsphinx heard no phrase at all.

Right is right at once plus right after asking back (``voice.record_outcome``); acted on wrongly is the
count to keep at 0.

Settings to try, one run each (the same clips and noise every run):

- ``--sphinx KEY=VALUE[,KEY=VALUE]``: pocketsphinx's front end and search: ``remove_noise`` (its spectral
  noise removal on every utterance, its estimate started afresh each time), ``agc``
  (none/max/noise), ``dither`` (yes/no), ``lowerf``/``upperf`` (the filter bank's band, Hz),
  ``beam``/``wbeam``/``pbeam`` (search beams), ``maxhmmpf``;
- ``--sphinx-hears band``: pocketsphinx decodes the crop's 250-3800 Hz band (``fusion.band_limited``);
  ``whole``: the whole sound, noise around the word too (its noise removal has the noise to measure);
  Whisper still hears the crop;
- ``--remove-noise-below DB``: pocketsphinx's noise removal on an utterance whose edges are less than DB under
  the whole (``SphinxRecognizer.remove_noise_below``; ``inf``: always, ``none``: never);
- ``--sphinx-pad S``: seconds of near silence ``audio.for_decoder`` puts each side of what pocketsphinx hears
  (0.2 as shipped; its noise removal starts its estimate on the first frames);
- ``--paths N --depth N``: how many n-best paths are read and how many distinct phrases proposed;
- ``--weight W``: pocketsphinx's weight against Whisper (``engine_rescore.WEIGHT``).
"""

from __future__ import annotations

import argparse
import functools
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
from benchmarks.greek_fit import key  # noqa: E402
from benchmarks.voice import FSDD, record_clips, record_outcome  # noqa: E402
from tavli_voice.commands import Command  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence  # noqa: E402
from tavli_voice.speech.fusion import band_limited  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402

#: The columns of the split, in order.
SPLIT = ("right at once", "right after asking back", "never proposed", "outscored", "no proposal",
         "acted on wrongly")
#: Settings of feat.params (the acoustic model's front end); the rest go to pocketsphinx's Config.
FEAT = {"remove_noise", "agc", "lowerf", "upperf", "nfilt", "cmn"}


def sphinx_settings(text: str | None) -> dict[str, str]:
    """``KEY=VALUE,KEY=VALUE`` as a dict (empty for None).

    >>> sphinx_settings("remove_noise=yes,beam=1e-60")
    {'remove_noise': 'yes', 'beam': '1e-60'}
    """
    if not text:
        return {}
    return dict(part.split("=", 1) for part in text.split(","))


def remake_decoder(sphinx: Any, settings: dict[str, str]) -> None:
    """``sphinx``'s decoder made again as ``engine_sphinx`` makes it, with ``settings`` changed."""
    ps = sphinx._ps
    model = Path(ps.get_model_path("en-us/en-us"))
    lines = [line for line in (model / "feat.params").read_text().splitlines() if line.strip()]
    feat = dict(line.split(None, 1) for line in lines)
    feat["-remove_noise"] = "no"
    config: dict[str, Any] = {}
    for name, value in settings.items():
        if name in FEAT:
            feat[f"-{name}"] = value
        else:
            config[name] = value == "yes" if value in ("yes", "no") else int(value) if name == "maxhmmpf" \
                else float(value)
    if feat["-remove_noise"] == "yes":  # on for every utterance, its estimate started afresh each time
        feat["-remove_noise"] = "no"
        sphinx.remove_noise_below = math.inf
    path = Path(sphinx._tmp.name) / "feat.params"
    path.write_text("".join(f"{k} {v}\n" for k, v in feat.items()))
    sphinx._decoder = ps.Decoder(ps.Config(hmm=str(model), featparams=str(path), dict=None, lm=None, lw=1.0,
                                           loglevel="FATAL", **config))
    sphinx._words = set()
    sphinx._searches.clear()


def split_of(heard: Heard, found: Evidence | Heard | None, meant: object) -> str:
    """One of SPLIT for a decision ``heard`` made from ``found`` of the word meaning ``meant``."""
    result = record_outcome(heard, heard.command == meant)
    if result.startswith("right") or result == "acted on wrongly":
        return result
    if not isinstance(found, Evidence):
        return "no proposal"
    return "outscored" if meant in found.acoustic else "never proposed"


def evidence_line(found: Evidence | Heard | None, heard: Heard, name: str, row: str, held: bool, label: str,
                  said: str, meant: Command) -> dict[str, Any]:
    """One clip's evidence as ``benchmarks/greek_fit.py record`` writes it (its ``cases_of`` reads it)."""
    line: dict[str, Any] = {"clip": name, "row": row, "held_out": held, "condition": label, "said": said,
                            "meant": key(meant)}
    if isinstance(found, Evidence):
        line["first"] = [found.first.text, key(found.first.command), found.first.score]
        line["acoustic"] = [[key(c), round(v, 4)] for c, v in found.acoustic.items()]
        line["chosen"] = [p.text for p in found.chosen]
        line["heard"] = [None if not math.isfinite(v) else round(v, 4) for v in found.heard]
    else:
        first = found if isinstance(found, Heard) else heard
        line["first"] = [first.text, key(first.command), first.score]
    return line


def counted(pays: Any, paid: list[bool], *a: Any) -> bool:
    """``pays(*a)``, each answer kept in ``paid``."""
    paid.append(bool(pays(*a)))
    return paid[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noise", choices=("white", "pink", "babble"), default=None)
    parser.add_argument("--snr", type=float, default=10.0)
    parser.add_argument("--part", choices=("tuning", "held-out", "all"), default="tuning")
    parser.add_argument("--variants", type=int, default=1000)
    parser.add_argument("--step", type=int, default=13)
    parser.add_argument("--plays", type=int, default=9)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    parser.add_argument("--sphinx", default=None, help="pocketsphinx settings, KEY=VALUE[,KEY=VALUE]")
    parser.add_argument("--sphinx-hears", choices=("crop", "band", "whole"), default="crop")
    parser.add_argument("--remove-noise-below", default=None, help="dB, inf or none")
    parser.add_argument("--sphinx-pad", type=float, default=None, help="seconds of padding for pocketsphinx")
    parser.add_argument("--paths", type=int, default=None)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--weight", type=float, default=None)
    parser.add_argument("--show", action="store_true", help="print each clip not right")
    parser.add_argument("--whisper-whole", action="store_const", const=True, default=None,
                        help="the engine's Whisper scores the proposals on the whole sound too, each phrase its "
                        "better score (engine_rescore.WHISPER_WHOLE)")
    parser.add_argument("--whisper-whole-unsure", action="store_const", const=True, default=None,
                        help="the engine's Whisper scores the whole sound too only when the crop's edges are noisy "
                        "and the decision on the crop unsure (engine_rescore.WHISPER_WHOLE_UNSURE)")
    parser.add_argument("--whole-lead-below", type=float, default=None,
                        help="with --whisper-whole-unsure: only when Whisper's lead on the crop is under this too "
                        "(engine_rescore.WHOLE_LEAD_BELOW)")
    parser.add_argument("--whisper-views", default="", help="with --out: Whisper's scores of the same proposals on "
                        "more views of the word too, comma-separated: band (the crop's 250-3800 Hz band), whole "
                        "(the uncropped sound), recorded as heard_band, heard_whole")
    parser.add_argument("--out", type=Path, default=None,
                        help="also write both engines' evidence of each clip, one JSON line each, as "
                             "benchmarks/greek_fit.py records it (benchmarks/greek_margin.py decides it again)")
    args = parser.parse_args()

    from tavli_voice.speech.recognizer import choose_engine

    start = time.perf_counter()
    engine: Any = choose_engine(None, "el")
    inner = engine.engine
    settings = sphinx_settings(args.sphinx)
    if settings:
        remake_decoder(inner.sphinx, settings)
    if args.remove_noise_below is not None:
        below = args.remove_noise_below
        inner.sphinx.remove_noise_below = None if below == "none" else float(below)
    for name in ("paths", "depth", "weight", "whisper_whole", "whisper_whole_unsure"):
        if getattr(args, name) is not None:
            setattr(inner, name, getattr(args, name))
    from tavli_voice.speech import engine_rescore
    engine_rescore.WHOLE_LEAD_BELOW = engine_rescore.WHOLE_LEAD_BELOW if args.whole_lead_below is None \
        else args.whole_lead_below
    if args.sphinx_pad is not None:
        from tavli_voice.speech import audio, engine_sphinx
        engine_sphinx.for_decoder = functools.partial(audio.for_decoder, seconds=args.sphinx_pad)
    if args.sphinx_hears == "band":
        plain = inner.sphinx.recognize
        inner.sphinx.recognize = lambda audio, items: plain(band_limited(audio), items)
    whole: list[np.ndarray] = []
    if args.sphinx_hears == "whole":
        plain_whole = inner.sphinx.recognize
        inner.sphinx.recognize = lambda audio, items: plain_whole(whole[0], items)
    kept: list[Evidence | Heard | None] = [None]
    cropped: list[np.ndarray] = []
    evidence = inner.evidence

    def keep(*a: Any, **k: Any) -> Evidence | Heard:
        cropped[:] = [a[0]]
        kept[0] = evidence(*a, **k)
        return kept[0]

    inner.evidence = keep
    whole_paid: list[bool] = []
    inner._whole_pays = functools.partial(counted, inner._whole_pays, whole_paid)
    items = phrases(Options(plays=args.plays, commands=PHASE_COMMANDS["play"]), "el")
    clips = record_clips("el", FSDD, args.step, args.variants, args.plays, args.clips, args.part)
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, args.clips)}
    label = f"{args.noise} {args.snr:g} dB" if args.noise else "quiet"
    print(f"el {args.part}: {len(clips)} clips, {label}, seed {args.seed}, every {args.step}th; sphinx "
          f"{settings or 'as shipped'}, noise removal below {inner.sphinx.remove_noise_below} dB, "
          f"hears {args.sphinx_hears}, pad {args.sphinx_pad}; paths {inner.paths}, "
          f"depth {inner.depth}, weight {inner.weight:g}, Whisper on the whole too {inner.whisper_whole}; "
          f"ready in {time.perf_counter() - start:.1f} s", flush=True)
    seen: Counter[str] = Counter()
    cpu: list[float] = []
    began = time.perf_counter()
    out = None if args.out is None else open(args.out, "a", encoding="utf-8")
    for index, (row, name, held, said, meant, clip) in enumerate(clips):
        rng = np.random.default_rng([args.seed, index])
        x, _ = sound.mix(clip, args.noise, args.snr if args.noise else 0.0, rng, pad_s=0.5, sources=sources)
        kept[0] = None
        whole[:] = [x]
        at = time.process_time()
        heard = engine.recognize(x, items)
        cpu.append((time.process_time() - at) * 1000)
        found = kept[0]
        where = split_of(heard, found, meant)
        seen[where] += 1
        if out is not None:
            line = evidence_line(found, heard, name, row, held, label, said, meant)
            for view in filter(None, args.whisper_views.split(",")):
                if isinstance(found, Evidence):
                    seen_by = band_limited(cropped[0]) if view == "band" else x
                    line[f"heard_{view}"] = [None if not math.isfinite(v) else round(float(v), 4)
                                             for v in inner.whisper.scores(seen_by, found.chosen)]
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()
        if args.show and not where.startswith("right"):
            proposals = "" if not isinstance(found, Evidence) else ", ".join(
                p.text for p, _ in zip(found.chosen, found.heard))
            print(f"  {where:16s} {name} -> «{heard.text}» ({heard.score:.2f}); proposed: {proposals}")
    if out is not None:
        out.close()
    n = len(clips)
    right = seen[SPLIT[0]] + seen[SPLIT[1]]
    print(f"  {n} clips in {time.perf_counter() - began:.0f} s; CPU a decision median {np.median(cpu):.0f} ms, "
          f"p95 {np.percentile(cpu, 95):.0f} ms; load {os.getloadavg()[0]:.1f}; Whisper scored the whole sound "
          f"after the crop for {sum(whole_paid)} words")
    print("  " + " | ".join(f"{c} {seen[c]}" for c in SPLIT) + f" | right {right} of {n} ({100 * right / n:.1f}%)")


if __name__ == "__main__":
    main()
