"""The listener's tuning values, in one frozen settings value (``ListenerTuning``).

Each value is where it was measured: the figures in the comments come from
the sound rig (``tests/sound_rig.py``, ``benchmarks/e2e_sound.py``). The
listener and its parts (``listen_frames``, ``listen_guess``,
``listen_overlap``, ``listen_decide``) read them from here; a test or a
benchmark changes one with ``dataclasses.replace``.

>>> ListenerTuning().speculate_s
0.02
>>> ListenerTuning(speculate_s=None).speculate_s is None
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ListenerTuning:
    """How the listener hears, guesses early and judges sound over the narrator."""

    # --- what the narrator's voice is -------------------------------------------------
    #: after the narrator stops, its loudspeaker's last sound reaches the microphone within
    #: this time (counted from when a block was captured): sound then may be the narrator's
    tail_s: float = 0.15
    #: how long the sound over the narrator is when it is checked against what was played
    barge_check_s: float = 0.15
    #: the sound system went away: try the microphone again this often
    retry_s: float = 1.0

    # --- guessing early ---------------------------------------------------------------
    #: start recognising after this much quiet, while the hang-over still runs (None: off). A
    #: pause inside a word starts a guess too: when speech goes on it gives up at the engine's
    #: next step (``while_wanted``), so guessing early costs little. On the sound rig with both
    #: cores busy, Greek end of word to action (median of one run of 12 words): 260 ms after
    #: 60 ms of quiet, 223 ms after 40, 219 ms after 20 (the microphone's blocks are 20 ms);
    #: 240 ms over ten runs (120 words) after 20, with runs' medians from 207 to 267 ms.
    speculate_s: float | None = 0.02
    #: the same over the narrator's voice, where only "stop" counts (it is obeyed at once)
    speculate_muted_s: float = 0.04
    #: act on a sure guess made during the hang-over without waiting for its end
    early: bool = True

    # --- sound over the narrator ------------------------------------------------------
    #: over the narrator, stop it only once a word on offer is recognised (not on sound
    #: alone); None: whenever the game's own voice may reach the microphone (a check against
    #: what was played is given). Measured on the rig with the speaker routed into the
    #: microphone: barge-in on sound alone stopped the narrator on its own voice about once
    #: every 100 s, as the canceller lets a little of it through at moments.
    barge_on_words: bool | None = None
    #: a barge-in needs this much of the sound left after echo cancellation (dB against before)
    barge_left_db: float = -12.0
    #: after a barge-in, the speaker's last sound reaches the microphone within this time
    settle_s: float = 0.13
    #: 10 ms frames of the narrator the canceller hears before a barge-in counts
    settle_frames: int = 300
    #: a word over the narrator stops it from this share of the engine's "unsure" score up
    #: (it is then asked back or acted on as any word); below, the narrator goes on
    barge_word_share: float = 0.5
    #: a word on offer heard under the floor of ``barge_word_share`` in a sound the fitted
    #: filter found the player in is asked back from this share of the engine's "unsure"
    #: score up (the floor is there against the narrator's own voice)
    clear_word_share: float = 0.2
    #: pause as soon as sound starts over the narrator (else once it passed the checks)
    pause_at_onset: bool = True
    #: the newest sound the canceller's level is judged on at the onset ...
    onset_check_s: float = 0.05
    #: ... of which at least this much must be left (dB against before) to pause there
    onset_left_db: float = -6.0
    #: the newest sound the fitted filter judges at the onset
    onset_fit_s: float = 0.1
    #: the microphone before a sound over the narrator that the speaker-to-microphone path
    #: is fitted on too, to take the narrator out of the sound (``double_talk_remainder``)
    fit_s: float = 0.6
    #: sound over the narrator that the fitted filter leaves this much of (dB against the
    #: sound) holds someone else's voice (``player_under_narrator``)
    under_narrator_db: float = -12.0
    #: the fitted filter knows the path when it took this much out of the narrator before (dB)
    fitted_known_db: float = 25.0
    #: a check made up to this long after the sound began is judged on the narrator before it
    since_max_s: float = 1.0
    #: a fitted filter that leaves more than this (dB against the sound) does not fit there
    fitted_worse_db: float = 1.0
    #: a sound that began over the narrator is the player's alone when the narrator has
    #: stopped by its end and less than this share of it is explained by what was played
    alone_explained: float = 0.2

    # --- background speech (a television across the room: ``listen_level.LevelGate``) ---------
    #: sound more than this under the player's recent sure words is background (dB); None: off.
    #: Measured offline on the rig's Greek match at 10 dB SNR (the loudest 0.2 s): the player's
    #: words at -20 to -16 dBFS, utterances started by the television alone at -30 to -27
    background_player_db: float | None = 8.0
    #: sound less than this over the microphone's long-run median level is background (dB; the
    #: same match: the median at -33 dBFS, the television's utterances 6 dB over it at most, the
    #: player's words 13 dB over it at least)
    background_floor_db: float = 8.0
    #: an answer to a question, or a play's number, said over the narrator counts (with
    #: ``barge_in="ignore"``) when what was played explains less than ``alone_explained`` of it
    answers_over_narrator: bool = True

    # --- the microphone's clock -------------------------------------------------------
    #: the microphone's clock set again by at least this much counts as a move of the path to
    #: the speaker (less is within the fitted filter's 1 ms, and is frequent: the earliest of
    #: the bursts' time stamps is taken: 47 of 62 moves in a run on the rig)
    mic_move_s: float = 0.001
    #: a microphone block this much later than the time it should have been captured at ...
    late_s: float = 0.25
    #: ... moves the microphone's clock only once the blocks stay that late this long
    #: (samples lost); a late burst catches up long before (``MicFrames.anchor``)
    late_for_s: float = 0.5
