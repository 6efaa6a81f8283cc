"""The sound rig's own noisy words, scored again offline: would Whisper and Moonshine agreeing act on more at once?

Run: ``python benchmarks/voice_rig_sounds.py /tmp/rigsounds-1/en/index-en.jsonl --jsonl rig.jsonl``
then ``python benchmarks/voice_rig_sounds.py --rules rig.jsonl --fsdd tuning-40.jsonl tuning-41.jsonl``
(or ``benchmarks/voice_moonshine_act.py --fit rig.jsonl`` for its whole grid).

The input is ``benchmarks/e2e_sound.py --keep-sounds``'s index (``rig_sounds.write_index``): each sound the game
recognised in a spoken match, with the word the rig's player said over it (a number, an answer, or nothing: the
television or the narrator). Each sound Whisper heard in the game (not the sounds the quick guesser alone heard)
is heard again by the game's English engine (``recognizer.choose_engine``) among the play phase's phrases and the
decoys the game adds to them (``listen_decide.decoys``: the command words not on offer, "yes" and "no" among them),
the plays on offer as many as that turn had (``Said.offered``; 30 where the index does not say). As
``benchmarks/voice_moonshine_act.py`` does for FSDD, Moonshine's shares of Whisper's three likeliest commands are
computed for every sound, and the lines are written in that script's format (``condition`` "rig tv 10 dB",
``meant`` the number said, "yes"/"no" for an answer, "none" for a sound with no word of the player's in it), so that
its ``--fit`` counts what a looser ``voice_decision.SECONDED_*`` rule would have acted on, right and wrong.

``--rules`` counts, for a few rules "both put the same command first, Moonshine's share >= m, Whisper's >= w, at
least s dB over the noise", the words asked back for the noise or the score alone (``voice_moonshine_act.noise_only``)
that each would act on: on the rig, right (the number said), a wrong play (another number), a number that begins
the one said ("twenty" of "twenty six": the game holds it for the rest, ``voice_input``), or an answer word (a
decoy in the play phase: never acted on); on the FSDD lines beside them (``--fsdd``), right and wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.voice import game_decision, play_options, record_outcome  # noqa: E402
from benchmarks.voice_moonshine_act import name  # noqa: E402
from tavli_voice import commands as C  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.fusion import command_shares  # noqa: E402
from tavli_voice.speech.grammar import phrases  # noqa: E402
from tavli_voice.speech.listen_decide import decoys  # noqa: E402

#: The plays on offer where the index does not say (the rig's player says a number from 1 to 30).
OFFERED = 30


def meant(record: dict[str, Any]) -> C.Command | None:
    """What the player said over the sound, as a command (None: nothing of theirs)."""
    if record["said_kind"] == "number":
        return C.ChoosePlay(int(record["number"]))
    if record["said_kind"] == "answer":
        return {"yes": C.Yes(), "no": C.No()}.get(record["said"])
    return None


def heard_by_whisper(record: dict[str, Any]) -> bool:
    """Whether the game's Whisper engine heard this sound (not only the quick guesser)."""
    return str(record["engine"]).startswith("whisper")


def measure(paths: list[Path], out_path: Path, second_everywhere: bool = False) -> None:
    from tavli_voice.speech import crop
    from tavli_voice.speech.recognizer import choose_engine

    if second_everywhere:  # the decoys "yes" and "no" no longer read as an open question: the second opinion runs
        crop.asks_yes_or_no = lambda items: False  # type: ignore[assignment]  # (English: its only use here)

    engine = choose_engine(None, "en")
    moon = engine.second
    records = [(path, json.loads(line)) for path in paths for line in path.read_text().splitlines() if line.strip()]
    kept = [(path, r) for path, r in records if heard_by_whisper(r)]
    print(f"engine {engine.name}; {len(records)} sounds kept, {len(kept)} heard by Whisper in the game; "
          f"by the player's word: {dict(Counter(r['said_kind'] for _, r in kept))}", flush=True)
    with open(out_path, "w", encoding="utf-8") as out:
        for path, r in kept:
            options = play_options(int(r.get("offered") or OFFERED))
            offered = phrases(options, "en")
            items = offered + decoys(options, "en", offered)
            meanings = [p.command for p in items]
            x = audio.load(path.parent / r["wav"])
            heard = engine.recognize(x, items)
            whisper = command_shares(engine._scores, meanings) if len(engine._scores) == len(items) else ()
            top = [c for c, _ in whisper[:3]]
            span = engine.last_span
            speech = x if span is None else x[span[0]:span[1]]
            chosen = tuple(p for p in items if p.command in top)
            theirs = moon.scores(speech, chosen) if len(top) > 1 else np.zeros(0)
            moonshine = command_shares(theirs, [p.command for p in chosen]) if len(theirs) else ()
            truth = meant(r)
            decision = game_decision(heard)
            out.write(json.dumps({
                "condition": "rig tv 10 dB", "seed": path.parent.parent.name, "said_kind": r["said_kind"],
                "meant": name(truth), "heard": name(heard.command), "score": round(heard.score, 4),
                "snr": None if heard.snr is None else round(float(heard.snr), 2),
                "decided": decision.reason.value, "because": decision.facts.get("because"),
                "outcome": record_outcome(heard, heard.command == truth),
                "whisper": [[name(c), round(s, 4)] for c, s in whisper[:3]],
                "whisper_own": None if engine._top is None else round(float(engine._top), 3),
                "moonshine": [[name(c), round(s, 4)] for c, s in moonshine],
                "in_game": [r["heard"], r["did"]]}, ensure_ascii=False) + "\n")
            out.flush()


#: (m, w, s) counted by ``--rules``: the shipped rule, its SNR floor lowered or gone, and looser shares.
RULES = ((0.9, 0.65, 6.0), (0.9, 0.65, 5.0), (0.9, 0.65, 4.0), (0.9, 0.65, None), (0.8, 0.6, 5.0), (0.8, 0.6, None),
         (0.8, 0.65, None), (0.7, 0.65, None), (0.9, 0.5, None), (0.8, 0.5, None))


def number_of(command: str) -> int | None:
    """The number of a play command as the lines write it ("select 26" -> 26; else None)."""
    head, _, tail = command.partition(" ")
    return int(tail) if head == "select" and tail.isdigit() else None


def begins(heard: int, meant: int) -> bool:
    """Whether the number ``heard`` is said as the start of ``meant`` ("twenty" of "twenty six").

    >>> begins(20, 26), begins(20, 20), begins(2, 23), begins(100, 105)
    (True, False, False, True)
    """
    from tavli_voice.speech.words import number_text

    return heard != meant and number_text(meant, "en").startswith(number_text(heard, "en") + " ")


def acts(line: dict[str, Any], m: float, w: float, s: float | None) -> str | None:
    """The command ``line``'s word would be acted on at once as by the rule (m, w, s), or None."""
    from benchmarks.voice_moonshine_act import agreed, noise_only

    both = agreed(line) if noise_only(line) else None
    if both is None or both[1] < m or both[2] < w:
        return None
    if s is not None and (line["snr"] is None or line["snr"] < s):
        return None
    return both[0]


def rig_kind(line: dict[str, Any], command: str) -> str:
    """What acting on ``command`` for ``line``'s sound would be: right, wrong play, prefix or answer."""
    heard, meant = number_of(command), number_of(line["meant"])
    if heard is None:
        return "answer"  # yes/no/a command word: decoys in the play phase, refused
    if heard == meant:
        return "right"
    return "prefix" if meant is not None and begins(heard, meant) else "wrong play"


def rules(rig: list[Path], fsdd: list[Path]) -> None:
    rig_lines = [json.loads(t) for p in rig for t in p.read_text().splitlines() if t.strip()]
    fsdd_lines = [json.loads(t) for p in fsdd for t in p.read_text().splitlines() if t.strip()]
    print(f"{len(rig_lines)} rig sounds ({', '.join(p.name for p in rig)}); {len(fsdd_lines)} FSDD decisions "
          f"({', '.join(p.name for p in fsdd)})")
    print("rule (Moonshine's share m, Whisper's w, dB over the noise s): acted on at once")
    print("  rig: right / wrong play / a number's first word (held in the game) / answer word (refused)"
          "   FSDD: right / wrong")
    for m, w, s in RULES:
        kinds: Counter[str] = Counter()
        for line in rig_lines:
            command = acts(line, m, w, s)
            if command is not None:
                kinds[rig_kind(line, command)] += 1
        ok = bad = 0
        for line in fsdd_lines:
            command = acts(line, m, w, s)
            if command is not None:
                ok, bad = ok + (command == line["meant"]), bad + (command != line["meant"])
        floor = "none" if s is None else f"{s:.0f} dB"
        print(f"  m {m:.2f} w {w:.2f} s {floor:>5s}: rig {kinds['right']:3d} / {kinds['wrong play']:2d} / "
              f"{kinds['prefix']:2d} / {kinds['answer']:2d}   FSDD {ok:4d} / {bad:2d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("index", nargs="*", type=Path, help="index-<lang>.jsonl files of e2e_sound.py --keep-sounds")
    parser.add_argument("--jsonl", type=Path, default=None, help="where to write the lines")
    parser.add_argument("--second-everywhere", action="store_true",
                        help="Moonshine's second opinion weighs play-phase words too (crop.asks_yes_or_no taken as "
                             "False: the decoys yes and no are no open question)")
    parser.add_argument("--rules", nargs="+", type=Path, default=None, help="count RULES on these rig lines")
    parser.add_argument("--fsdd", nargs="*", type=Path, default=[], help="with --rules: FSDD lines "
                        "(benchmarks/voice_moonshine_act.py --jsonl) counted beside them")
    args = parser.parse_args()
    if args.rules:
        rules(args.rules, args.fsdd)
        return
    if args.jsonl is None or not args.index:
        raise SystemExit("an index and --jsonl: where to write the lines (or --rules)")
    measure(args.index, args.jsonl, args.second_everywhere)


if __name__ == "__main__":
    main()
