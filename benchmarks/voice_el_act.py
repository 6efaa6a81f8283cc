"""The Greek words acted on at once, decided again from their recorded evidence: which rule asks back the wrong ones.

Run (files written by ``benchmarks/voice_el_evidence.py``, one pair a condition, ``--jsonl`` then ``--evidence``):

    python benchmarks/voice_el_act.py /tmp/G1/t-white10.jsonl:/tmp/G1/t-white10-ev.jsonl ... [--show]

Each word the game acted on at once (``act`` "now") is weighed again as ``engine_rescore.decide`` saw it (the phrases
of the play phase of 9 plays with the decoys, as ``benchmarks/voice.py --decoys`` listens): pocketsphinx's
confidence, Whisper's own score of the winner and its lead over every other command Whisper scored (negative: Whisper
alone preferred another), both engines' combined lead, the level over the noise, whether the crop was noisy (the tail
rule held) and the numbers on offer the winner is the start of (``engine_rescore.cut_short``) or shares all words
but the last with (``tail_siblings``). Each rule in ``RULES`` says which of them it would ask back instead: a word
right at once becomes right after asking back, a word acted on wrongly becomes asked, then wrong (the word asked
is the same). ``--show`` prints every word acted on with those measures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.greek_fit import key  # noqa: E402
from tavli_voice.commands import Command, StopSpeech  # noqa: E402
from tavli_voice.speech import engine_rescore as rescore  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.speech.listen_decide import UNSURE_BELOW, decoys  # noqa: E402


def turn() -> tuple[Phrase, ...]:
    """The phrases ``benchmarks/voice.py --lang el --decoys`` hears the play phase with (9 plays)."""
    options = Options(plays=9, commands=PHASE_COMMANDS["play"])
    offered = phrases(options, "el")
    return offered + decoys(options, "el", offered)


TURN = turn()


@dataclass(frozen=True)
class Acted:
    """One word acted on at once and the measures a rule may look at."""

    condition: str
    clip: str
    said: str
    heard: str
    right: bool
    snr: float | None
    noisy: bool
    found: Evidence
    winner: Command
    sphinx: float  # pocketsphinx's confidence
    likely: float  # Whisper's score of the winner (mean log-probability a token)
    own: float  # Whisper's own lead over every other command it scored
    combined: float  # both engines' combined lead
    longer: tuple[tuple[str, float | None], ...]  # numbers on offer the winner is the start of, Whisper's score
    tails: tuple[tuple[str, float | None], ...]  # numbers on offer the same but the last word, Whisper's score
    ends: tuple[tuple[str, float | None], ...] = ()  # numbers on offer the winner is the end of, Whisper's score


def acted(pairs: list[tuple[Path, Path]], items: tuple[Phrase, ...]) -> tuple[list[Acted], Counter[tuple[str, str]]]:
    """Every word acted on at once in the recorded runs, and every clip's outcome by condition."""
    commands = {key(p.command): p.command for p in items}
    out: list[Acted] = []
    counts: Counter[tuple[str, str]] = Counter()
    for bench, evidence in pairs:
        for line, ev_line in zip(bench.read_text(encoding="utf-8").splitlines(),
                                 evidence.read_text(encoding="utf-8").splitlines(), strict=True):
            row: dict[str, Any] = json.loads(line)
            ev: dict[str, Any] = json.loads(ev_line)
            assert row["condition"] == ev["condition"]
            counts[row["condition"], row["outcome"]] += 1
            counts[row["condition"], "clips"] += 1
            if row["act"] != "now" or "chosen" not in ev:
                continue
            text, first_key, score = ev["first"]
            first = Heard(text, commands.get(first_key), float(score), 0.0, "pocketsphinx")
            found = Evidence(first, {commands[k]: float(v) for k, v in ev["acoustic"]},
                             tuple(items[i] for i in ev["chosen"]),
                             tuple(-math.inf if v is None else float(v) for v in ev["heard"]),
                             fell_back=ev["fell_back"])
            total, likely = rescore._totals(found, rescore.WEIGHT, rescore.OUTSIDE, rescore.DECOY_HANDICAP)
            winner = commands[key_of(row["command"])]
            others = [c for c in total if c != winner]
            said = total[winner][1].text
            by_text = {p.command: p.text for p in items}
            longer = tuple((p.text, likely.get(p.command)) for p in items
                           if p.command != winner and rescore.cut_short(said, p.text))
            tails = tuple((p.text, likely.get(p.command)) for p in items
                          if p.command != winner and rescore.tail_siblings(said, p.text))
            ends = tuple((p.text, likely.get(p.command)) for p in items
                         if p.command != winner and cut_in_front(said, p.text))
            right = row["outcome"] == "right at once"
            noisy = ev.get("noisy", ev["lead"] is not None)
            out.append(Acted(
                row["condition"], row["clip"], row["said"], by_text.get(winner, said), right,
                ev["snr"], noisy, found, winner, float(score), likely[winner],
                likely[winner] - max((likely[c] for c in others), default=-math.inf),
                total[winner][0] - max((total[c][0] for c in others), default=-math.inf), longer, tails, ends))
    return out, counts


def cut_in_front(one: str, other: str) -> bool:
    """Whether phrase ``one`` is ``other`` with the start of its number left off, both saying a number in the same
    words before it («σημείο πέντε» of «σημείο δεκαπέντε», «σημείο τέσσερις» of «σημείο είκοσι τέσσερις»)."""
    a, b = rescore._bare(one).split(), rescore._bare(other).split()
    if not a or not b or a[-1] not in rescore._number_words_said() or b[-1] not in rescore._number_words_said():
        return False
    head = [w for w in a if w not in rescore._number_words_said()]
    if head != [w for w in b if w not in rescore._number_words_said()]:
        return False
    x, y = "".join(a[len(head):]), "".join(b[len(head):])
    return len(y) > len(x) and y.endswith(x)


def key_of(command: dict[str, Any]) -> str:
    """The ``--jsonl`` line's command as ``greek_fit.key`` writes it."""
    return json.dumps(command, sort_keys=True, ensure_ascii=False)


def cut_short_unclear(word: Acted, lead: float = 0.9) -> bool:
    """Whether ``word`` begins a longer number on offer that Whisper did not score, or scored within ``lead`` of it."""
    return any(score is None or word.likely - score < lead for _, score in word.longer)


def decided_now(word: Acted) -> bool:
    """Whether ``engine_rescore.decide`` as the code stands asks ``word`` back (its score under the ask-back limit),
    with the tail rule and ``AGREE_IN_NOISE`` where the crop was noisy, as ``RescoredRecognizer`` decides."""
    weight = rescore.FALLBACK_WEIGHT if word.found.fell_back else rescore.WEIGHT
    heard = rescore.decide(word.found, weight, turn=TURN, tail_lead=rescore.TAIL_LEAD if word.noisy else None,
                           noisy=word.noisy)
    return heard.command != word.winner or heard.score < UNSURE_BELOW["pocketsphinx+whisper+crop"]


#: Rules that ask a word back, each a name and a test of the word acted on at once (True: asked back instead).
RULES: dict[str, Callable[[Acted], bool]] = {
    "decide as the code stands (engine_rescore)": decided_now,
    "pocketsphinx unsure (< 0.5) in noise": lambda w: w.noisy and w.sphinx < 0.5,
    "pocketsphinx unsure (< 0.5) anywhere": lambda w: w.sphinx < 0.5,
    "own lead < 0.5 in noise": lambda w: w.noisy and w.own < 0.5,
    "own lead < 1.0 in noise": lambda w: w.noisy and w.own < 1.0,
    "combined lead < 2 in noise": lambda w: w.noisy and w.combined < 2.0,
    "Whisper < -2.5 in noise": lambda w: w.noisy and w.likely < -2.5,
    "cut short, quiet too (unscored: asked)": lambda w: cut_short_unclear(w),
    "Whisper prefers another (own lead < 0)": lambda w: w.own < 0.0,
    "Whisper < -2.75": lambda w: w.likely < -2.75,
    "the end of a longer number on offer": lambda w: bool(w.ends),
}


def asked(word: Acted, rule: Callable[[Acted], bool]) -> bool:
    """Whether ``rule`` asks ``word`` back ("stop" never is: ``listen_decide.should_confirm``)."""
    return not isinstance(word.winner, StopSpeech) and rule(word)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="+", help="BENCH.jsonl:EVIDENCE.jsonl")
    parser.add_argument("--show", action="store_true", help="every word acted on at once, with its measures")
    args = parser.parse_args()
    items = TURN
    words, counts = acted([tuple(map(Path, p.split(":"))) for p in args.pairs], items)  # type: ignore[misc]
    if args.show:
        for w in sorted(words, key=lambda w: (w.condition, w.right, w.own)):
            print(f"  {w.condition:12s} {'right' if w.right else 'WRONG'} {w.said!r:24s} -> {w.heard!r:24s} "
                  f"snr {'-' if w.snr is None else f'{w.snr:5.1f}'} {'noisy' if w.noisy else 'quiet'} "
                  f"ps {w.sphinx:.2f} wh {w.likely:6.2f} own {w.own:6.2f} comb {w.combined:6.2f}"
                  + (f" longer {[(t, None if s is None else round(s, 2)) for t, s in w.longer]}" if w.longer else "")
                  + (f" tails {len(w.tails)}" if w.tails else ""))
    conditions = sorted({c for c, _ in counts})
    print(f"{'rule':44s} " + " ".join(f"{c:>28s}" for c in conditions))
    print(f"{'':44s} " + " ".join(f"{'right at once / wrong acts':>28s}" for _ in conditions))
    base = {c: (sum(1 for w in words if w.condition == c and w.right),
                sum(1 for w in words if w.condition == c and not w.right)) for c in conditions}
    recorded = [f"{base[c][0]} / {base[c][1]} of {counts[c, 'clips']}" for c in conditions]
    print(f"{'as recorded':44s} " + " ".join(f"{cell:>28s}" for cell in recorded))
    for name, asks in RULES.items():
        cells = []
        for c in conditions:
            mine = [w for w in words if w.condition == c]
            right = sum(1 for w in mine if w.right and not asked(w, asks))
            wrong = sum(1 for w in mine if not w.right and not asked(w, asks))
            cells.append(f"{right} / {wrong}")
        print(f"{name:44s} " + " ".join(f"{cell:>28s}" for cell in cells))


if __name__ == "__main__":
    main()
