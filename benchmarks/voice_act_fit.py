"""Rules fitted for acting on an English play's number at once, against the hand-set limits.

Run: ``nice -n 5 .venv/bin/python benchmarks/voice_act_fit.py [--hear --shard K/M] [--wrong N]``

1. ``--hear``: the game's English engine (``recognizer.choose_engine``) hears FSDD digits 1-9 (tuning takes
   0-39, every ``--step``-th, and every held-out take 40-49, ``voice.HELD_OUT_TAKES``) and espeak-ng English
   voices saying 1-9 (``voice_yes_no.EN_TUNING`` voices at 3 rates to fit on, ``EN_HELD_OUT`` at 2 held out) in
   the play phase (9 plays and its commands) in each of CONDITIONS (quiet; white, pink, babble and television
   noise at 10 and 5 dB; the made room), the noise drawn from a seed, the condition and the clip's name. Every
   ``Heard`` goes into ``--cache`` (a pickle by clip and condition; ``--shard K/M`` hears every M-th clip into
   a cache file of its own, and all are read back together), so the rules are fitted again in seconds.
2. Per decision the features a rule can see on ``Heard`` (``features``): the winner's share and the
   runner-up's (``Heard.shares``), how many commands were weighed, the word's level over the noise
   (``Heard.snr``), ``floored``, the rival's ratio, and the winning phrase's own score a token (``Heard.own``).
3. Rules fitted on the tuning takes and voices only, among the words no rule they leave alone decides (a
   destructive command, "stop", a doubtful word; a refused word, a point or a word over a question do not
   occur here: a fresh play-phase question): each acts rightly on the most tuning words while acting wrongly on
   no more of them than the hand-set limits (``--wrong N``: at most N):
   - the narrow rule: the hand-set limits, but a word asked back only for standing under ``ACT_SNR_DB`` over
     the noise is acted on when its engine weighed it alone and it scored at least OWN a token (``fit_lone``);
     it only ever acts on more words than the hand-set limits; its grid of (OWN, SNR) is printed too, and the
     game's decision now ("game": ``voice_decision.LONE_CLEAR_OWN``, ``LONE_CLEAR_SNR_DB``);
   - a table: the share and own score needed by lone or several commands weighed and band of the level over
     the noise, never lower in a noisier band (``fit_table``);
   - logistic regressions (numpy, Newton's method) on several sets of features, acting over a limit.
4. Each on the tuning and the HELD-OUT takes and voices, every condition: right at once, asked back, acted on
   wrongly, against the hand-set limits ("before": ``voice_decision.decide`` at a fresh play-phase question
   without ``LONE_CLEAR_OWN``).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import pickle
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.voice import FSDD, HELD_OUT_TAKES, fsdd_files, game_decision, in_condition  # noqa: E402
from benchmarks.voice_yes_no import EN_HELD_OUT, EN_TUNING  # noqa: E402
from tavli_voice import commands as C  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.speech.words import number_text  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402

#: (label, noise kind or None, SNR dB, room) of each condition.
CONDITIONS: tuple[tuple[str, str | None, float, bool], ...] = (
    ("quiet", None, 0.0, False),
    ("white 10 dB", "white", 10.0, False), ("white 5 dB", "white", 5.0, False),
    ("pink 10 dB", "pink", 10.0, False), ("pink 5 dB", "pink", 5.0, False),
    ("babble 10 dB", "babble", 10.0, False), ("babble 5 dB", "babble", 5.0, False),
    ("tv 10 dB", "tv", 10.0, False), ("tv 5 dB", "tv", 5.0, False),
    ("room", None, 0.0, True),
)
COLUMNS = ("right at once", "asked back", "acted on wrongly", "not understood")


@dataclass(frozen=True)
class Clip:
    name: str
    source: str  # "fsdd" or "espeak"
    held_out: bool
    meant: C.Command
    path: Path


def espeak_voices(held_out: bool) -> list[tuple[str, int, int]]:
    """(voice, rate, pitch) of the espeak-ng numbers: the tuning voices at 3 rates, the held-out at 2."""
    if held_out:
        return [(v, s, 50) for v in EN_HELD_OUT for s in (150, 190)]
    return [(v, s, 50) for v in EN_TUNING for s in (140, 175, 210)]


def all_clips(step: int, folder: Path) -> list[Clip]:
    """FSDD tuning takes (every ``step``-th) and held-out takes (all), and the espeak-ng numbers 1-9."""
    out = []
    for path, digit, _speaker, take in fsdd_files(FSDD, 1):
        held = take in HELD_OUT_TAKES
        if held or take % step == 0:
            out.append(Clip(path.name, "fsdd", held, C.ChoosePlay(digit), path))
    for held in (False, True):
        for voice, speed, pitch in espeak_voices(held):
            for n in range(1, 10):
                text = number_text(n, "en")
                key = hashlib.sha1(f"{voice}|{speed}|{pitch}|{text}".encode()).hexdigest()[:16]
                path = folder / f"act_{key}.wav"
                if not path.exists():
                    folder.mkdir(parents=True, exist_ok=True)
                    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(path),
                                    text], check=True)
                out.append(Clip(f"{voice} {speed} {pitch}: {text}", "espeak", held, C.ChoosePlay(n), path))
    return out


def noise_rng(seed: int, label: str, name: str) -> np.random.Generator:
    """The noise's random numbers for the clip ``name`` in the condition ``label``, with ``seed``."""
    index = [c[0] for c in CONDITIONS].index(label)
    return np.random.default_rng([seed, index, int(hashlib.sha1(name.encode()).hexdigest()[:8], 16)])


def hear(clips: list[Clip], cache: dict[tuple[str, str], Heard], cache_path: Path, seed: int,
         folder: Path, conditions: tuple[str, ...] = ()) -> None:
    """Every clip in every condition (those named in ``conditions`` when given) heard by the game's English
    engine (those not in ``cache`` yet)."""
    from benchmarks import noise as sound
    from tavli_voice.speech.recognizer import choose_engine

    items = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "en")
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder), "tv": sound.espeak_talk(sound.TV_TALK, folder)}
    room_ir = sound.room_response(np.random.default_rng([seed, 1]))
    engine = None
    began, done = time.perf_counter(), 0
    for clip in sorted(clips, key=lambda c: hashlib.sha1(c.name.encode()).hexdigest()):
        for label, kind, snr, room in CONDITIONS:  # (clips in a random order: a run cut short is a sample)
            if (clip.name, label) in cache or conditions and label not in conditions:
                continue
            if engine is None:
                engine = choose_engine(None, "en")
            rng = noise_rng(seed, label, clip.name)
            x = in_condition(audio.load(clip.path), (kind, snr, room, None), rng, room_ir, 0.5, sources)
            cache[(clip.name, label)] = engine.recognize(x, items)  # type: ignore[attr-defined]
            done += 1
        if done and done % 100 < len(CONDITIONS):
            cache_path.write_bytes(pickle.dumps(cache))
            print(f"  ({done} decisions in {time.perf_counter() - began:.0f} s)", flush=True)
    cache_path.write_bytes(pickle.dumps(cache))


def cache_for(path: Path, seed: int) -> Path:
    """The cache of ``seed``'s noise: ``path`` for the default seed 40, NAME-seedS.pickle beside it for another."""
    return path if seed == 40 else path.with_name(f"{path.stem}-seed{seed}{path.suffix}")


def load_caches(path: Path) -> dict[tuple[str, str], Heard]:
    """The cache at ``path`` and every shard's beside it, together."""
    cache: dict[tuple[str, str], Heard] = {}
    for part in [path, *sorted(path.parent.glob(path.stem + ".*.pickle"))]:
        if part.exists():
            cache.update(pickle.loads(part.read_bytes()))
    return cache


#: The features of a decision, by name, from its ``Heard`` (see ``features``).
FEATURES = ("share", "runner_up", "margin", "snr", "unmeasured", "floored", "lone", "weighed", "rival", "own")


def own_score(heard: Heard) -> float:
    """The winning phrase's own score (mean log-probability a token over the views: ``Heard.own``, or as the
    crop wrote it in ``Heard.why`` before ``Heard`` had that field); -10 when it tells none."""
    if getattr(heard, "own", None) is not None:
        return float(heard.own)  # type: ignore[arg-type]
    found = re.search(r"candidates '[^']*' (-?\d+\.\d+)", heard.why)
    return float(found.group(1)) if found else -10.0


def features(heard: Heard) -> dict[str, float]:
    """What a rule can see of ``heard``: the winner's share and the runner-up's (``Heard.shares``), the log of
    their ratio (``margin``, at most 5), the word's level over the noise in dB (0-30; ``unmeasured`` 1 and
    ``snr`` 0 with no measure), ``floored``, ``lone`` (one command weighed), how many commands were weighed
    (``weighed``), and the rival command's ratio over the winner (``Heard.rival``, 0 with none)."""
    shares = sorted((v for _, v in heard.shares), reverse=True)
    share = dict(heard.shares).get(heard.command, shares[0] if shares else heard.score)
    second = shares[1] if len(shares) > 1 else 0.0
    return {"share": share, "runner_up": second,
            "margin": min(5.0, float(np.log((share + 1e-3) / (second + 1e-3)))),
            "snr": 0.0 if heard.snr is None else float(np.clip(heard.snr, 0.0, 30.0)),
            "unmeasured": float(heard.snr is None), "floored": float(heard.floored),
            "lone": float(len(heard.shares) == 1), "weighed": float(len(heard.shares)),
            "rival": 0.0 if heard.rival is None else float(heard.rival[1]), "own": max(-10.0, own_score(heard))}


@dataclass
class Row:
    clip: Clip
    condition: str
    heard: Heard
    right: bool
    today: str  # one of COLUMNS, as the hand-set limits decide it (``hand_set_decision``)
    game: str  # one of COLUMNS, as the game decides it now (``voice.game_decision``)
    open_to_rule: bool  # no rule the fitted one leaves alone decides it (a destructive word, stop, not understood)
    x: dict[str, float]


def rows_of(clips: list[Clip], cache: dict[tuple[str, str], Heard]) -> list[Row]:
    from tavli_voice.speech.listen_decide import DESTRUCTIVE

    out = []
    for clip in clips:
        for label, *_ in CONDITIONS:
            heard = cache.get((clip.name, label))
            if heard is None:
                continue
            if getattr(heard, "own", None) is None and own_score(heard) > -10.0:  # heard before Heard.own
                heard = dataclasses.replace(heard, own=own_score(heard))
            right = heard.command == clip.meant
            out.append(Row(clip, label, heard, right, outcome(heard, right), outcome(heard, right, game=True),
                           heard.command is not None and not isinstance(heard.command, (*DESTRUCTIVE, C.StopSpeech))
                           and not heard.doubtful,
                           features(heard) if heard.command is not None else {}))
    return out


def hand_set_decision(heard: Heard) -> voice_decision.Decision:
    """``voice.game_decision`` by the hand-set limits alone: without the fitted rule (``LONE_CLEAR_OWN``)."""
    saved = dict(voice_decision.LONE_CLEAR_OWN)
    voice_decision.LONE_CLEAR_OWN.clear()
    try:
        return game_decision(heard)
    finally:
        voice_decision.LONE_CLEAR_OWN.update(saved)


def outcome(heard: Heard, right: bool, act: bool | None = None, game: bool = False) -> str:
    """One of COLUMNS for ``heard``: as the hand-set limits decide it (``hand_set_decision``), or the game now
    (``game``: ``voice.game_decision``), or acted on when ``act``."""
    if heard.command is None:
        return "not understood"
    if act is None:
        act = (game_decision if game else hand_set_decision)(heard).action is voice_decision.Action.ACT
    if not act:
        return "asked back"
    return "right at once" if right else "acted on wrongly"


def design(rows: list[Row], names: tuple[str, ...]) -> np.ndarray:
    return np.array([[1.0, *(r.x[n] for n in names)] for r in rows])


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, iterations: int = 50) -> np.ndarray:
    """Weights of a logistic regression of ``y`` on ``x`` (first column ones, not penalised): Newton's method."""
    mean, std = x.mean(axis=0), x.std(axis=0)
    mean[0], std[0] = 0.0, 1.0
    std[std == 0] = 1.0
    z = (x - mean) / std
    w = np.zeros(x.shape[1])
    penalty = l2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    out = w / std  # back to the features' own units
    out[0] = w[0] - float(np.sum(w[1:] * mean[1:] / std[1:]))
    return out


def logit_of(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return x @ w


def limit_for(logits: np.ndarray, right: np.ndarray, allowed: int) -> float:
    """The lowest logit at which no more than ``allowed`` of the wrong decisions are acted on (acted on: at or
    over the limit), halfway to the next decision under it."""
    wrong = np.sort(logits[~right])[::-1]
    if len(wrong) <= allowed:
        return -np.inf
    top = wrong[allowed]  # the first wrong one that must stay under the limit
    over = logits[logits > top]
    return float((top + over.min()) / 2) if len(over) else float(top + 1e-6)


def table(title: str, counts: dict[tuple[str, str], Counter[str]]) -> list[str]:
    lines = [title, f"  {'condition':14s} {'rule':8s} {'n':>4s}  " + "  ".join(f"{c:>17s}" for c in COLUMNS)]
    for (label, rule), c in counts.items():
        n = sum(c.values())
        lines.append(f"  {label:14s} {rule:8s} {n:4d}  " + "  ".join(
            f"{f'{100 * c[k] / n:5.1f}% ({c[k]})':>17s}" for k in COLUMNS))
    return lines


def report(clips: list[Clip], caches: dict[int, dict[tuple[str, str], Heard]], args: argparse.Namespace) -> None:
    """Every rule fitted on the tuning rows of ``caches`` (by seed) and measured on all of them."""
    rows = [row for cache in caches.values() for row in rows_of(clips, cache)]
    print(f"noise seeds {', '.join(map(str, caches))}")
    tuning = [r for r in rows if not r.clip.held_out and r.open_to_rule]
    print(f"{len(rows)} decisions ({sum(not r.clip.held_out for r in rows)} tuning, "
          f"{sum(r.clip.held_out for r in rows)} held out); fitted on {len(tuning)} tuning decisions open to the rule")
    today_wrong = sum(r.today == "acted on wrongly" for r in tuning)
    allowed = today_wrong if args.wrong is None else args.wrong
    table_rule = fit_table(tuning, allowed)
    print("\ntable (share needed; lone / several; bands of dB over the noise): " + "; ".join(
        f"{g} {band_label(b)}: {table_rule[(g, b)][0]:.2f}, own {table_rule[(g, b)][1]:.1f}"
        for g in ("lone", "several") for b in range(len(SNR_EDGES) + 1)))
    print_compare(rows, lambda r: table_acts(table_rule, r.heard, r.x))
    lone = fit_lone(tuning, allowed - today_wrong if args.wrong is None else max(0, args.wrong - today_wrong))
    print(f"\nnarrow rule: the hand-set limits, and a lone word under ACT_SNR_DB ({voice_decision.ACT_SNR_DB:g} dB) "
          f"acted on at once when it scored at least {lone[0]:g} a token and stood at least {lone[1]:g} dB over the "
          "noise")
    print_compare(rows, lambda r: r.today != "asked back" or lifted_lone(r, lone), game=True)
    print(f"  (game: voice_decision.decide as committed: LONE_CLEAR_OWN {voice_decision.LONE_CLEAR_OWN}, "
          f"LONE_CLEAR_SNR_DB {voice_decision.LONE_CLEAR_SNR_DB:g})")
    print_lone_grid(rows)
    for names in FEATURE_SETS:
        x = design(tuning, names)
        y = np.array([r.right for r in tuning], dtype=float)
        w = fit_logistic(x, y)
        lim = limit_for(logit_of(w, x), y.astype(bool), allowed)
        print(f"\nlogistic regression on {names}: weights {np.round(w, 3).tolist()}, limit {lim:.3f}")
        print_compare(rows, lambda r, w=w, names=names, lim=lim: bool(logit_of(w, design([r], names))[0] >= lim))


def band_label(b: int) -> str:
    low = "" if b == 0 else f"{SNR_EDGES[b - 1]:g}"
    return f"under {SNR_EDGES[0]:g}" if b == 0 else f"{low}+" if b == len(SNR_EDGES) else f"{low}-{SNR_EDGES[b]:g}"


def print_lone_grid(rows: list[Row]) -> None:
    """The narrow rule's every (OWN, SNR) on the grids: right / wrong acted on more than the hand-set limits."""
    lifted = [r for r in rows if r.open_to_rule and lifted_lone(r, (-10.0, -99.0))]
    print("\n  the narrow rule's grid: words acted on besides the hand-set limits' (right/wrong), tuning; held out")
    print("  own a token " + "".join(f"{f'SNR >= {snr:g} dB':>22s}" for snr in LONE_SNR_GRID))
    for own in OWN_GRID[1:]:
        cells = []
        for snr in LONE_SNR_GRID:
            acted = [r for r in lifted if lifted_lone(r, (own, snr))]
            t = [r.right for r in acted if not r.clip.held_out]
            h = [r.right for r in acted if r.clip.held_out]
            cells.append(f"{sum(t)}/{len(t) - sum(t)}; {sum(h)}/{len(h) - sum(h)}")
        print(f"  {own:>11g} " + "".join(f"{c:>22s}" for c in cells))
    for r in lifted:
        if not r.right:
            part = "held out" if r.clip.held_out else "tuning"
            print(f"    lone and wrong under {voice_decision.ACT_SNR_DB:g} dB: {part}, {r.condition}: {r.clip.name} "
                  f"as {r.heard.text!r}, {r.x['own']:.2f} a token, {r.heard.snr:.1f} dB over the noise")


def print_compare(rows: list[Row], acts: Any, game: bool = False) -> None:
    """The hand-set limits ("before") and ``acts(row)`` ("fitted", for the rows open to the rule; with ``game``
    the game's decision now too), tuning and held out, by condition."""
    for part, held in (("tuning", False), ("held out", True)):
        counts: dict[tuple[str, str], Counter[str]] = {}
        for r in rows:
            if r.clip.held_out != held:
                continue
            fitted = r.today if not r.open_to_rule else outcome(r.heard, r.right, acts(r))
            for label in (r.condition, "all"):
                counts.setdefault((label, "before"), Counter())[r.today] += 1
                counts.setdefault((label, "fitted"), Counter())[fitted] += 1
                if game:
                    counts.setdefault((label, "game"), Counter())[r.game] += 1
        ordered = {k: counts[k] for k in sorted(counts, key=lambda k: ([c[0] for c in CONDITIONS] + ["all"])
                                                .index(k[0]))}
        print("\n".join(table(f"  {part}", ordered)))


#: The edges (dB) of the bands of the word's level over the noise in the table rule (``fit_table``).
SNR_EDGES = (3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 21.0)
NEVER = 1.01  # a share no word reaches: the cell never acts


def cell(x: dict[str, float]) -> tuple[str, int]:
    """The table's cell of a decision: "lone" (one command weighed) or "several", and its band of ``snr``
    (-1: not measured; 0: under SNR_EDGES[0] dB; ...; len(SNR_EDGES): at or over the last)."""
    group = "lone" if x["lone"] else "several"
    if x["unmeasured"]:
        return group, -1
    return group, int(np.searchsorted(SNR_EDGES, x["snr"], side="right"))


#: The shares and own scores a cell of the table may need (``fit_table``): a coarse grid, so that a limit is not
#: set a hair over one decision of the tuning set.
SHARE_GRID = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.98, 1.0, NEVER)
OWN_GRID = (-10.0, -3.0, -2.6, -2.2, -1.8)


Choice = dict[tuple[str, int], tuple[float, float]]


def fit_table(rows: list[Row], allowed: int) -> Choice:
    """The share and own score needed to act at once in each measured cell (``cell``; a floored word is never
    acted on, a word with no noise measure is left to the hand-set limits): the table that acts rightly on the
    most ``rows`` while acting wrongly on at most ``allowed``, neither limit lower in a noisier band of a group."""
    by_cell: dict[tuple[str, int], list[tuple[float, float, bool]]] = {}
    for r in rows:
        if not r.heard.floored and not r.x["unmeasured"]:
            by_cell.setdefault(cell(r.x), []).append((r.x["share"], r.x["own"], r.right))
    total: dict[int, tuple[int, Choice]] = {0: (0, {})}
    for group in ("lone", "several"):
        part = _best_monotone(by_cell, group, allowed)
        new_total: dict[int, tuple[int, Choice]] = {}
        for w0, (r0, c0) in total.items():
            for w1, (r1, c1) in part.items():
                if w0 + w1 <= allowed and (w0 + w1 not in new_total or new_total[w0 + w1][0] < r0 + r1):
                    new_total[w0 + w1] = (r0 + r1, {**c0, **c1})
        total = new_total
    return max(total.values(), key=lambda rc: rc[0])[1]


def _best_monotone(by_cell: dict[tuple[str, int], list[tuple[float, float, bool]]], group: str,
                   allowed: int) -> dict[int, tuple[int, Choice]]:
    """For each number of wrongs up to ``allowed``, the most rights ``group``'s bands can act on (and the
    limits), neither limit lower in a noisier band: dynamic programming from the quietest band down."""
    pairs = [(sh, ow) for sh in SHARE_GRID for ow in OWN_GRID]
    states: dict[tuple[tuple[float, float], int], tuple[int, Choice]] = {((0.0, -10.0), 0): (0, {})}
    for band in reversed(range(len(SNR_EDGES) + 1)):
        seen = by_cell.get((group, band), [])
        counts = {pair: (sum(ok for v, o, ok in seen if v >= pair[0] and o >= pair[1]),
                         sum(not ok for v, o, ok in seen if v >= pair[0] and o >= pair[1])) for pair in pairs}
        new: dict[tuple[tuple[float, float], int], tuple[int, Choice]] = {}
        for (before, wrongs), (rights, choice) in states.items():
            for pair in pairs:
                r, w = counts[pair]
                if pair[0] < before[0] or pair[1] < before[1] or wrongs + w > allowed:
                    continue
                key = (pair, wrongs + w)
                if key not in new or new[key][0] < rights + r:
                    new[key] = (rights + r, {**choice, (group, band): pair})
        states = new
    best: dict[int, tuple[int, Choice]] = {}
    for (_, wrongs), (rights, choice) in states.items():
        if wrongs not in best or best[wrongs][0] < rights:
            best[wrongs] = (rights, choice)
    return best


def table_acts(table: Choice, heard: Heard, x: dict[str, float]) -> bool:
    """Whether the table rule acts at once on ``heard`` (features ``x``); a word with no noise measure as today."""
    if x["unmeasured"]:
        return hand_set_decision(heard).action is voice_decision.Action.ACT
    share, own = table.get(cell(x), (NEVER, 0.0))
    return not heard.floored and x["share"] >= share and x["own"] >= own


#: The levels over the noise (dB) a lone word under ACT_SNR_DB may need in the narrow rule (``fit_lone``).
LONE_SNR_GRID = (0.0, 2.0, 3.0, 4.0, 5.0, 6.0)


def fit_lone(rows: list[Row], allowed: int) -> tuple[float, float]:
    """The narrow rule: the hand-set limits, but a word asked back only for standing under ``ACT_SNR_DB`` over the noise
    (``LOW_IN_NOISE``) is acted on when its engine weighed it alone and it scored at least OWN a token and
    stood at least SNR dB over the noise; (OWN, SNR) from OWN_GRID and LONE_SNR_GRID acting rightly on the
    most ``rows`` with at most ``allowed`` more acted on wrongly than today's rule."""
    open_ = [r for r in rows if lifted_lone(r, (-10.0, 0.0))]
    best = (-1, (0.0, 99.0))
    for own in OWN_GRID[1:]:
        for snr in LONE_SNR_GRID:
            acted = [r for r in open_ if lifted_lone(r, (own, snr))]
            if sum(not r.right for r in acted) <= allowed and sum(r.right for r in acted) > best[0]:
                best = (sum(r.right for r in acted), (own, snr))
    return best[1]


def lifted_lone(r: Row, limits: tuple[float, float]) -> bool:
    """Whether the narrow rule (``fit_lone``) with ``limits`` (OWN, SNR) acts on ``r`` where today's asks."""
    return r.heard.command is not None and hand_set_decision(r.heard).reason is voice_decision.Reason.LOW_IN_NOISE \
        and bool(r.x["lone"]) and not r.heard.floored and r.x["own"] >= limits[0] and r.x["snr"] >= limits[1]


#: The feature sets tried.
FEATURE_SETS: tuple[tuple[str, ...], ...] = (
    ("share", "snr"),
    ("share", "margin", "snr", "unmeasured", "floored"),
    ("share", "margin", "snr", "unmeasured", "lone", "own"),
    FEATURES,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hear", action="store_true", help="hear the clips not in the cache yet")
    parser.add_argument("--step", type=int, default=1, help="every Nth FSDD tuning take (default 1)")
    parser.add_argument("--shard", default="1/1", help="K/M: hear only the K-th of M parts of the clips")
    parser.add_argument("--only", choices=("all", "tuning", "held-out"), default="all",
                        help="hear only this part")
    parser.add_argument("--seed", type=int, default=40, help="--hear: the noise's seed (default 40)")
    parser.add_argument("--seeds", default="40", help="the seeds whose caches the rules are fitted and measured "
                                                      "on, joined by commas (default 40)")
    parser.add_argument("--conditions", default="", help="--hear: only these conditions (labels, commas)")
    parser.add_argument("--wrong", type=int, default=None,
                        help="tuning decisions the fitted rule may act on wrongly (default: as many as today's)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-act-fit.pickle",
                        help="the cache; shard K of M uses NAME.K.pickle beside it, and all are read")
    parser.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    args = parser.parse_args()
    clips = all_clips(args.step, args.clips)
    k, m = map(int, args.shard.split("/"))
    if args.hear:
        mine = [c for i, c in enumerate(clips) if i % m == k - 1
                and (args.only == "all" or c.held_out == (args.only == "held-out"))]
        base = cache_for(args.cache, args.seed)
        path = base if m == 1 else base.with_suffix(f".{k}.pickle")
        cache: dict[tuple[str, str], Heard] = pickle.loads(path.read_bytes()) if path.exists() else {}
        print(f"hearing {len(mine)} clips x {len(CONDITIONS)} conditions into {path}", flush=True)
        hear(mine, cache, path, args.seed, args.clips, tuple(c for c in args.conditions.split(",") if c))
        return
    report(clips, {seed: load_caches(cache_for(args.cache, seed)) for seed in map(int, args.seeds.split(","))},
           args)


if __name__ == "__main__":
    main()
