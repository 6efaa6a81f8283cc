"""The Greek benchmark of record with both engines' evidence of each decision, to decide it again offline.

Run: ``python benchmarks/voice_el_evidence.py --evidence E.jsonl -- --lang el --part tuning --variants 1000 --decoys
--noise white --snr 10 --jsonl V.jsonl`` (every argument after ``--`` is ``benchmarks/voice.py``'s).

``benchmarks/voice.py`` runs as it does alone; besides its ``--jsonl`` line, each clip gets one line in ``--evidence``,
in the same order: the clip (condition, index), what pocketsphinx and Whisper made of it in the last decision
``engine_rescore.RescoredRecognizer`` took (``Evidence``: pocketsphinx's answer, its proposals' log-probabilities,
the phrases Whisper scored as indices into the turn's phrases, and Whisper's scores), whether the crop counted as
noisy (``TAIL_NOISE_BELOW``: the tail rule and ``AGREE_IN_NOISE`` held) and the engine's own score.
``benchmarks/voice_el_act.py`` reads both files and decides the words acted on at once again.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import voice  # noqa: E402
from benchmarks.greek_fit import key  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence, RescoredRecognizer  # noqa: E402
from tavli_voice.speech.grammar import Phrase  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402


def evidence_json(found: Evidence, items: tuple[Phrase, ...], lead: float | None, heard: Heard) -> dict[str, Any]:
    """``found`` as one JSON object, its phrases as indices into ``items``; ``lead``: the tail rule's (None: a quiet
    crop), ``heard``: the engine's decision on it."""
    return {"first": [found.first.text, key(found.first.command), found.first.score],
            "acoustic": [[key(c), round(v, 5)] for c, v in found.acoustic.items()],
            "chosen": [items.index(p) for p in found.chosen],
            "heard": [None if not math.isfinite(v) else round(v, 5) for v in found.heard],
            "fell_back": found.fell_back, "lead": lead, "engine_score": round(heard.score, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evidence", type=Path, required=True, help="one JSON line of evidence per clip")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="-- then benchmarks/voice.py's arguments")
    args = parser.parse_args()
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    last: dict[str, Any] = {}
    decided = RescoredRecognizer._decided

    def keep(self: RescoredRecognizer, found: Evidence, items: tuple[Phrase, ...], lead: float | None,
             *noisy: bool) -> tuple[Heard, float]:
        heard, weight = decided(self, found, items, lead, *noisy)
        last.update(found=found, items=items, lead=lead, heard=heard, noisy=noisy[0] if noisy else lead is not None)
        return heard, weight

    setattr(RescoredRecognizer, "_decided", keep)
    hear_once = voice.hear_once
    out = open(args.evidence, "w", encoding="utf-8")

    def hear_kept(engine: object, x: Any, items: tuple[Phrase, ...], done: dict[object, Any],
                  clip: tuple[object, ...], *a: Any) -> Heard:
        last.clear()
        heard = hear_once(engine, x, items, done, clip, *a)
        line: dict[str, Any] = {"condition": clip[0], "index": clip[1], "text": heard.text, "snr": heard.snr}
        if last:
            line.update(evidence_json(last["found"], last["items"], last["lead"], last["heard"]), noisy=last["noisy"])
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
        out.flush()
        return heard

    setattr(voice, "hear_once", hear_kept)
    sys.argv = [str(Path(voice.__file__)), *rest]
    try:
        voice.main()
    finally:
        out.close()


if __name__ == "__main__":
    main()
