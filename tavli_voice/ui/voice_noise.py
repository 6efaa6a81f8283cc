"""Telling the player, once, when the room is too noisy for the voice to hear them well; and when a turn has
cost its questions about words heard, stopping them there (:class:`TurnQuestions`, :func:`given_up`).

With a television on, the game asks "Did you say …?" about the wrong number again and again
(on the sound rig with a television 10 dB under the player: 58 turns, 68 questions, 23 turns
where the number said was never heard right; benchmarks/results/e2e-sound-tv-match.txt), and
nothing told the player why, or what helps. :class:`NoiseWatch` looks at each word heard and
each "no" to "did you say …?" and says when it is time to tell them:

1. *poor words*: of the last ``RECENT`` words whose level over the noise was measured (the
   crop's ``Heard.snr``, :func:`snr_of`), at least ``POOR_OF_RECENT``
   stood less than ``POOR_SNR_DB`` over it (a single louder word between them does not hide
   the room); words with no measure count neither way;
2. *refusals*: ``NOES_IN_A_TURN`` "no"s to "did you say …?" where the game was the same (one
   turn, one step): the recogniser misheard the number twice (many words in television talk
   have no measure); not when every recent measured word stood ``GOOD_SNR_DB`` or more over the
   noise (a quiet room: the noise is not what misleads it).

Told once (:meth:`NoiseWatch.told`), then not again for ``QUIET_S`` (the ``clock``'s seconds),
twice that after the second telling, and so on while the room stays as it is (a television on
all evening is told at about 0, 5, 15 and 35 minutes, not every 5), unless the room got better
first (``GOOD_IN_A_ROW`` measured words in a row at ``GOOD_SNR_DB`` or more) and then worse again.
The voice source says it through the same path as its other messages (``App.notice``, spoken by
the narrator, which never talks over the player), once no question is open, in the player's
language and as short as their verbosity asks (:func:`advice`).

Each turn may cost ``QUESTIONS_IN_A_TURN`` questions about words heard ("Did you say six?", "Nine, then?",
one asked again); after that the game asks about no more guesses in the turn and says, once in full and then
short, that it cannot make out the number and what works instead (:func:`given_up`); the voice source
(:class:`~.voice_input.VoiceSource`) keeps the count.
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from ..narration.priorities import Verbosity

log = logging.getLogger(__name__)

#: A word standing less than this over the noise around it (dB) is heard poorly: the acting rule
#: needs its largest share there (``crop.NOISY_SNR_DB``, 9 dB), and a television 10 dB under the
#: player gives words at 9-10 dB.
POOR_SNR_DB = 10.0
#: A word this far over the noise (dB) or more is heard well (a quiet room gives 20 and more).
GOOD_SNR_DB = 15.0
#: Of the last RECENT measured words, POOR_OF_RECENT poor ones tell the player.
RECENT, POOR_OF_RECENT = 4, 3
#: This many "no"s to "did you say …?" in one place of the game (a turn, a step) tell the player.
NOES_IN_A_TURN = 2
#: This many well-heard words in a row, after telling, let it be told again when it gets worse.
GOOD_IN_A_ROW = 3
#: Not told again within this many seconds unless the room got better in between; each telling
#: with no better room between doubles it.
QUIET_S = 300.0



def snr_of(heard: Any) -> float | None:
    """The word's level over the noise around it (dB) as the crop measured it, None when not measured.

    >>> from tavli_voice.speech.heard import Heard
    >>> snr_of(Heard("six", None, 0.5, 1.0, snr=8.4))
    8.4
    >>> snr_of(Heard("six", None, 0.5, 1.0, why="the whole sound")) is None
    True
    """
    snr = getattr(heard, "snr", None)
    return None if snr is None else float(snr)


class NoiseWatch:
    """Whether it is time to tell the player the room is too noisy (see the module docstring).

    >>> watch = NoiseWatch(clock=lambda: 0.0)
    >>> [watch.word(snr) for snr in (8.0, 9.0, 7.5)]
    [None, None, '3 of the last 3 words under 10 dB over the noise (8.0, 9.0, 7.5)']
    >>> watch.told()
    >>> watch.word(6.0) is None  # told already, the room no better since
    True
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        #: the last RECENT measured words' levels over the noise (dB) since the player was last told
        self.recent: deque[float] = deque(maxlen=RECENT)
        #: the last RECENT measured words' levels, told or not: whether the room is noisy now (``noisy``)
        self.room: deque[float] = deque(maxlen=RECENT)
        #: well-heard words in a row
        self.good = 0
        #: where the game was at the last "no" and how many there were there
        self.noes_in: Hashable = None
        self.noes = 0
        #: when the player was last told (-inf: never), and whether the room got better since
        self.told_at = -math.inf
        self.better = True
        #: how long (seconds) after the last telling it may be told again, the room no better
        self.wait = QUIET_S

    def word(self, snr: float | None) -> str | None:
        """A word heard ``snr`` dB over the noise (None: not measured): why to tell the player now, or None."""
        if snr is None:
            return None
        self.recent.append(snr)
        self.room.append(snr)
        self.good = self.good + 1 if snr >= GOOD_SNR_DB else 0
        if self.good >= GOOD_IN_A_ROW and not self.better:
            log.info("voice noise: %d words in a row %.0f dB or more over the noise: the room is better",
                     self.good, GOOD_SNR_DB)
            self.better = True
        poor = [s for s in self.recent if s < POOR_SNR_DB]
        if len(poor) < POOR_OF_RECENT:
            return None
        levels = ", ".join(f"{s:.1f}" for s in self.recent)
        return self._due(f"{len(poor)} of the last {len(self.recent)} words under {POOR_SNR_DB:.0f} dB "
                         f"over the noise ({levels})")

    def noisy(self) -> bool:
        """Whether the room is noisy now: ``POOR_OF_RECENT`` of the last ``RECENT`` measured words under
        ``POOR_SNR_DB`` over the noise, whether or not the player was told since (telling does not quiet it).

        >>> watch = NoiseWatch(clock=lambda: 0.0)
        >>> [watch.word(snr) is None and watch.noisy() for snr in (8.0, 20.0, 9.0)]
        [False, False, False]
        >>> watch.word(7.5) is not None, watch.noisy()
        (True, True)
        >>> watch.told(); watch.noisy()
        True
        """
        return sum(s < POOR_SNR_DB for s in self.room) >= POOR_OF_RECENT

    def quiet(self) -> bool:
        """Whether the room is known to be quiet: the last ``RECENT`` measured words (one at least) all stood
        ``GOOD_SNR_DB`` or more over the noise. Neither quiet nor :meth:`noisy` while the words stand between.

        >>> watch = NoiseWatch(clock=lambda: 0.0)
        >>> watch.quiet(), [watch.word(snr) is None and watch.quiet() for snr in (22.0, 18.0, 12.0)]
        (False, [True, True, False])
        """
        return bool(self.room) and min(self.room) >= GOOD_SNR_DB

    def noisy_answers(self) -> bool:
        """Whether the yes/no questions (the game's "did you say …?" and its own: resign, leave, the review
        offer, the opponent's double) name the answers heard best in noise (their ``_noisy`` forms: in Greek
        «σωστά ή λάθος», not «ναι ή όχι»): unless the room is known to be :meth:`quiet`, not only once it is
        :meth:`noisy` (on the sound rig with a television 10 dB under the player the words stood 8-13 dB over
        it, the room was seldom noisy, and the «ναι» asked for came out as «όχι» or a number;
        ``voice_input.VoiceSource._noisy_answers`` has the figures).

        >>> watch = NoiseWatch(clock=lambda: 0.0)
        >>> watch.noisy_answers(), [watch.word(snr) is None and watch.noisy_answers() for snr in (12.0, 22.0)]
        (True, [True, True])
        >>> [watch.word(snr) is None and watch.noisy_answers() for snr in (20.0, 18.0, 16.0)]
        [True, True, False]
        """
        return not self.quiet()

    def refused(self, where: Hashable) -> str | None:
        """A "no" to "did you say …?" asked where the game was ``where``: why to tell the player now, or None
        (never while the recent measured words were all heard well)."""
        self.noes = self.noes + 1 if where == self.noes_in else 1
        self.noes_in = where
        if self.noes < NOES_IN_A_TURN or self.recent and min(self.recent) >= GOOD_SNR_DB:
            return None
        return self._due(f"{self.noes} noes to 'did you say' in one turn")

    def _due(self, why: str) -> str | None:
        """``why`` when the player may be told now (never told, the quiet time over, or better since)."""
        quiet = self.clock() - self.told_at
        if self.better or quiet >= self.wait:
            return why
        log.debug("voice noise: %s, but told %.0f s ago and no better since", why, quiet)
        return None

    def told(self) -> None:
        """The player was told: not again for QUIET_S (doubled at each telling with the room no better
        since) unless the room gets better, then worse."""
        self.wait = QUIET_S if self.better or self.told_at == -math.inf else self.wait * 2
        self.told_at, self.better = self.clock(), False
        self.recent.clear()
        self.noes = 0


#: A turn costs at most this many questions about words heard ("Did you say six?", "Nine, then?", a question
#: asked again after an unsure yes); then the game stops asking about guesses for the rest of the turn and says
#: so, with what works instead (:func:`given_up`). On the sound rig with a television 10 dB under the player
#: (80 turns), a turn the game could not hear cost up to six questions before the player typed anyway, 139 in
#: all; the number said was heard at the first or second question on most turns it was heard at all
#: (benchmarks/results/e2e-sound-tv-match.txt).
QUESTIONS_IN_A_TURN = 3


class TurnQuestions:
    """The questions about words heard that this turn has cost, and whether the game gave up asking in it.

    Counted per turn (``turn``: the session's turn counter, so the count starts again once a play is made).

    >>> asked = TurnQuestions()
    >>> for _ in range(QUESTIONS_IN_A_TURN): asked.asked(1)
    >>> asked.may_ask(1), asked.give_up(1), asked.give_up(1), asked.may_ask(2)
    (False, True, False, True)
    """

    def __init__(self) -> None:
        self.turn: object = None
        #: questions asked in ``turn``
        self.count = 0
        #: whether the player was told, in ``turn``, that the game stopped asking
        self.told = False

    def _in(self, turn: object) -> None:
        if turn != self.turn:
            self.turn, self.count, self.told = turn, 0, False

    def may_ask(self, turn: object) -> bool:
        """Whether one more question may be asked in ``turn``."""
        self._in(turn)
        return self.count < QUESTIONS_IN_A_TURN

    def asked(self, turn: object) -> None:
        """A question was asked in ``turn``."""
        self._in(turn)
        self.count += 1

    def give_up(self, turn: object) -> bool:
        """The game gives up asking in ``turn``; whether this is the first time there (the whole sentence)."""
        self._in(turn)
        first, self.told = not self.told, True
        return first


def given_up(lang: str, verbosity: Verbosity = Verbosity.NORMAL, *, scanning: bool = False,
             again: bool = False) -> str:
    """What the player hears when the game stops asking about guesses in a turn: it cannot make out the number,
    and what works (say it again, type it or hear the plays with l; with a switch, pick it as the
    plays are read out). Terse, or ``again`` (a word heard unsure after that in the same turn): the short one.

    >>> given_up("en", Verbosity.TERSE)
    'Cannot make out your number: say it again or type it; l lists the plays.'
    """
    from ..words import text

    key = "voice.given_up" + ("_scan" if scanning else "")
    return text(key + ("_terse" if again or verbosity is Verbosity.TERSE else ""), lang)


def advice(lang: str, verbosity: Verbosity = Verbosity.NORMAL) -> str:
    """What the player hears: the room is noisy, and what helps (shorter when terse).

    >>> advice("en", Verbosity.TERSE)
    'Too noisy to hear you well: come closer to the microphone or type the number.'
    """
    from ..words import text

    return text("voice.noisy_terse" if verbosity is Verbosity.TERSE else "voice.noisy", lang)
