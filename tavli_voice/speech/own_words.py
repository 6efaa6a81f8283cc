"""The player's own words, learnt while playing: a number confirmed helps hear it next time.

Each play number the player confirms ("Did you say six?" - "yes"; "Nine, then?" - "yes") leaves the game a
sound of this player, in this room, saying a known number: its MFCC features (``features.word_features``, the
enrolment engine's measure) are kept, the newest ``KEEP`` of each number (a room that changes - a television
switched on - soon has templates of its own). The next word the game would ask back is weighed against them too
(:meth:`OwnWords.weigh`): each number's log-share under the engine minus ``WEIGHT`` times its relative DTW distance
(its nearest template's distance over the nearest number's, less one), and the likeliest by both is the number
asked back. A word the engine would act on at once is never changed, and the weighed first is never acted on at
once either: the templates choose which number the game asks about, not whether it asks.

Only the numbers with templates are weighed again, among themselves: they share out anew the share the engine
gave them together, and every other command (a number not yet confirmed, a command word, a yes or no the game
listens for) keeps its own; so the templates choose between numbers they know, never for or against the others.

**Off** (``LEARN``): measured, not yet worth it. With one template of every number from the start (FSDD digits
1-9 of both speakers, takes 40-49 heard, the speaker's other takes in the same noise as templates,
``benchmarks/voice_adapt.py``) the number the engine puts first among the numbers, before -> after: television
10 dB 57.8% -> 67.2%, babble 10 dB 79.4% -> 85.0%, white 5 dB 95.6% -> 98.3%, quiet 100% both. But in a game's
words in turn (``benchmarks/voice_own_words.py``: templates only of the words asked back and confirmed, none at
first, the decoys the game listens for beside the plays, each word decided as the game decides it), over 400 words
a condition: right (at once or after asking back) television 10 dB 48.2% -> 49.8% (12 words gained, 6 lost),
babble 10 dB 66.8% -> 68.0% (6 gained, 2 lost); over 120 more, television 47.5% -> 45.8%: within the noise of the
runs. Most of the offline gain was on words the game hears as a decoy yes or no (a third of them with a
television), which the templates, weighing only the numbers, cannot reach. Results in
``benchmarks/results/voice-adapt.txt``.

The store is shared by the listener's thread (weighing) and the game's (adding): one lock.
"""

from __future__ import annotations

import logging
import math
import threading
from collections import deque
from collections.abc import Iterable

import numpy as np

from ..commands import ChoosePlay, Command
from .audio import RATE, Samples
from .features import Features, dtw_distances, word_features

log = logging.getLogger(__name__)

#: Whether the game learns the player's confirmed numbers (``ui.voice_input``); off: see the module docstring.
LEARN = False
#: The newest templates kept of each number.
KEEP = 3
#: The template term's weight, in units of the engine's log-share (benchmarks/voice_adapt.py: one weight for every
#: condition, chosen on tuning takes).
WEIGHT = 8.0
#: A number the engine gave no share counts as this likely.
SHARE_FLOOR = 1e-6
#: The relative distance of a number none of whose templates the word can be matched to.
FAR = 1e3
#: Sounds shorter than this (seconds) are not kept: too little of a word to match.
SHORTEST_S = 0.15


class OwnWords:
    """The player's confirmed numbers, as templates (see the module docstring)."""

    def __init__(self, keep: int = KEEP, weight: float = WEIGHT) -> None:
        self.keep = keep
        self.weight = weight
        self._lock = threading.Lock()
        self._words: dict[Command, deque[Features]] = {}

    def __len__(self) -> int:
        with self._lock:
            return sum(len(d) for d in self._words.values())

    def known(self) -> set[Command]:
        """The numbers with at least one template."""
        with self._lock:
            return {c for c, d in self._words.items() if d}

    def add(self, command: Command, sound: Samples | None) -> bool:
        """Keep ``sound`` (16 kHz, the word as the engine heard it) as a template of ``command``, a play's number;
        whether it was kept (not a number, no sound, or too short: not)."""
        if not isinstance(command, ChoosePlay) or sound is None or len(sound) < SHORTEST_S * RATE:
            return False
        features = word_features(np.asarray(sound, dtype=np.float32))
        if not len(features):
            return False
        with self._lock:
            self._words.setdefault(command, deque(maxlen=self.keep)).append(features)
        log.info("voice: %r confirmed: kept as the player's own word (%d of it)", command,
                 len(self._words[command]))
        return True

    def relative(self, sound: Samples, commands: Iterable[Command]) -> dict[Command, float]:
        """Each of ``commands``' relative distance to ``sound``: its nearest template's DTW distance over the nearest
        one's among them, less one (0 for the nearest and for a number with no template; ``FAR`` for one none of
        whose templates the word can be matched to: half as long or less)."""
        commands = list(commands)
        with self._lock:
            known = [(c, list(self._words[c])) for c in commands if self._words.get(c)]
        out = {c: 0.0 for c in commands}
        if not known:
            return out
        query = word_features(np.asarray(sound, dtype=np.float32))
        if not len(query):
            return out
        nearest: dict[Command, float] = {}
        for command, templates in known:
            d = dtw_distances(query, templates)
            nearest[command] = float(np.min(d)) if len(d) else math.inf
        finite = [d for d in nearest.values() if math.isfinite(d)]
        if not finite:
            return out
        best = max(min(finite), 1e-9)
        out.update({c: d / best - 1.0 if math.isfinite(d) else FAR for c, d in nearest.items()})
        return out

    def weigh(self, sound: Samples, shares: tuple[tuple[Command, float], ...]
              ) -> tuple[tuple[Command, float], ...] | None:
        """``shares`` (a Heard's, likeliest first) weighed with the templates, likeliest first again: the numbers
        with templates share out the share they had between them anew, each by its log-share minus ``weight`` times
        its relative distance; every other command keeps its share. None when fewer than two of the numbers have
        a template (nothing to choose between)."""
        known = self.known()
        mine = [i for i, (c, _) in enumerate(shares) if c in known]
        if len(mine) < 2:
            return None
        far = self.relative(sound, [shares[i][0] for i in mine])
        scores = np.array([np.log(max(shares[i][1], SHARE_FLOOR)) - self.weight * far[shares[i][0]] for i in mine])
        scores = np.exp(scores - scores.max())
        mass = sum(shares[i][1] for i in mine)
        new = dict(shares)
        new.update({shares[i][0]: float(mass * v / scores.sum()) for i, v in zip(mine, scores)})
        order = sorted(range(len(shares)), key=lambda i: -new[shares[i][0]])
        return tuple((shares[i][0], new[shares[i][0]]) for i in order)
