"""What the voice source does with one word heard: the decision, apart from doing it.

:func:`decide` looks at a ``Heard`` (from :mod:`tavli_voice.speech.heard`) and what the
source knows (:class:`VoiceState`: the open question, when the plays were offered, the
confirm policy) and returns a :class:`Decision`: one :class:`Reason` from the table
:data:`REASONS`, which gives its :class:`Action` and the rule written in the session log
("asked back: unsure (score 0.30, confirm unsure)"). :class:`~.voice_input.VoiceSource`
then does the action (acts, asks, answers, says it was not understood, drops or holds).

The rules, in the order they are tried:

1. a number that begins longer ones on offer waits for the rest (``HOLD``);
2. a play's number begun before these plays were offered is dropped;
3. a word not understood is said so;
4. while a question is open: a word begun before it could be heard is dropped; another
   word heard unsure, a play however sure, or a command refused here before, is asked
   back; an unsure yes to a word heard over a question, or with a no (``NEARLY_NO``) or another
   command (``NEARLY_RIVAL``) close behind, or whose own score is under its engine's floor
   (``Heard.floored``), or weighed alone by its engine (unsure by its own score only), or to the
   runner-up's question with under ``RUNNER_UP_YES`` of the share, asks the question again; else the
   word answers it;
5. after a "no" to a play's number, the recogniser's runner-up for that word is asked about at once
   (``ask_runner_up``: its share without the refused one at least ``RUNNER_UP_NEEDED``); a yes acts,
   a no asks for the number again;
6. with no question open: an unsure word said again just after a "no" is acted on when,
   weighed with the refused attempt (``fusion.with_first``), it is sure enough over both
   (``BOTH_NEEDED``) and nearly sure alone (``BOTH_ALONE``; the Greek engine also ``BOTH_OWN``,
   ``BOTH_WEIGHED``); else an unsure word (but one unsure by its score alone that a second engine put first
   too, ``Heard.seconded``, by at least ``SECONDED_SHARE`` with the first engine's share at least
   ``SECONDED_OWN``, at least ``SECONDED_SNR_DB`` over the noise: acted on), or one
   refused here before, or one heard under ``ACT_SNR_DB`` over the noise (but for the only command its
   engine weighed, scoring at least ``LONE_CLEAR_OWN`` a token and at least ``LONE_CLEAR_SNR_DB`` over the
   noise, or one so seconded: acted on), or one with no noise measure
   of its own while the room is noisy (``VoiceState.noisy_room``), or a
   point (``FromPoint``, ``ToPoint``) heard under ``POINT_SNR_DB`` over the noise or with no noise measure, is
   asked back; else it is acted on at once.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import commands as C

#: Commands that answer "did you say …?" (or leave it open: stop).
_ANSWERS = (C.Yes, C.Confirm, C.No, C.Cancel, C.StopSpeech)

#: Commands that choose a play: heard while a question is open, asked back however sure.
_PLAYING = (C.ChoosePlay, C.FromPoint, C.ToPoint)

#: A yes begun less than this long (seconds) after "did you say …?" was asked cannot answer it: the
#: question's words ("did you say ten") take longer to say and hear.
ANSWER_AFTER_S = 0.6

#: An unsure yes whose rival is a no at least this likely (over the yes) is not an answer: asked again.
#: Of 29 yeses Whisper heard on the sound rig with a television on, 7 were unsure with a no at 0.6-0.95
#: of them, one of them a "no" said (0.95). In a later 63-turn match the one wrong play was a "no" to
#: "did you say one?" heard as a yes (share 0.49) with the no at 0.49 of it; the yeses said there that had
#: a no beside them had it at 0.06-0.38 of theirs. On espeak-ng voices in noise (benchmarks/voice_yes_no.py,
#: benchmarks/results/voice-yes-no.txt) a "no" with a television at 10 dB came out as "yes" 0.30 with the no at
#: 0.44 of it; at 0.40 none of the 234 noes made a yes, and 2 more of the 234 yeses were asked again.
NEARLY_NO = 0.4

#: An unsure yes whose rival (any other command: a number, a command word) is at least this likely (over the
#: yes) is not an answer either: asked again. On the rig with a television on, the "no" to "One hundred one,
#: then?" came out as "yes" at a share of 0.17, score 0.10, with play 101 at 1.02 of it, and made play 101;
#: the yeses that answered rightly in five matches had their rivals at 0.30-0.90 of them.
NEARLY_RIVAL = 0.95

#: A yes to the runner-up's question ("Nine, then?") needs at least this share of the phrases scored
#: (``Heard.shares``) when heard unsure, else the question is asked again: the runner-up is right about a
#: third of the times it is asked (benchmarks/results/voice-runner-up.txt), so its yes deserves more doubt
#: than the first question's. See benchmarks/results/voice-yes-no.txt.
RUNNER_UP_YES = 0.3

#: A word heard less than this far over the noise (dB, ``Heard.snr``) is asked back, not acted on at once, however
#: sure: on the rig with a television on, "nineteen" came out as the lone candidate "five" at 5.1 dB and made play
#: 5 (the lone candidates acted on rightly in five matches stood 8.2 dB or more over the noise), and "eight" as
#: "three" at 4.9 dB (share 0.87, "one" beside it) and made play 3 (two other words acted on under 7 dB in four
#: matches were right, at 5.4 and 6.1 dB). FSDD digits 1-9 in noise at 10 dB (benchmarks/voice_yes_no.py --numbers,
#: every 5th file, 180 takes a noise): of the 7 words not lone acted on at once under 7 dB, 1 was wrong ("one" as
#: "three" at 4.5 dB); asking back every word under 7 dB, not only lone ones: television acted on wrongly 1 -> 0,
#: right at once 7 -> 4, babble right at once 22 -> 21, pink 106 -> 104, white and quiet unchanged.
ACT_SNR_DB = 7.0

#: ... but a word its engine weighed alone (the only command in ``Heard.shares``) whose winning phrase scored at
#: least LONE_CLEAR_OWN a token (``Heard.own``, by engine) and that stood at least LONE_CLEAR_SNR_DB over the noise
#: is acted on at once (the other rules still apply: a point, a refused word, an open question). Fitted by
#: benchmarks/voice_act_fit.py (benchmarks/results/voice-act-fit.txt) on FSDD tuning takes and espeak-ng tuning
#: voices in white, pink, babble and television noise at 10 and 5 dB, two noise seeds (14,418 decisions): the
#: limits on a grid acting rightly on the most lone words asked back for the noise alone with none wrong (170 of
#: them). Held out (takes 40-49, other voices, both seeds, 4,212 decisions): right at once 22.8 -> 24.3%, pink
#: 10 dB 53.0 -> 57.3%, pink 5 dB 1.3 -> 7.9%, white 5 dB 0.0 -> 2.6%, television 10 dB 3.6 -> 4.3%, none acted
#: on wrongly that was not before. The television's own "three" is what it must not take: 8_jackson_42 ("eight")
#: held out came out as the lone "three" at -2.21 a token, 6.4 dB over the noise; with one noise seed the fit
#: chose -3.0 a token and 4 dB, and acted on it. The rig's lone "five" for "nineteen" scored -3.78.
LONE_CLEAR_OWN: dict[str, float] = {"whisper+crop": -2.2}
LONE_CLEAR_SNR_DB = 5.0

#: ... and a word a second engine weighed again and put first too (``Heard.seconded``: English Whisper+crop and
#: Moonshine base-en, ``crop.SECOND_OPINION``, ``crop.SECOND_UNDER_SNR_DB``), asked back for the noise alone (under
#: ACT_SNR_DB over it) or for its score alone (``Reason.UNSURE`` by the score, not under its engine's floor), is
#: acted on at once when the second engine gave it at least SECONDED_SHARE of the commands it weighed, the first
#: engine at least SECONDED_OWN, and it stood at least SECONDED_SNR_DB over the noise (the other rules still apply:
#: a point, a refused word, a destructive command, an open question). Fitted by benchmarks/voice_moonshine_act.py
#: (benchmarks/results/voice-en-moonshine-act.txt) on FSDD tuning takes (0-39, every fourth file) in white and pink
#: noise at 10 and 5 dB, babble and a television at 10 dB, two noise seeds (2,160 decisions, 1,228 asked back for
#: the noise or the score alone, 915 of them put first by both, 40 of those wrong): a television's "three" is what
#: it must not take, put first by both at shares 0.58 (Whisper) and 0.82 (Moonshine) 8.3 dB over the noise, and at
#: 0.79 and 0.80; the loosest limits with none wrong were 0.8 (Moonshine), 0.6 (Whisper) and 5.5 dB (the rig's
#: wrong plays stood at 4.9-5.1 dB, so no floor under 5.5), each taken a step stricter: 39 more of the 2,160 tuning
#: words acted on at once, all rightly (right at once pink 5 dB 10.3 -> 12.8%, babble 10 dB 9.7 -> 11.9%, television
#: 5.6 -> 7.2%, pink 10 dB 62.2 -> 64.4%), none wrongly. Over Whisper's share alone (0.85 and 0.6 Moonshine) only 15.
SECONDED_SHARE = 0.9
#: See SECONDED_SHARE.
SECONDED_OWN = 0.65
#: See SECONDED_SHARE.
SECONDED_SNR_DB = 6.0

#: A point ("from 21", "to 3": a checker picked, a step) heard less than this far over the noise (dB, ``Heard.snr``),
#: or with no measure of it (no room around the word), is asked back, not acted on at once: the Greek engine gives
#: 1.00 whenever its two engines agree, whatever the noise, and a point is no play, so nothing asked it back. On the
#: sound rig with a television at 10 dB (the harness says only numbers, yes and no) 22 points were heard in 14
#: matches, none said: the Greek "είκοσι δύο" came out as «από είκοσι μία» at 1.00 with no noise measure and
#: picked a checker, and «τρία» as «στο τρία» at 1.00, 10.6 dB over the noise; the rest stood 6.3-12.5 dB over it.
#: The value is ``crop.SURE_SNR_DB``, where a word stands clear of the noise (a television 20 dB under a word
#: leaves it 26-31 dB over; a quiet room more). Measured in benchmarks/results/voice-points-heard.txt.
POINT_SNR_DB = 21.0

#: A number that begins longer ones on offer waits this long (seconds) for the rest
#: (see ``voice_input.GO_ON_S``, the same value).
GO_ON_S = 0.5


#: A word said again just after a "no", heard unsure, is acted on at once when its share over both attempts
#: (the first attempt's shares times the repeat's, the refused command left out: ``fusion.with_first``) is at
#: least this, by engine (none: the repeat is decided alone, asked back when unsure). English Whisper with the
#: crop, FSDD every fifth clip (benchmarks/results/voice-repeat-fused.txt): right with one question 45.6 ->
#: 47.2% in white 10 dB, 35.6 -> 36.7% pink, 59.4 -> 60.6% babble, none acted on wrongly; out of sample (other
#: tuning files, every held-out take) it acted on 8 repeats, all right. The Greek engine: see BOTH_OWN.
#: English Whisper with the crop and Moonshine's second opinion ("whisper+crop+moonshine": a word it would ask
#: back, its shares fused with Moonshine's, ``crop.SECOND_OPINION``) has none: after the "no" the game asks about
#: the first attempt's runner-up first (RUNNER_UP_NEEDED), and the repeats that agreed with it were that runner-up.
#: FSDD tuning takes (0-39) with the game's decoys, white and television 10 dB, pink 5 dB, babble 10 dB (2,880
#: words, 139 repeats Moonshine weighed): counting every repeat, the loosest share over both with none wrong was
#: 0.96 (BOTH_ALONE 0.4; a television's "three" for "five" stood at 0.951 over both and 0.496 alone, Moonshine
#: agreeing), and 0.97 acted on 3 repeats, right, each the runner-up the game had asked about already; as the game
#: meets the repeats (none after a yes to the runner-up, heard without both after a no to it: 89), every share
#: acting on a right one (0.5-0.9: 10 to 2) acted on that "three" too, and 0.96 and over on none. Held out (takes
#: 40-49, 720 words, 38 such repeats): 0.97 would act on none. benchmarks/results/voice-repeat-fused.txt.
BOTH_NEEDED: dict[str, float] = {"whisper+crop": 0.85, "pocketsphinx+whisper+crop": 0.85}
#: ... and when the repeat's own score is at least this (nearly sure alone: 0.5 acts): in babble the same
#: speaker's next take can be misheard as the first was, and the product then counts one mistake twice.
BOTH_ALONE = 0.4
#: ... and, by engine, when the repeat gave its command at least this share alone and each attempt weighed at
#: least BOTH_WEIGHED commands besides the refused one. The Greek engine caps the words its two engines disagree
#: on at 0.45 (``engine_rescore.OVERRULED_SCORE``), so its score alone parts nothing, and it often weighs only
#: pocketsphinx's few proposals: on its tuning voices wrong repeats reached 0.92-1.00 over both, each either
#: under 0.7 alone or from an attempt that weighed one command; with these it acted on 2 of 735 decisions, both
#: right, and on the held-out variants on 1 of 354, right (benchmarks/results/voice-repeat-fused.txt).
BOTH_OWN: dict[str, float] = {"pocketsphinx+whisper+crop": 0.8}
#: See BOTH_OWN.
BOTH_WEIGHED: dict[str, int] = {"pocketsphinx+whisper+crop": 2}


#: After a "no" to "did you say five?", the recogniser's next likeliest number for that same word (its
#: ``Heard.shares`` without the refused one, made to sum to 1 again) is asked about at once ("Nine, then?")
#: when its share is at least this, by engine (none: the number is said again, as before). Measured in
#: benchmarks/results/voice-runner-up.txt. A runner-up is still asked: only a yes acts. English Whisper with the crop,
#: chosen on FSDD's tuning takes (babble 10 dB: right 86.1 -> 91.0%, the number said again 28.5 -> 20.8%; 0.3 as
#: right as asking every runner-up, with fewer questions); on the held-out takes babble 10 dB right 91.7 -> 94.4%,
#: said again 21.7 -> 14.4%, white 10 dB said again 2.8 -> 0.0%, nothing more acted on wrongly anywhere. The Greek
#: engine, chosen on the tuning voices and small there: held-out variants right +0.0 to +1.4 points (babble 10 dB
#: 66.4 -> 67.8%), nothing more acted on wrongly, but its runner-ups of numbers are often wrong (3 of 15 held out).
#: That gain counted every «ναι» heard; in babble and a television at 10 dB the Greek engine hears «ναι» as itself
#: 33% and 19% of the tuning voices' times, 8% and 25% of the held-out ones' (its two engines both hear «ναι» in
#: noise as «όχι»: benchmarks/results/voice-yes-no-el-noise.txt), so it is mostly gone there, while a wrong
#: runner-up still costs a question: off for Greek until its «ναι» is heard in noise.
#: A word Moonshine's second opinion reordered (``crop.SECOND_OPINION``) is asked about as Whisper's own.
RUNNER_UP_NEEDED: dict[str, float] = {"whisper+crop": 0.3, "whisper+crop+moonshine": 0.3}


def runner_up(heard: Any, refused: Callable[[C.Command], bool],
              on_offer: Callable[[C.Command], bool] = lambda command: True) -> tuple[C.Command, float] | None:
    """The command to ask about after a "no" to ``heard``'s: the likeliest other one in ``heard.shares`` of the
    same kind (a play's number for a play's number: ``ChoosePlay``, ``FromPoint``, ``ToPoint``), on offer and not
    ``refused`` (said no to before where the game is), with its share without ``heard``'s command; None when
    ``heard`` is no play's number or tells no shares.

    >>> from types import SimpleNamespace as Heard
    >>> five = Heard(command=C.ChoosePlay(5), shares=((C.ChoosePlay(5), 0.5), (C.Hint(), 0.3),
    ...                                                (C.ChoosePlay(9), 0.15), (C.ChoosePlay(1), 0.05)))
    >>> runner_up(five, lambda c: False)
    (ChoosePlay(number=9), 0.3)
    >>> runner_up(five, lambda c: c == C.ChoosePlay(9))
    (ChoosePlay(number=1), 0.1)
    """
    command = heard.command
    if not isinstance(command, _PLAYING):
        return None
    shares = dict(getattr(heard, "shares", ()) or ())
    rest = 1.0 - shares.get(command, 0.0)
    offered = [(c, v) for c, v in shares.items()
               if type(c) is type(command) and c != command and not refused(c) and on_offer(c)]
    if not offered or rest <= 0.0:
        return None
    best, share = max(offered, key=lambda cv: cv[1])
    return best, min(1.0, share / rest)


def ask_runner_up(refused_heard: Any, refused: Callable[[C.Command], bool],
                  on_offer: Callable[[C.Command], bool]) -> Decision | None:
    """After a "no" to ``refused_heard``'s command: :data:`Reason.RUNNER_UP` when its :func:`runner_up` (not
    ``refused`` before, ``on_offer``) has at least its engine's :data:`RUNNER_UP_NEEDED` share; None when the
    engine has none, or there is no such runner-up (the number is then said again).

    >>> from types import SimpleNamespace as Heard
    >>> five = Heard(command=C.ChoosePlay(5), engine="e", shares=((C.ChoosePlay(5), 0.5), (C.ChoosePlay(9), 0.3),
    ...                                                           (C.ChoosePlay(1), 0.2)))
    >>> RUNNER_UP_NEEDED["e"] = 0.5
    >>> ask_runner_up(five, lambda c: False, lambda c: True).rule
    'asked back: the runner-up of the word refused (ChoosePlay(number=5)), share 0.60 without it (0.50 needed)'
    >>> ask_runner_up(five, lambda c: False, lambda c: c != C.ChoosePlay(9)) is None  # one not on offer
    True
    >>> del RUNNER_UP_NEEDED["e"]
    """
    needed = RUNNER_UP_NEEDED.get(getattr(refused_heard, "engine", ""))
    if needed is None or refused_heard is None:
        return None
    best = runner_up(refused_heard, refused, on_offer)
    if best is None or best[1] < needed:
        return None
    return Decision(Reason.RUNNER_UP, {"refused": refused_heard.command, "runner_up": best[0], "share": best[1],
                                       "needed": needed})


def with_first(heard: Any, first: Any) -> tuple[C.Command, float] | None:
    """The likeliest command over ``first`` (the attempt just refused with a "no") and ``heard`` (the word
    said again) and its share over both (``fusion.with_first``); None when either tells no shares."""
    from ..speech.fusion import with_first as weigh

    if first is None or not getattr(first, "shares", ()) or not getattr(heard, "shares", ()):
        return None
    return weigh(first.shares, heard.shares, first.command)


def _own_enough(heard: Any, first: Any) -> bool:
    """Whether the repeat ``heard`` gave its command at least its engine's ``BOTH_OWN`` share alone and each
    attempt weighed at least ``BOTH_WEIGHED`` commands besides the refused one (true for an engine with neither).

    >>> from types import SimpleNamespace as Heard
    >>> first = Heard(command="a", shares=(("a", 0.5), ("b", 0.3), ("c", 0.2)))
    >>> again = Heard(engine="pocketsphinx+whisper+crop", command="b", shares=(("b", 0.9), ("c", 0.1)))
    >>> _own_enough(again, first), _own_enough(Heard(**{**vars(again), "shares": (("b", 1.0),)}), first)
    (True, False)
    """
    own = dict(heard.shares).get(heard.command, 0.0) >= BOTH_OWN.get(heard.engine, 0.0)
    weighed = min(sum(1 for command, _ in attempt.shares if command != first.command) for attempt in (first, heard))
    return own and weighed >= BOTH_WEIGHED.get(heard.engine, 0)


def _nearly_no(heard: Any) -> bool:
    """Whether ``heard`` (a yes) had a no nearly as likely (``NEARLY_NO``)."""
    rival = getattr(heard, "rival", None)
    return rival is not None and isinstance(rival[0], (C.No, C.Cancel)) and rival[1] >= NEARLY_NO


def _nearly_rival(heard: Any) -> bool:
    """Whether ``heard`` (a yes) had another command nearly as likely (``NEARLY_RIVAL``).

    >>> from types import SimpleNamespace as Heard
    >>> _nearly_rival(Heard(rival=(C.ChoosePlay(101), 1.02))), _nearly_rival(Heard(rival=(C.Hint(), 0.9)))
    (True, False)
    """
    rival = getattr(heard, "rival", None)
    return rival is not None and rival[1] >= NEARLY_RIVAL


def _share(heard: Any) -> float | None:
    """``heard``'s command's share of the phrases its engine scored (None: the engine tells none)."""
    shares = dict(getattr(heard, "shares", ()) or ())
    return shares.get(heard.command) if shares else None


def _doubtful_yes(heard: Any, state: VoiceState) -> Decision | None:
    """Why an unsure yes to the open question asks it again rather than answering it (None: it answers it)."""
    # on the rig with a television on, the "no" to "One hundred one, then?" came out as a yes at a
    # share of 0.17 with play 101 at 1.02 of it, and made play 101
    if _nearly_rival(heard):
        return Decision(Reason.UNSURE_YES_NEAR_RIVAL, {"rival": heard.rival[0], "ratio": heard.rival[1],
                                                       "needed": NEARLY_RIVAL})
    if getattr(heard, "floored", False):
        # a yes whose own score is under its engine's floor (crop.SCORE_FLOOR): on the rig with a television the
        # "no" to the turn's first question came out as a yes at -5.18 and -5.22 a token (rivals 'one' at 0.90 and
        # 0.50 of it) and made play 1 twice; the yeses said there that scored under the floor scored -4.01 to -4.16
        # (4 in four matches, each now asked again). espeak-ng yeses (benchmarks/voice_yes_no.py) asked again with
        # a television at 10 dB 3 -> 4 of 39, at 5 dB 18 -> 22 of 39, none lost; other noises unchanged
        return Decision(Reason.UNSURE_YES_FLOORED)
    if len(getattr(heard, "shares", ()) or ()) == 1:
        # a lone yes is unsure only by its own score (crop.LONE_FLOOR, SCORE_FLOOR): on the rig with a
        # television the "no" to "did you say one?" came out as the only candidate "yes" at -3.42 a token
        # and made play 1
        return Decision(Reason.UNSURE_YES_LONE)
    share = _share(heard)
    if state.runner_up and share is not None and share < RUNNER_UP_YES:
        return Decision(Reason.UNSURE_YES_TO_RUNNER_UP, {"share": share, "needed": RUNNER_UP_YES})
    return None


def _low_in_noise(heard: Any) -> bool:
    """Whether ``heard`` stood under ``ACT_SNR_DB`` over the noise (False with no measure: a quiet room).

    >>> from types import SimpleNamespace as Heard
    >>> five = Heard(command=C.ChoosePlay(5), shares=((C.ChoosePlay(5), 1.0),), snr=5.1)
    >>> [_low_in_noise(Heard(**{**vars(five), "snr": snr})) for snr in (5.1, 8.2, None)]
    [True, False, False]
    """
    snr = getattr(heard, "snr", None)
    return snr is not None and snr < ACT_SNR_DB


def _clear_lone(heard: Any) -> bool:
    """Whether ``heard`` was the only command its engine weighed, its winning phrase scored at least its engine's
    ``LONE_CLEAR_OWN`` a token (``Heard.own``), and it stood at least ``LONE_CLEAR_SNR_DB`` over the noise.

    >>> from types import SimpleNamespace as Heard
    >>> five = Heard(command=C.ChoosePlay(5), engine="whisper+crop", shares=((C.ChoosePlay(5), 1.0),), own=-1.9,
    ...              snr=5.1)
    >>> [_clear_lone(Heard(**{**vars(five), "own": own})) for own in (-1.9, -3.78, None)]
    [True, False, False]
    >>> [_clear_lone(Heard(**{**vars(five), "snr": snr})) for snr in (4.9, None)]
    [False, False]
    >>> _clear_lone(Heard(**{**vars(five), "shares": ((C.ChoosePlay(5), 0.87), (C.ChoosePlay(1), 0.13))}))
    False
    """
    needed = LONE_CLEAR_OWN.get(getattr(heard, "engine", ""))
    own, snr = getattr(heard, "own", None), getattr(heard, "snr", None)
    return needed is not None and own is not None and own >= needed and snr is not None \
        and snr >= LONE_CLEAR_SNR_DB and len(getattr(heard, "shares", ()) or ()) == 1


def _seconded(heard: Any) -> bool:
    """Whether a second engine put ``heard``'s command first too (``Heard.seconded``) with at least
    ``SECONDED_SHARE`` of the commands it weighed, the first engine gave it at least ``SECONDED_OWN``, and it stood
    at least ``SECONDED_SNR_DB`` over the noise.

    >>> from types import SimpleNamespace as Heard
    >>> six = Heard(command=C.ChoosePlay(6), seconded=(0.9, 0.95), snr=SECONDED_SNR_DB)
    >>> [_seconded(Heard(**{**vars(six), "seconded": both})) for both in ((0.9, 0.95), (0.9, 0.3), None)]
    [True, False, False]
    >>> [_seconded(Heard(**{**vars(six), "snr": snr})) for snr in (SECONDED_SNR_DB - 0.1, None)]
    [False, False]
    """
    both, snr = getattr(heard, "seconded", None), getattr(heard, "snr", None)
    return both is not None and both[0] >= SECONDED_OWN and both[1] >= SECONDED_SHARE and snr is not None \
        and snr >= SECONDED_SNR_DB


def _point_in_noise(heard: Any) -> bool:
    """Whether ``heard`` is a point ("from 21", "to 3") heard under ``POINT_SNR_DB`` over the noise or with no
    measure of it.

    >>> from types import SimpleNamespace as Heard
    >>> from_21 = Heard(command=C.FromPoint(21), snr=None)
    >>> [_point_in_noise(Heard(**{**vars(from_21), "snr": snr})) for snr in (None, 10.6, 21.0, 35.0)]
    [True, True, False, False]
    >>> _point_in_noise(Heard(command=C.ChoosePlay(21), snr=None))
    False
    """
    snr = getattr(heard, "snr", None)  # no measure: as low as can be (a POINT_SNR_DB of -inf turns the rule off)
    return isinstance(heard.command, (C.FromPoint, C.ToPoint)) and (-math.inf if snr is None else snr) < POINT_SNR_DB


class Action(enum.Enum):
    """What the voice source does with a word heard."""

    ACT = "act"              #: the command goes to the session now
    ASK_BACK = "ask back"    #: the command is held and "did you say …?" asked
    ASK_AGAIN = "ask again"  #: the open question is asked again, its command still held
    ANSWER = "answer"        #: the word answers the open question (yes, no, or another command)
    SAY_SO = "say so"        #: not understood: what can be said is told
    DROP = "drop"            #: dropped, logged only; the question (if any) stays open
    HOLD = "hold"            #: held for the rest of a longer number


class Reason(enum.Enum):
    """Why a word got its action; :data:`REASONS` gives each one's action and logged rule."""

    GOES_ON = "goes_on"
    BEFORE_PLAYS = "before_plays"
    NOT_UNDERSTOOD = "not_understood"
    BEFORE_QUESTION = "before_question"
    OVER_QUESTION = "over_question"
    UNSURE_YES_OVER_QUESTION = "unsure_yes_over_question"
    UNSURE_YES_NEAR_NO = "unsure_yes_near_no"
    UNSURE_YES_AFTER_UNCLEAR = "unsure_yes_after_unclear"
    UNSURE_YES_NEAR_RIVAL = "unsure_yes_near_rival"
    UNSURE_YES_TO_RUNNER_UP = "unsure_yes_to_runner_up"
    UNSURE_YES_LONE = "unsure_yes_lone"
    UNSURE_YES_FLOORED = "unsure_yes_floored"
    ANSWERS = "answers"
    UNSURE = "unsure"
    LOW_IN_NOISE = "low_in_noise"
    CLEAR_LONE = "clear_lone"
    SECONDED = "seconded"
    UNMEASURED_IN_NOISE = "unmeasured_in_noise"
    POINT_IN_NOISE = "point_in_noise"
    REFUSED_BEFORE = "refused_before"
    SURE_WITH_FIRST = "sure_with_first"
    SURE = "sure"
    RUNNER_UP = "runner_up"


#: Each reason's action and the rule the session log gives (formatted with the decision's facts).
REASONS: dict[Reason, tuple[Action, str]] = {
    Reason.GOES_ON: (Action.HOLD,
                     "held {go_on} s for the rest of a number that begins longer ones"),
    Reason.BEFORE_PLAYS: (Action.DROP, "dropped: begun before these plays were offered"),
    Reason.NOT_UNDERSTOOD: (Action.SAY_SO, "not understood ({why}): said so"),
    Reason.BEFORE_QUESTION: (Action.DROP,
                             "dropped: begun before the open question could be heard"),
    Reason.OVER_QUESTION: (Action.ASK_BACK, "asked back: another word while a question is open"),
    Reason.UNSURE_YES_OVER_QUESTION: (Action.ASK_AGAIN,
                                      "asked again: an unsure yes to a word heard over a question"),
    Reason.UNSURE_YES_NEAR_NO: (Action.ASK_AGAIN,
                                "asked again: an unsure yes with a no close behind"),
    Reason.UNSURE_YES_AFTER_UNCLEAR: (Action.ASK_AGAIN,
                                      "asked again: an unsure yes after a word not understood while the question "
                                      "was open"),
    Reason.UNSURE_YES_NEAR_RIVAL: (Action.ASK_AGAIN,
                                   "asked again: an unsure yes with {rival} close behind ({ratio:.2f} of it, "
                                   "{needed:.2f} enough)"),
    Reason.UNSURE_YES_TO_RUNNER_UP: (Action.ASK_AGAIN,
                                     "asked again: an unsure yes to the runner-up's question (share {share:.2f}, "
                                     "{needed:.2f} needed)"),
    Reason.UNSURE_YES_LONE: (Action.ASK_AGAIN,
                             "asked again: an unsure yes its engine weighed alone (no rival to measure it by)"),
    Reason.UNSURE_YES_FLOORED: (Action.ASK_AGAIN,
                                "asked again: a yes whose own score is under its engine's floor"),
    Reason.ANSWERS: (Action.ANSWER, "the answer to the open question about {held}"),
    Reason.UNSURE: (Action.ASK_BACK, "asked back: unsure (score {score:.2f}, confirm {confirm})"),
    Reason.REFUSED_BEFORE: (Action.ASK_BACK, "asked back: refused here before"),
    Reason.UNMEASURED_IN_NOISE: (Action.ASK_BACK, "asked back: no noise measure of its own (the sound was all "
                                                   "word) in a room whose last words stood under the noise"),
    Reason.LOW_IN_NOISE: (Action.ASK_BACK, "asked back: {snr:.1f} dB over the noise ({needed:.1f} needed to act "
                                           "at once)"),
    Reason.CLEAR_LONE: (Action.ACT, "acted on at once: the only command its engine weighed, scored {own:.2f} a "
                                     "token ({needed:.2f} enough), {snr:.1f} dB over the noise"),
    Reason.SECONDED: (Action.ACT, "acted on at once: likeliest by both engines, shares {own:.2f} and {second:.2f} "
                                  "({needed_own:.2f} and {needed:.2f} enough), {snr:.1f} dB over the noise "
                                  "({needed_snr:.1f} enough)"),
    Reason.POINT_IN_NOISE: (Action.ASK_BACK, "asked back: a point heard {level} ({needed:.1f} dB over it needed "
                                             "to act on a point)"),
    Reason.SURE_WITH_FIRST: (Action.ACT, "acted on at once: said again after a no, share {both:.2f} over both "
                                         "attempts ({needed:.2f} needed; score {score:.2f} alone, {alone:.2f} needed)"),
    Reason.SURE: (Action.ACT, "acted on at once (score {score:.2f}, confirm {confirm})"),
    Reason.RUNNER_UP: (Action.ASK_BACK, "asked back: the runner-up of the word refused ({refused}), share "
                                        "{share:.2f} without it ({needed:.2f} needed)"),
}


@dataclass(frozen=True, slots=True)
class VoiceState:
    """What the voice source knows when a word comes (times on the listener's clock)."""

    confirm: str = "unsure"
    #: when the plays on offer were offered; -inf before any
    offered_at: float = -math.inf
    #: the command held by the open question, None while none is open
    held: C.Command | None = None
    #: when the open question was asked; -inf while none is open
    asked_at: float = -math.inf
    #: whether the held command was heard while another question was open
    held_over_question: bool = False
    #: whether a word not understood or not on offer was heard while the open question waited (its answer,
    #: likely, misheard: an unsure yes after it asks the question again)
    unclear_over_question: bool = False
    #: the word just refused with a "no" (its Heard), when this word is the next one said after it;
    #: None otherwise
    first: Any = None
    #: whether the open question is the runner-up's, asked after a "no" ("Nine, then?")
    runner_up: bool = False
    #: whether the room is noisy now: most of the last words measured stood under ``voice_noise.POOR_SNR_DB``
    #: over the noise (``NoiseWatch.noisy``); a word with no noise measure of its own is then asked back. Not
    #: ``App.noisy_answers`` (the questions' ``_noisy`` forms), which holds until the room is known quiet
    noisy_room: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """A :class:`Reason`, its :class:`Action` and the rule for the session log."""

    reason: Reason
    facts: dict[str, object] = field(default_factory=dict)

    @property
    def action(self) -> Action:
        return REASONS[self.reason][0]

    @property
    def rule(self) -> str:
        return REASONS[self.reason][1].format(**self.facts)

    def said(self, lang: str) -> str:
        """The decision in ``lang``'s words, from the phrasebook (``voice.why.<reason>``): the rule the log
        writes, for the player ("asked back: the word stood only 3.0 dB over the noise …").

        >>> Decision(Reason.LOW_IN_NOISE, {"snr": 3.0, "needed": ACT_SNR_DB}).said("el")
        'ρωτάει πρώτα: η λέξη ακούστηκε μόνο 3,0 ντεσιμπέλ πάνω από τον θόρυβο (χρειάζονται 7,0 για να γίνει αμέσως)'
        """
        from ..speech.grammar import words_for
        from ..words import text

        key = f"voice.why.{self.reason.value}"
        if self.reason is Reason.UNSURE:
            key += "." + str(self.facts.get("because", "score"))
        elif self.reason is Reason.POINT_IN_NOISE and self.facts.get("snr") is None:
            key += ".unmeasured"
        values: dict[str, str] = {}
        for name, value in self.facts.items():
            if isinstance(value, float):
                tenths = name in ("snr", "go_on", "needed_snr") or name == "needed" and self.reason in _NEEDED_DB
                written = f"{value:.1f}" if tenths else f"{value:.2f}"
                values[name] = written.replace(".", ",") if lang == "el" else written
            elif type(value) in _COMMANDS:
                values[name] = words_for(value, lang)  # type: ignore[arg-type]
            else:
                values[name] = str(value)
        return text(key, lang, **values)


#: Reasons whose "needed" is decibels over the noise (said to a tenth, as "snr" is), not a share or a score.
_NEEDED_DB = frozenset({Reason.LOW_IN_NOISE, Reason.POINT_IN_NOISE})

#: The command classes, whose values in a decision's facts are said in words ("six", «από είκοσι ένα»).
_COMMANDS = frozenset(C.COMMAND_NAMES.values())


def decide(heard: Any, state: VoiceState, was_refused: Callable[[C.Command], bool], *,
           goes_on: bool = False) -> Decision:
    """The decision for ``heard`` (see the module docstring for the rules, in order).

    ``was_refused(command)`` says whether the player said no to ``command`` where the game
    is now; it is asked only when a rule needs it. ``goes_on``: ``heard`` is a number that
    begins longer ones on offer, and no number is held already.

    >>> from tavli_voice.speech.heard import Heard
    >>> sure = Heard("six", C.ChoosePlay(6), 0.9, 0.0, "vosk")
    >>> decide(sure, VoiceState(), lambda c: False).rule
    'acted on at once (score 0.90, confirm unsure)'
    >>> decide(sure, VoiceState(held=C.ChoosePlay(1), asked_at=-5.0), lambda c: False).action
    <Action.ASK_BACK: 'ask back'>
    """
    from ..speech.listen_decide import DESTRUCTIVE
    from ..speech.listener import should_confirm

    command = heard.command
    score = {"score": heard.score, "confirm": state.confirm}
    if goes_on:
        return Decision(Reason.GOES_ON, {"go_on": GO_ON_S})
    if isinstance(command, C.ChoosePlay) and heard.began is not None \
            and heard.began < state.offered_at:
        return Decision(Reason.BEFORE_PLAYS)
    if command is None:
        return Decision(Reason.NOT_UNDERSTOOD, {"why": heard.reason or "nothing"})
    if state.held is not None:
        if heard.began is not None and not isinstance(command, C.StopSpeech) \
                and (heard.began < state.asked_at or isinstance(command, (C.Yes, C.Confirm))
                     and heard.began < state.asked_at + ANSWER_AFTER_S):
            # said before the open question was asked: not its answer (an earlier one's,
            # or a word heard late), nor a yes begun before its first words could be heard
            # (on the rig a television's talk came out as "ten" and 0.5 s later as "yes",
            # and play 10 was made before the player spoke); the question stays open
            return Decision(Reason.BEFORE_QUESTION)
        if not isinstance(command, _ANSWERS) and (should_confirm(heard, "unsure")
                                                  or isinstance(command, _PLAYING)
                                                  or was_refused(command)):
            # another word, heard unsure, or a play however sure, while a question is open:
            # asked back in its turn, most likely the answer misheard (measured on the rig: a
            # Greek "ναι" came out as "ένα" and chose play 1; with a television on, "no" to
            # "did you say a hundred and twelve?" came out as a sure "three" and made play 3)
            return Decision(Reason.OVER_QUESTION)
        if isinstance(command, (C.Yes, C.Confirm)) and should_confirm(heard, "unsure") \
                and (state.held_over_question or state.unclear_over_question or _nearly_no(heard)):
            # a word heard while another question was open is likely the player's answer
            # misheard: an unsure yes does not make it a play, the question is asked again
            # (on the rig with a television on, "no" came out as an unsure "three", was
            # asked back, and the next number said, "nine", as a "yes" at 0.32). An unsure
            # yes to a first question still answers it (7 of 12 yeses on the rig were unsure),
            # unless "no" was nearly as likely (on the rig with a television on, the "no" to
            # "did you say nine?" came out as "yes" 0.27 against "no" 0.25 and made play 9), nor after a word not
            # understood while the question waited (on the rig with a television on, the "no" to "did you say
            # two?" came out as the decoy "undo", said not possible, and the "eight" said next as "yes" at 0.47,
            # which made play 2)
            return Decision(Reason.UNSURE_YES_OVER_QUESTION if state.held_over_question
                            else Reason.UNSURE_YES_AFTER_UNCLEAR if state.unclear_over_question
                            else Reason.UNSURE_YES_NEAR_NO)
        if isinstance(command, (C.Yes, C.Confirm)) and should_confirm(heard, "unsure"):
            doubt = _doubtful_yes(heard, state)
            if doubt is not None:
                return doubt
        return Decision(Reason.ANSWERS, {"held": state.held})
    if should_confirm(heard, state.confirm):  # type: ignore[arg-type]
        needed = BOTH_NEEDED.get(heard.engine)
        both = with_first(heard, state.first) if needed is not None and state.confirm == "unsure" \
            and not heard.doubtful and not isinstance(command, DESTRUCTIVE) else None
        if both is not None and needed is not None and both[0] == command and both[1] >= needed \
                and heard.score >= BOTH_ALONE and _own_enough(heard, state.first) and not was_refused(command):
            # the repeat agrees with what the first attempt found next likeliest after the refused word (and is not
            # a word refused too: the runner-up said no to, now listened for in the repeat)
            return Decision(Reason.SURE_WITH_FIRST, {**score, "both": both[1], "needed": needed,
                                                           "alone": BOTH_ALONE})
        because = "destructive" if isinstance(command, DESTRUCTIVE) else "doubtful" if heard.doubtful \
            else "always" if state.confirm == "always" else "score"
        if because != "score" or heard.floored or not _seconded(heard):
            return Decision(Reason.UNSURE, {**score, "because": because})
        seconded = True  # unsure by its score alone, and both engines put it first
    else:
        seconded = _low_in_noise(heard) and _seconded(heard)
    if was_refused(command):
        return Decision(Reason.REFUSED_BEFORE)
    return _in_noise(heard, state, seconded) or Decision(Reason.SURE, score)


def _in_noise(heard: Any, state: VoiceState, seconded: bool = False) -> Decision | None:
    """Why a word the engine is sure of (or one both engines put first: ``seconded``) is still asked back because
    of the noise around it, or None; a ``seconded`` word otherwise acted on is :data:`Reason.SECONDED`."""
    if isinstance(heard.command, C.StopSpeech):
        return None  # stopping speech is harmless
    clear_lone = False
    if _low_in_noise(heard) and not seconded:
        # on the rig with a television on, "eight" came out as "three" 4.9 dB over the noise, share 0.87, and
        # made play 3; "nineteen" as the lone candidate "five" 5.1 dB over it, share 1.00 (scoring -3.78 a
        # token), and made play 5. A lone candidate that scored well is acted on all the same (LONE_CLEAR_OWN),
        # and so is a word both engines put first over SECONDED_SNR_DB (SECONDED_SHARE)
        if not _clear_lone(heard):
            return Decision(Reason.LOW_IN_NOISE, {"snr": heard.snr, "needed": ACT_SNR_DB})
        clear_lone = True
    if state.noisy_room and getattr(heard, "snr", None) is None:
        # on the rig with a television on, "six" came out as "three" (share 0.87) and "thirty" as the lone "three"
        # with no noise measure (the crop was the whole sound: the television's talk joined to the word) while the
        # words before stood 7-10 dB over the noise, and both were played: 2 of the 3 such words acted on in that
        # match, 2 of 13 over five English matches
        return Decision(Reason.UNMEASURED_IN_NOISE)
    if _point_in_noise(heard):
        # on the rig with a television on, the Greek "είκοσι δύο" came out as «από είκοσι μία» at 1.00 (both its
        # engines agreeing) with no noise measure, and picked a checker the player never named
        return Decision(Reason.POINT_IN_NOISE, {"level": "with no noise measure" if heard.snr is None
                                                else f"{heard.snr:.1f} dB over the noise", "needed": POINT_SNR_DB,
                                                "snr": heard.snr})
    if clear_lone:
        return Decision(Reason.CLEAR_LONE, {"own": heard.own, "needed": LONE_CLEAR_OWN[heard.engine],
                                            "snr": heard.snr})
    if seconded:
        return Decision(Reason.SECONDED, {"own": heard.seconded[0], "second": heard.seconded[1],
                                          "needed_own": SECONDED_OWN, "needed": SECONDED_SHARE, "snr": heard.snr,
                                          "needed_snr": SECONDED_SNR_DB})
    return None
