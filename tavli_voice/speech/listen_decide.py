"""Deciding what was heard: the phrases on offer, how sure is sure, and what to ask back.

The listener (``listener.py``) runs an engine through these functions:
``recognize`` (a command word not on offer comes back as "not_on_offer",
the plain command words not on offer are decoys), the best of several
versions of one sound (``recognize_best``), "stop" first over the narrator
(``recognize_stop_first``), and a word said over the narrator
(``decide_over_narrator``: acted on, or asked back as ``doubtful``).
``should_confirm`` and ``final_enough`` say whether a result is asked back
or acted on before the hang-over ends; ``explain`` what to say when nothing
was understood, ``not_on_offer`` when a word not on offer was heard.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
from functools import lru_cache
from typing import Literal

from ..command_table import NOT_BY_VOICE as NOT_BY_VOICE  # never said by voice, not even as decoys
from ..commands import COMMAND_NAMES, ChoosePlay, Drop, Quit, Resign, StopSpeech
from ..words import text
from .audio import Samples
from .grammar import Options, Phrase, hint, phrases
from .heard import Heard, Recognizer
from .words import COMMAND_WORDS, Lang

log = logging.getLogger(__name__)

ConfirmPolicy = Literal["never", "unsure", "always"]

#: Commands that always ask "are you sure?" whatever the setting (R9).
DESTRUCTIVE: tuple[type, ...] = (Resign, Drop, Quit)


def explain(heard: Heard, options: Options, lang: Lang, *, noisy: bool = False) -> str:
    """What to say when ``heard`` was not understood: "Not understood: say a number from 1 to 7, …"
    (``noisy``: unless the room is known quiet, naming the answers heard best in noise: ``grammar.hint``)."""
    key = "unsure" if heard.reason == "unsure" else "not_understood"
    return text("voice." + key, lang, hint=hint(options, lang, noisy=noisy))


def not_on_offer(heard: Heard, options: Options, lang: Lang, *, noisy: bool = False,
                 before_roll: bool = False) -> str:
    """What to say when ``heard`` is a command word not on offer (a decoy, reason "not_on_offer"):
    "“roll” is not possible now. Say a number from 1 to 9, …"; ``before_roll`` (the roll phase), a word
    asking for the plays: "Nothing to list yet: roll first."

    >>> not_on_offer(Heard("ρίξε", None, 0.9, 0.0, "whisper", "not_on_offer"), Options(plays=2), "el")
    'Το «ρίξε» δεν γίνεται τώρα. Πες έναν αριθμό από 1 έως 2, ή πες ξανά, σταμάτα, βοήθεια.'
    """
    if heard.text and before_roll and heard.text in _plays_words(lang):
        return text("voice.nothing_to_list", lang)
    return text("voice.not_now", lang, text=heard.text, hint=_capital(hint(options, lang, noisy=noisy)))


@lru_cache(maxsize=2)
def _plays_words(lang: Lang) -> frozenset[str]:
    """The ways of asking for the list of plays ("plays", «κινήσεις»…)."""
    return frozenset(" ".join(v) for v in COMMAND_WORDS["plays"][lang])


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:] + ("" if sentence.endswith(".") else ".")


#: Scores under which an engine counts as unsure. pocketsphinx: its margin over
#: the best rival command, 0.5 at ``engine_sphinx.MARGIN_HALF`` (measured there). Templates:
#: best/second-best ratio 0.9 or less was always right. Whisper (the winner's share
#: of the phrases scored): below 0.5 it asks for 27% of FSDD digits clean, in white
#: and in babble noise at 10 dB, and lets 1 of 34 errors through. Vosk: a guess.
UNSURE_BELOW: dict[str, float] = {"pocketsphinx": 0.5, "templates": 0.1, "whisper": 0.5, "vosk": 0.6,
                                  "pocketsphinx+whisper": 0.5, "whisper+crop": 0.5,
                                  "pocketsphinx+whisper+crop": 0.5, "whisper+crop+moonshine": 0.5}


def should_confirm(heard: Heard, policy: ConfirmPolicy, unsure_below: float | None = None) -> bool:
    """Whether to ask "did you say …?" before acting on ``heard`` (destructive: always); under "unsure", when its
    score is under ``unsure_below`` (default: its engine's ``UNSURE_BELOW``) or it is marked ``Heard.unsure``.

    "Stop" is never asked back: stopping speech is harmless, so it is obeyed
    at once whatever the confidence. A ``doubtful`` word (heard over the
    narrator's voice, not sure) is always asked back, even with "never": the
    narrator's voice in it may have made another word of it.
    """
    if heard.command is None or isinstance(heard.command, StopSpeech):
        return False
    if isinstance(heard.command, DESTRUCTIVE) or policy == "always" or heard.doubtful:
        return True
    limit = unsure_below if unsure_below is not None else UNSURE_BELOW.get(heard.engine, 0.3)
    return policy == "unsure" and (heard.unsure or heard.score < limit)


def final_enough(heard: Heard, options: Options, lang: Lang) -> bool:
    """Whether a guess made during the hang-over can be acted on before the hang-over ends.

    Only a command the engine is sure of (it would not be asked back under
    "unsure") and that no longer phrase on offer begins with: "six" waits for
    the whole hang-over when "sixteen" is on offer (the pause in "six-teen"
    may be the hang-over's start), "three" does not when only ten plays are.
    """
    if heard.command is None or heard.reason or should_confirm(heard, "unsure"):
        return False
    said = _plain(heard.text)
    return not any(_plain(p.text) != said and _plain(p.text).startswith(said) for p in phrases(options, lang))


@lru_cache(maxsize=256)
def _plain(text: str) -> str:
    """Lower case without accents: "δέκα" begins "δεκατρία"."""
    import unicodedata

    folded = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in folded if not unicodedata.combining(c))


@lru_cache(maxsize=64)
def decoys(options: Options, lang: Lang, offered: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """The plain command words *not* on offer now, so that they are heard as what they are.

    Without them a small grammar forces "plays" said in the roll phase onto
    the nearest offered word ("roll"). Words that are also an offered phrase
    are left out.
    """
    taken = {p.words for p in offered}
    out: list[Phrase] = []
    for name, words in COMMAND_WORDS.items():
        if name in options.all_commands or name in NOT_BY_VOICE:  # never said by voice, not even as decoys
            continue
        for variant in words[lang]:
            if variant not in taken:
                taken.add(variant)
                out.append(Phrase(variant, COMMAND_NAMES[name](), decoy=True))
    return tuple(out)


def recognize(engine: Recognizer, audio: Samples, options: Options, lang: Lang) -> Heard:
    """``engine`` on ``audio``; a command word not on offer comes back as "not_on_offer"."""
    offered = phrases(options, lang)
    heard = engine.recognize(audio, offered + decoys(options, lang, offered))
    if DUMP_FOLDER:
        _dump(audio, heard)
    return on_offer_only(heard, offered)


#: A decoy (a command word not on offer) its engine was unsure of (a score under UNSURE_BELOW: it would have been
#: asked back had it been on offer) is asked back as the likeliest command on offer in its ``Heard.shares`` ("stop"
#: aside, never asked back) when that one has at least this part of the decoy's share, by engine: a number badly
#: heard comes out as an unsure short command word. In a reverberant room (RT60 0.5 s, no noise) FSDD "six", "eight"
#: and "nine" came out as "take", "yes" or "no" with the number next, and were "not possible now". FSDD tuning takes
#: (0-39, every 4th, 180 clips a condition), right at once or after asking back: room 94.4% -> 95.6%, pink 10 dB
#: 96.7% -> 98.3%, television 10 dB 42.8% -> 45.6%, quiet 100% both, acted on wrongly unchanged (0, 0, 1, 0); 0.25
#: gained one more number in the room but asked back 5 more decoy words, 0.75 one fewer number. The decoy words said
#: by 7 espeak-ng voices (84 a condition) heard as themselves: room 52 -> 50, quiet 71 -> 69, pink 60 -> 59,
#: television 22 -> 22 (those now asked back as a number, none acted on). Held out (takes 40-49, 180): room 93.9% ->
#: 95.0% (no answer 3.9% -> 1.7%), quiet 100% both; benchmarks/results/voice-en-room-decoys.txt.
DECOY_ASKED_BACK: dict[str, float] = {"whisper+crop": 0.5, "whisper+crop+moonshine": 0.5}
#: ... and, by engine, where the sound came through a narrow band (``Heard.narrow``: nothing above 4 kHz), a play's
#: number on offer that is the unsure decoy's runner-up (the next likeliest command of all, no other word between
#: them) is asked back at any part of the decoy's share. In the room of the bar
#: (reverberation RT60 0.5 s, an 8 kHz band, pink noise at 15 dB) FSDD numbers came out as an unsure "no", "next",
#: "take" or "yes": of the 24 tuning words (takes 0-39, 720 words) so lost, the 7 with a number right behind the
#: decoy (at 0.13-0.31 of its share) were each the number said; the 12 with another word between ("yes", "no",
#: "next", "stop") and a number further down were each another number (9 of them "one"), and DECOY_ASKED_BACK lowered
#: gains one number right for each one asked wrong. Right in the room of the bar 90.4% -> 91.4% on tuning, asked then
#: wrong and acted on wrongly unchanged. With a television at 10 dB (full band: the decoy is often its own talk) it
#: would ask back 50 more of 720 tuning words, 15 of them right, so a full-band sound is left as it was
#: (benchmarks/results/voice-en-after-no.txt).
DECOY_RUNNER_UP_ASKED_BACK: frozenset[str] = frozenset({"whisper+crop", "whisper+crop+moonshine"})


def on_offer_only(heard: Heard, offered: tuple[Phrase, ...]) -> Heard:
    """``heard``, or "not_on_offer" when it is a command word not among ``offered`` (a decoy): said so, never
    taken for the nearest offered word, unless the decoy was unsure and an offered command nearly as likely
    (``DECOY_ASKED_BACK``): that one is asked back, never acted on at once.

    >>> from tavli_voice.commands import ChoosePlay, No
    >>> nine, no = Phrase(("nine",), ChoosePlay(9)), Phrase(("no",), No(), decoy=True)
    >>> heard = Heard("no", No(), 0.42, 1.0, "whisper+crop+moonshine",
    ...               shares=((No(), 0.45), (ChoosePlay(9), 0.44), (ChoosePlay(1), 0.11)))
    >>> asked = on_offer_only(heard, (nine,))
    >>> asked.text, asked.command, asked.unsure, should_confirm(asked, "unsure")
    ('nine', ChoosePlay(number=9), True, True)
    >>> on_offer_only(dataclasses.replace(heard, score=0.8), (nine,)).reason
    'not_on_offer'
    """
    if heard.command is not None and not any(p.command == heard.command for p in offered):
        asked = _decoy_asked_back(heard, offered)
        if asked is not None:
            return asked
        return Heard(heard.text, None, heard.score, heard.ms, heard.engine, "not_on_offer", why=heard.why)
    return heard


def _decoy_asked_back(heard: Heard, offered: tuple[Phrase, ...]) -> Heard | None:
    """The likeliest offered command in ``heard.shares`` as a word to ask back (``Heard.unsure``, its score kept), when
    ``heard`` is a decoy its engine was unsure of and that command has at least ``DECOY_ASKED_BACK`` of its share, or
    is a play's number right behind it in a narrow-band sound (``DECOY_RUNNER_UP_ASKED_BACK``); None otherwise."""
    needed, line, decoy = DECOY_ASKED_BACK.get(heard.engine), UNSURE_BELOW.get(heard.engine, 0.3), heard.command
    if needed is None or decoy is None or heard.score >= line or heard.doubtful:
        return None
    on_offer = {p.command: p for p in reversed(offered)  # each command's first phrase, but "stop" (never asked back)
                if not isinstance(p.command, StopSpeech)}
    shares = dict(heard.shares)
    best = next(((command, share) for command, share in heard.shares if command in on_offer), None)
    mine = shares.get(decoy)
    ranked = sorted(heard.shares, key=lambda command_share: -command_share[1])
    right_behind = heard.narrow and heard.engine in DECOY_RUNNER_UP_ASKED_BACK and best is not None \
        and len(ranked) > 1 and ranked[0][0] == decoy and ranked[1][0] == best[0] and isinstance(best[0], ChoosePlay)
    if best is None or mine is None or best[1] <= 0 or best[1] < needed * mine and not right_behind:
        return None
    phrase = on_offer[best[0]]
    return dataclasses.replace(
        heard, text=phrase.text, command=best[0], reason="", unsure=True,
        rival=(decoy, mine / best[1]), own=None, seconded=None,
        why=f"{heard.why}; the decoy {heard.text!r} unsure ({mine:.2f}), {phrase.text!r} ({best[1]:.2f}) asked back")


def recognize_best(engine: Recognizer, versions: list[Samples], options: Options, lang: Lang) -> Heard:
    """The surest result of ``engine`` over several versions of the same sound."""
    best: Heard | None = None
    for audio in versions:
        heard = recognize(engine, audio, options, lang)
        if best is None or (heard.command is not None, heard.score) > (best.command is not None, best.score):
            best = heard
    assert best is not None
    return best


def recognize_stop_first(engine: Recognizer, versions: list[Samples], options: Options, lang: Lang,
                         first: Heard | None = None) -> Heard:
    """"Stop" if any version of the sound is heard as it (in order), else the first result.

    Over the narrator only "stop" counts: one version in which it is heard is enough.
    ``first``: the result for ``versions[0]``, when already known.
    """
    results: list[Heard] = []
    for k, audio in enumerate(versions):
        heard = first if k == 0 and first is not None else recognize(engine, audio, options, lang)
        if isinstance(heard.command, StopSpeech):
            return heard
        results.append(heard)
    return results[0]


def word_stops(heard: Heard, share: float) -> bool:
    """Whether ``heard``, said over the narrator, is a word on offer clear enough to stop it
    (from ``share`` of the engine's "unsure" score up)."""
    if heard.command is None or heard.reason:
        return False
    return heard.score >= share * UNSURE_BELOW.get(heard.engine, 0.3)


def recognize_over_narrator(engine: Recognizer, versions: list[Samples], options: Options, lang: Lang,
                            share: float, prefer: int | None = None) -> Heard:
    """What the player said over the narrator, from several versions of the same sound.

    The versions (after echo cancellation, after subtracting what was
    played) each hold some of the narrator's voice, which can make another
    word of the player's (measured on the rig, Greek: "πέντε" came out as
    "βοήθεια" from one version and right from the other). A word is acted
    on at once only when every version heard it, or it is sure and no
    version heard another word on offer clearly enough to stop the
    narrator (``share``: see ``word_stops``); otherwise it is ``doubtful``:
    asked back, never acted on as heard. The word asked back is that of
    version ``prefer`` (the one with the narrator's voice taken out best)
    when it heard a word on offer, else the surest.
    """
    results = [recognize(engine, audio, options, lang) for audio in versions]
    return decide_over_narrator(results, share, prefer)


def decide_over_narrator(results: list[Heard], share: float, prefer: int | None = None) -> Heard:
    """The result of :func:`recognize_over_narrator` from each version's result.

    Measured on the rig, Greek numbers over the narrator that the copy the canceller
    made and the copy the fitted filter made heard as different words (18 pairs of
    results kept from five runs): the fitted copy (the narrator 8-32 dB under the word,
    where the canceller's copy leaves it 2-9 dB over the word and damps its start) was
    right 14 times, the canceller's 4 (3 of them the same number, which the fitted copy
    heard as "to point N").
    """
    for heard in results:
        if isinstance(heard.command, StopSpeech):
            return heard
    best = max(results, key=lambda h: (h.command is not None and not h.reason, h.score))
    if prefer is not None and results[prefer].command is not None and not results[prefer].reason:
        best = results[prefer]
    if best.command is None or best.reason:
        return best
    if all(h.command == best.command for h in results):
        return best
    rivals = [h for h in results if h.command is not None and h.command != best.command and word_stops(h, share)]
    if not rivals and not should_confirm(best, "unsure"):
        return best
    return dataclasses.replace(best, doubtful=True)


#: With ``TAVLI_VOICE_DUMP=FOLDER`` every sound recognised is written there as a WAV file
#: named by the time and the result (for finding out why a word was misheard; off by default).
DUMP_FOLDER = os.environ.get("TAVLI_VOICE_DUMP", "")


def _dump(audio: Samples, heard: Heard) -> None:
    """Write ``audio`` to :data:`DUMP_FOLDER` as ``<time>-<engine>-<text>-<score>.wav``."""
    from .audio import write_wav

    name = f"{time.time():.3f}-{heard.engine}-{heard.text or heard.reason or '-'}-{heard.score:.2f}.wav"
    try:
        os.makedirs(DUMP_FOLDER, exist_ok=True)
        write_wav(os.path.join(DUMP_FOLDER, name.replace("/", "_").replace(" ", "_")), audio)
    except OSError:
        log.debug("could not write %s", name, exc_info=True)
