"""pocketsphinx proposes, a multilingual Whisper chooses among its proposals.

For Greek neither engine is good alone: pocketsphinx hears Greek through an
English acoustic model and a Greek phone lexicon (fast, but it confuses
near-homophones such as "είκοσι εννέα" / "είκοσι μία"), and the multilingual
Whisper base hears Greek but is slow over a whole turn's phrases and weaker
alone (see ``benchmarks/voice.py --greek-engines``). Together:

1. pocketsphinx decodes the utterance against the turn's grammar and gives
   its n-best list;
2. the commands of its first ``depth`` distinct phrases are the candidates
   (its own answer among them); when it heard no phrase at all, its result
   stands;
3. Whisper scores those phrases (its own answer's phrases too, when its
   answer is not among them): constrained decoding of only those phrases,
   usually one decoder pass over all of them. Not the other ways of saying
   a candidate (μία for ένα): its n-best list holds the ones that sound
   like the utterance, and every phrase is a row of the decoder pass (on
   ``benchmarks/voice.py --greek-engines``, 1,533 clips: the same answers
   but one, decision p95 229 -> 172 ms). Each command gets Whisper's best
   mean log-probability per token plus
   ``weight`` times pocketsphinx's log-probability relative to its best
   candidate (natural log);
4. the best command wins. When it is pocketsphinx's own choice and Whisper
   finds it likely enough (mean log-probability per token at least
   ``vouch``), the score is pocketsphinx's confidence, raised to
   ``AGREED_SCORE`` when Whisper is sure of it too: it finds it likely
   (at least ``AGREE_LIKELY``), prefers it by itself (``AGREE_OWN_LEAD``
   ahead of every other candidate) and the two together put it
   ``AGREE_LEAD`` ahead (natural log). Both engines sure of the same answer, it is acted on
   without "did you say …?" (in noise only when pocketsphinx is sure of it by itself: ``AGREE_IN_NOISE``).
   When Whisper overrules pocketsphinx for another
   of its proposals and clearly hears it (the same three measures, at least
   ``OVERRULE``; never as shipped), that word too is acted on at once. Otherwise the score
   is capped at ``OVERRULED_SCORE``, under every "did you say …?" limit: the
   engines disagreed, or Whisper does not hear that phrase either, so the
   game asks before acting. ``benchmarks/greek_fit.py`` fits the limits on
   recorded scores of the tuning voices. A near-homophone (``SIBLING_LETTERS``),
   or in noise a number whose words are another's on offer but the last
   («είκοσι τρία», «είκοσι τέσσερα»: Whisper scores those too, ``TAIL_LEAD``),
   is acted on at once only when Whisper clearly prefers it. A decoy yes or no (a command word not on
   offer) wins only when clearly said (``DECOY_HANDICAP``).

The result's ``engine`` is "pocketsphinx+whisper" when Whisper was asked.
Whisper's encoder does not need pocketsphinx's answer, so with ``overlap``
it encodes the audio in a second thread while pocketsphinx decodes (both
leave Python's lock while they compute).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..commands import Command, StopSpeech
from .audio import Samples
from .crop import handicapped
from .engine_sphinx import _LOG_BASE, RESCORED_REMOVE_NOISE_BELOW, SphinxRecognizer, edges_db
from .engine_whisper import WhisperRecognizer
from .fusion import command_shares, fused_scores
from .grammar import Phrase
from .heard import Heard, give_up_if_unwanted

#: Distinct phrases of pocketsphinx's n-best list whose commands are candidates (read from its
#: first ``PATHS`` paths). 12 of 100 paths rather than 8 of 30: in noise the word said was often
#: missing from the 30 paths (1-8 distinct phrases). On the voice benchmark's Greek tuning voices
#: (benchmarks/voice.py --lang el --part tuning --variants 1000 --step 13, 207 clips a condition),
#: right at once or after asking back quiet 90.9% -> 90.9%, white 10 dB 77.3% -> 78.3% (no answer
#: 3.4% -> 0%), babble 10 dB 57.5% -> 59.9%, television 10 dB 34.8% -> 34.3%; acted on wrongly the
#: same (0, 0, 0 and 1 clip, 0.5%); CPU a decision median quiet 131 -> 134 ms, babble 174 -> 194 ms
#: (load 14-18). 8 of 100: babble 58.5%; 16 of 200: the same as 12 of 100, p95 slower.
#: Tried and not kept (benchmarks/results/voice-el-views.txt): Whisper also hearing the crop's
#: 250-3800 Hz band (``SpeechCrop.views``), every spelling of each proposed command, the commands
#: one apart.
DEPTH = 12
#: Weight of pocketsphinx's log-probability (natural log) against Whisper's mean
#: log-probability per token. Chosen on espeak-ng el at 9 rates/pitches and 12
#: voice variants (1.0: 89.9%, 5: 90.7%, 20: 91.9%, 100: 90.7%).
WEIGHT = 20.0
#: Whisper's mean log-probability per token below which it does not vouch for
#: pocketsphinx's answer. Chosen on the same tuning set: -3.0 cut the results
#: acted on wrongly from 1.06% to 0.07% (-2.5: 0%, but asks for 54% of right ones).
VOUCH = -3.0
#: Score of a result on which the engines disagreed: under every ask-back limit.
OVERRULED_SCORE = 0.45
#: When both engines are sure of the same answer its score is at least ``AGREED_SCORE``, over
#: the ask-back limit: Whisper's mean log-probability per token at least ``AGREE_LIKELY``, at
#: least ``AGREE_OWN_LEAD`` over every other candidate's, and the combined score ``AGREE_LEAD``
#: over every other's (natural log). The combined lead alone acted on wrongly ("είκοσι εννιά"
#: as 21, "έντεκα" as 10: leads that were pocketsphinx's alone). ``benchmarks/greek_fit.py`` fits these
#: limits and OVERRULE's on both engines' recorded scores of the tuning voices (quiet, white, pink and
#: babble at 10 and 5 dB): on 1,028 decisions it found (-3.0, 0.25, 1.0) and (-2.5, 0, 0), right at
#: once 28.1% -> 41.0%, but on 1,410 more tuning decisions those acted on wrongly 0.7% (babble 1.4%),
#: and on the held-out variants in white noise at 10 dB 0.7% (0.4% with these); refitted on all 2,438
#: they act at once no more often than these (28.7% against 28.6%). So these stay
#: (benchmarks/results/voice-el-fit.txt, voice-el-fit-held-out.txt).
AGREE_LEAD = 1.0
AGREE_OWN_LEAD = 0.5
AGREE_LIKELY = -2.5
AGREED_SCORE = 0.6
#: (AGREE_LIKELY, AGREE_OWN_LEAD, AGREE_LEAD) together.
AGREE = (AGREE_LIKELY, AGREE_OWN_LEAD, AGREE_LEAD)
#: AGREE on a noisy crop (its edges under ``TAIL_NOISE_BELOW``): never. There Whisper's agreement does not lift a
#: word pocketsphinx is itself unsure of (its confidence under the ask-back limit): it is asked back, and a word is
#: acted on at once only when pocketsphinx is sure of it and Whisper vouches for it. On the tuning voices as the game
#: listens (benchmarks/voice_el_evidence.py, voice_el_act.py), every word acted on wrongly in white and pink noise at
#: 10 dB but one was such a lift (6 of 7: «οκτώ» as «ταμπλό», «σημείο δεκαέξι» as «δεκαεφτά» and as «δέκα»), at
#: Whisper scores, own leads and combined leads amid those of the right ones (-2.0, 1.6 and 1.9 for one), so no
#: stricter limit parts them: acted on wrongly white 5 -> 1 of 1,344, pink 2 -> 0 of 896, television 5 -> 3 of 896,
#: quiet and room as they were; right at once 369 -> 268, 340 -> 257, 166 -> 125, asked back instead. Held out
#: (569 clips a condition): white 10 dB 3 -> 2 acted on wrongly, pink 10 dB 3 -> 3 (those left: pocketsphinx 0.50-0.51
#: sure), right in all the same (benchmarks/results/voice-el-act-noise.txt).
AGREE_IN_NOISE = (math.inf, math.inf, math.inf)
#: When Whisper overrules pocketsphinx (for a command pocketsphinx proposed), its winner is acted on
#: without asking back (scored ``AGREED_SCORE``) when Whisper finds it at least this likely, this far
#: ahead by itself and both together this far ahead (the same three measures as AGREE). Never: fitted
#: with AGREE it acted on wrongly more often out of its sample (see there).
OVERRULE = (math.inf, math.inf, math.inf)
#: Spellings Whisper scores whole, in one decoder pass, rather than walking its prefix tree
#: with a beam of 8 (three decoder calls or more). A few candidates with several spellings
#: each (ένα/μία/μια, επτά/εφτά, οκτώ/οχτώ) came to 9-16 spellings in 7% of the decisions (when every
#: way of saying a candidate was scored, not only the phrases pocketsphinx proposed) on
#: espeak-ng Greek (8,030 clips): Whisper's part took a median 145 ms walking (p95 344 ms)
#: and 77 ms whole (p95 192 ms), at a load of 4, with the same results (+6 clips right of
#: the 588). From 17 on, one pass is no faster than the walk.
WHOLE = 16
#: Whisper scores every phrase of the turn (every legal number and command, every way of
#: saying each), not only pocketsphinx's proposals: the encoder runs once and the decoder
#: scores all the phrases' tokens in one batched pass (``whole``: twice their number). Off:
#: on espeak-ng Greek, play phase of 9 plays (19 phrases), cropped, decided again from both
#: engines' recorded scores, babble 10 dB (49 clips) right 79.6% with the proposals, 79.6% with
#: every phrase at ``OUTSIDE`` 0.1 or more, 77.6% at 0.05, 75.5% at 0; the held-out variants in
#: quiet (42 clips) 83.3%, 83.3%, 85.7%, 73.8%; nothing acted on wrongly either way. Of the
#: words asked back wrongly with the proposals (10 and 7), Whisper alone over every phrase put
#: the right one first in 4 and 3, and the right one was among the proposals in 6 and 3: the
#: misses are mostly the combination's, not missing candidates. The one pass over 19 phrases
#: cost Whisper 190 ms of CPU alone, and ctranslate2's align over 19 rows took 17 s of wall a
#: decision inside the game's engine at a load of 13-16 (the proposals: 134 ms CPU a decision).
EVERYTHING = False
#: Nats (natural log) a command pocketsphinx did not propose counts behind its weakest proposal.
OUTSIDE = 0.1
#: Paths of pocketsphinx's n-best list read for proposals (its own confidence: ``engine_sphinx.NBEST``; see DEPTH).
PATHS = 100
#: Whisper also scores every other way of saying each proposed command (μία for ένα, τρεις for
#: τρία, εφτά for επτά), at that command's pocketsphinx score.
SPELLINGS = False
#: Whisper also scores the commands one apart from each proposal (play 4 and 6 beside 5, point 12
#: and 14 beside 13), counted ``outside`` behind pocketsphinx's weakest proposal.
NEIGHBOURS = False
#: When Whisper finds none of pocketsphinx's proposals at least this likely (its best mean
#: log-probability per token), it also scores other phrases of the turn (those nearest its own transcript,
#: ``FALLBACK_GUESS``, or ``FALLBACK_NUMBERS``'), weighed as ``FALLBACK_LEAD`` says (None: never). On, with
#: FALLBACK_GUESS: see there. On the tuning voices in quiet the word
#: said was missing from the proposals in 22 of the 27 wrong decisions, and there Whisper's best
#: proposal scored under -3.5 in 21 of 22 (of the decisions with the word proposed, 26 of 327).
#: "Stop" is not among the phrases added: it is never asked back (on the tuning voices at white
#: 10 dB a fall-back "σταμάτα" was acted on for "έξοδος"). Left off with the two-word numbered phrases: with the
#: rule that only adds (FALLBACK_LEAD, then 1.5) and the two-word numbered phrases only, at -3.5
#: (benchmarks/voice.py --lang el, 672 tuning clips, step 4): quiet
#: right 92.1% -> 93.0% (8 gained, 2 lost), acted on wrongly 0 -> 0, but white 10 dB 2 lost and none gained on the
#: first 264 clips; held out (569 clips) quiet 87.9% -> 88.4%, white 10 dB +3 on the first 184; CPU a decision
#: median 103 -> 112 ms, p95 184 -> 989 ms (Whisper walks ~100 more phrases where it fires; load 8-12;
#: benchmarks/results/voice-el-fallback-adds.txt). Walked keeping one prefix (FALLBACK_BEAM), off -> on: tuning quiet
#: 91.9% -> 92.4%, held out quiet 87.7% -> 87.5%, white 10 dB 67.8% -> 68.2%, acted on wrongly the same, CPU p95
#: 135 -> 324, 143 -> 282, 302 -> 680 ms (sections 4-5 there).
FALLBACK: float | None = -3.5
#: ``weight`` when Whisper heard every phrase after the fall-back: pocketsphinx's proposals, all
#: unlikely to Whisper, count for less against the phrases it did not propose.
FALLBACK_WEIGHT = 10.0
#: After the fall-back, only the phrases of Whisper's first this many commands among those pocketsphinx
#: did not propose join its proposals (None: every phrase of the turn): Whisper's own best guesses merged in,
#: not every phrase of the turn competing with the proposals.
FALLBACK_TOP: int | None = None
#: How the fall-back's phrases are weighed (None: counted ``outside`` behind pocketsphinx's weakest proposal at
#: ``FALLBACK_WEIGHT``, every phrase competing with the proposals): the decision is taken on pocketsphinx's proposals
#: alone, as without the fall-back, unless Whisper by itself prefers a phrase pocketsphinx did not propose (not a
#: decoy) by at least this much (mean log-probability per token) over every proposal; then that phrase is the answer,
#: asked back. The fall-back only adds an answer: it never moves a proposal Whisper ranks first behind another. 1.5
#: with the two-word numbered phrases; 1.0 with FALLBACK_GUESS, whose added winner must also be nearer Whisper's
#: transcript than every proposal (``decide_fallen_back``).
FALLBACK_LEAD: float | None = 1.0
#: The fall-back adds only numbered commands said in at least ``FALLBACK_WORDS`` words (points and quarters: «σημείο
#: δεκαεπτά», «τέταρτο τέσσερα»), not the command words nor the plays' single numbers: Whisper's mean log-probability
#: per token favours short phrases («ξανά», «βοήθεια», «σκορ», «μια», «ένα»), which took the words said from the
#: proposals it had found likelier.
FALLBACK_NUMBERS = True
#: See FALLBACK_NUMBERS.
FALLBACK_WORDS = 2
#: Prefixes Whisper keeps at each depth as it walks the prefix tree of the fall-back's phrases
#: (``WhisperRecognizer.scores``' ``beam``; its own is 8). A prefix kept is a row of every later decoder call, and a
#: row costs about what a whole phrase does: Whisper base attends over the audio anew for each row (one token scored
#: on 1, 8 and 32 rows: 22, 50 and 160 ms of CPU), and Greek number words are a token every letter or two, so the 98
#: two-word numbered phrases of a play phase of 9 plays share few prefixes (96 of the 279 end in phrases only).
#: Keeping 8, the walk cost a median 42 rows (p95 54) where the fall-back fired; the 98 scored whole in one pass,
#: 1.3-3.3 s of CPU. Keeping the likeliest prefix only, 6 rows (p95 21): the decision needs Whisper's likeliest added
#: phrase alone, and only when clearly ahead (FALLBACK_LEAD). On the tuning voices where the fall-back fired (quiet 79
#: of 672 clips, white 10 dB 33 of the first 341), the decision was the same as keeping 8 in 71 and 31, right 47
#: against 48 and 26 against 26 (benchmarks/results/voice-el-fallback-adds.txt, section 4).
FALLBACK_BEAM = 1
#: The fall-back's phrases are those of the turn's this many commands nearest Whisper's own transcript of the word
#: (``WhisperRecognizer.transcript``, one greedy decode on the same encoding; ``nearest_commands``), not pocketsphinx's
#: proposals, instead of the two-word numbered phrases (None). pocketsphinx's English acoustic model proposes short
#: words for a voice whose formants are moved far from a person's («ταμπλό», «τρεις» for «σημείο δεκαεννέα»), where
#: Whisper's own words keep the phrase's shape («Σε μορτή καλιά»). On the tuning voices in quiet the word said was
#: not proposed in 144 of the 206 wrong decisions (2688 clips) and among the 8 commands nearest the transcript in 103.
#: With FALLBACK -3.5, 5 commands, FALLBACK_LEAD 1.0 and the added winner nearer the transcript than every proposal
#: (benchmarks/voice.py --lang el --part tuning --step 2, 1344 clips; decided again on the engine's evidence with the
#: fall-back at -3.0 and 8 commands): quiet right 92.2% -> 93.1% (19 gained, 7 lost), acted on wrongly 0 -> 0; it
#: fires on 11% of the words. Held out (--part held-out --variants 1000 --step 20, 569 clips): quiet 88.1% -> 89.8%
#: (+12 -2), acted on wrongly 0.2% -> 0.2% (the same clip); CPU a decision median 96 -> 99 ms, p95 166 -> 235 ms (load
#: 7). Without the transcript rule 7-13 more right words are lost to short phrases Whisper's mean per token favours
#: (benchmarks/results/voice-el-lost.txt, section 2). Not on a noisy crop: FALLBACK_GUESS_IN_NOISE.
FALLBACK_GUESS: int | None = 5
#: FALLBACK_GUESS also on a noisy crop (its edges under ``TAIL_NOISE_BELOW``). Not: in white noise at 10 dB it gained
#: 20 of 1344 tuning words (79.3% -> 80.8% right, none lost) and 8 of 569 held out (68.0% -> 69.4%), but fired on 22%
#: of the words, and the CPU a decision, median, rose from 147 to 162 ms held out (p95 387 -> 574 ms; load 7), over
#: the 150 ms a decision may take.
FALLBACK_GUESS_IN_NOISE = False
#: When Whisper finds none of pocketsphinx's proposals at least this likely (its best mean
#: log-probability per token), it also scores the relatives of pocketsphinx's first ``KIN`` commands:
#: every way of saying them (ένα/μία, δεκαεπτά/δεκαεφτά) and the numbered commands sharing a Greek
#: number word with them (``relatives``: θέση είκοσι τρία beside θέση είκοσι ένα and θέση τρία),
#: counted ``outside`` behind pocketsphinx's weakest proposal at the usual ``weight``. A winner
#: pocketsphinx did not propose is always asked back, so this adds no word acted on at once (None: never).
RELATIVES: float | None = None
#: pocketsphinx's first commands (by its score) whose relatives Whisper scores when unsure (RELATIVES).
KIN = 3
#: Near-homophones: two commands' phrases are siblings when they differ only at the end, their first differing
#: words beginning with at least this many letters in common (accents left out: «δεκατρείς» and
#: «δεκατέσσερις», «δεκαέξι» and «δεκαεπτά»). A winner with a sibling in the turn is acted on at once only
#: when Whisper finds it at least ``SIBLING_LIKELY`` likely (its mean log-probability a token), or both
#: engines together put it at least ``SIBLING_MARGIN`` nats ahead of each sibling, every sibling scored;
#: otherwise it is asked back (None: no such rule). Fitted on the tuning voices (benchmarks/greek_margin.py on
#: greek_noise.py's evidence, quiet, white and pink 10 dB, 621 decisions): the two such confusions there (quiet,
#: «σημείο δεκατέσσερις/δεκατέσσερα» heard as «σημείο δεκατρείς», pocketsphinx's confidence 1.0 and 0.61) were
#: saved only by Whisper's VOUCH (it found them -3.07 and -3.51); -2.75 and 5 letters cost 5 of 307 words
#: right at once (asked instead), -2.5 cost 11, 4 letters 10. On the held-out variants in pink 10 dB it turns
#: the one word acted on wrongly («σημείο δεκατέσσερις» taken as «σημείο δεκατρείς», Whisper -2.90) into asked
#: back, one right word of 88 at once asked instead (benchmarks/results/voice-el-noise-siblings.txt).
SIBLING_LETTERS: int | None = 5
#: See SIBLING_LETTERS.
SIBLING_MARGIN = 0.0
#: See SIBLING_LETTERS.
SIBLING_LIKELY = -2.75
#: Numbers said in words that are the same but the last («είκοσι τρία», «είκοσι τέσσερα»; «θέση τριάντα ένα», «θέση
#: τριάντα εννέα»: ``tail_siblings``): their last words need not sound alike for a noisy or cut-off ending to make both
#: engines agree on the wrong one, and pocketsphinx often proposes none of the others, so Whisper never weighs them. On
#: the sound rig with a television at 10 dB «είκοσι τέσσερα» was acted on as «είκοσι τρία» (pocketsphinx's confidence
#: 0.55, Whisper vouching). A winner about to be acted on at once that has such siblings in the turn has Whisper score
#: those it did not (in their usual words, one more decoder pass on the same encoding, counted ``outside`` behind
#: pocketsphinx's weakest proposal; CPU a decision median 158 -> 221 ms where it is done), and is acted on at once only
#: when Whisper by itself prefers it by at least this much (mean log-probability a token) over each of them (a sibling
#: Whisper pruned is far behind); otherwise it is asked back (None: no such rule). On espeak-ng Greek numbers 21-75 said
#: in two words (21 voices, the turn offering 30-75 numbers; benchmarks/voice_siblings.py,
#: benchmarks/results/voice-el-siblings-tv.txt), with a television at 10 dB the wrong sibling was acted on at once for 2
#: of 468 (29 as 21, 59 as 51; Whisper's own lead over the word said 0.26 and 0.79), a number whose first word was wrong
#: for 1 (44 as 54, 0.85 over 55); right at once the leads spread from -0.6 to 1.6 (median 0.7): at 0.9, acted on
#: wrongly 4 -> 1 (36 as 16 is left: no sibling) and right at once 76 -> 24, asked instead; on 467 other clips (held
#: out) 3 -> 0 and 92 -> 30. In a quiet room no word was acted on wrongly, so the rule holds only in noise
#: (TAIL_NOISE_BELOW): right at once there 553 -> 547 of 935.
TAIL_LEAD: float | None = 0.9
#: TAIL_LEAD's rule also weighs the numbers a winner is the start of (``cut_short``: «θέση είκοσι» against «θέση
#: είκοσι τρία», «σημείο δέκα» against «σημείο δεκαέξι»): a noisy room over the end of the longer one leaves the
#: shorter one, which both engines may then agree on.
CUT_SHORT = True
#: The rule of TAIL_LEAD holds only on a noisy crop: its edges less than this many dB under the whole
#: (``engine_sphinx.edges_db``, the test of pocketsphinx's noise removal, ``RESCORED_REMOVE_NOISE_BELOW``; a
#: television 10 dB under the word leaves them -3 to 6 dB under it, a quiet room 15 dB or more for 95% of the crops).
TAIL_NOISE_BELOW = RESCORED_REMOVE_NOISE_BELOW
#: pocketsphinx hears the whole sound the crop was found in (the noise around the word too, which its noise
#: removal measures: ``engine_sphinx.RESCORED_REMOVE_NOISE_BELOW``), Whisper the crop (``crop.SpeechCrop`` hands
#: both over). Off until measured.
SPHINX_WHOLE = False
#: Whisper also scores the proposals on the whole sound the word was cropped from, and each phrase keeps the
#: better of its two scores (crop or whole; the views of ``others`` are still averaged into the crop's).
#: Off until measured in babble and a television (benchmarks/results/voice-el-noise-views.txt).
WHISPER_WHOLE = False
#: Whisper scores the whole sound only where it can pay (``whisper_whole_unsure``): when the crop's edges are
#: noisy (less than ``WHOLE_NOISE_BELOW`` dB under the crop, the test of pocketsphinx's noise removal,
#: ``engine_sphinx.RESCORED_REMOVE_NOISE_BELOW``) and the decision on the crop alone is unsure (a score under
#: ``WHOLE_UNSURE_BELOW``, the "did you say" limit, or no command): then the proposals are scored on the whole
#: sound too, each phrase keeping its better score, and decided again; quiet words and sure ones cost what they
#: did. Off: on the tuning voices it keeps quiet as it was and gains in noise (pink 10 dB 108 -> 123 right at once,
#: babble 134 -> 139 right, nothing acted on wrongly) but the unsure words are half or more of the noisy ones and
#: the median decision CPU rises (white 205 -> 280 ms; benchmarks/results/voice-el-noise-views.txt, section 4).
WHISPER_WHOLE_UNSURE = False
WHOLE_NOISE_BELOW = RESCORED_REMOVE_NOISE_BELOW
WHOLE_UNSURE_BELOW = 0.5
#: With a number: the whole sound is scored only when, besides, Whisper's best command on the crop leads its next
#: by less than this (mean log-probability per token; a close call for Whisper too). None: no such test.
WHOLE_LEAD_BELOW: float | None = None
#: Nats taken off the combined score (``_totals``) of a decoy «ναι», «σωστά», «όχι» or «λάθος» (``Phrase.decoy``: a
#: command word not on offer, listened for while a play is chosen so that it is heard as what it is; the phrases
#: ``crop.handicapped`` lowers, as English's ``crop.DECOY_HANDICAP``): such a word wins over a number only when clearly
#: said, and a winner that beat it only for the handicap is asked back, never acted on at once. In noise the short
#: «όχι» and «λάθος» took the player's numbers ("not possible now"). benchmarks/greek_decoys.py, tuning voices, every
#: 5th play-phase clip (538 a condition), 0 -> 1.0: taken by a decoy quiet 18 -> 11, babble 10 dB 59 -> 31 (another
#: noise seed 63 -> 33), television 10 dB 70 -> 48; right at once or after asking back 496 -> 497, 360 -> 364
#: (349 -> 355), 334 -> 336; asked back, then wrong 24 -> 30, 118 -> 142 (124 -> 148), 132 -> 152; acted on wrongly
#: 0 -> 0, 1 -> 1 (2 -> 2), 0 -> 0. Most numbers a decoy took were not among pocketsphinx's proposals at all (the number
#: said was scored for 2 of 18, 21 of 59, 13 of 70), so most become a wrong word asked back. Decoys said (every 2nd of
#: the 16 by each voice, 168 a condition): heard as a word not on offer 166 -> 164, 151 -> 144 (150 -> 138),
#: 153 -> 149, the rest asked back as a word on offer, none acted on either way. 0.5 left more taken (babble 41,
#: television 59); 2 fewer (25, 41) for more decoys said asked back (135, 142 heard as such). Held out (23 other
#: voices, 589 clips): taken by a decoy 39 -> 26, 120 -> 70, 115 -> 76; right 479 -> 479, 302 -> 308, 295 -> 303;
#: asked back, then wrong 70 -> 83, 167 -> 211, 176 -> 207; acted on wrongly 1 -> 1, 0 -> 0, 1 -> 1; decoys said
#: acted on 0 -> 0 (benchmarks/results/voice-el-decoys.txt).
DECOY_HANDICAP = 1.0


class RescoredRecognizer:
    """pocketsphinx's candidates rescored by a multilingual Whisper (see the module docstring)."""

    name = "pocketsphinx+whisper"

    def __init__(self, sphinx: SphinxRecognizer, whisper: WhisperRecognizer, depth: int = DEPTH,
                 weight: float = WEIGHT, vouch: float = VOUCH, overlap: bool = True,
                 everything: bool = EVERYTHING, outside: float = OUTSIDE, paths: int = PATHS,
                 spellings: bool = SPELLINGS, neighbours: bool = NEIGHBOURS,
                 fallback: float | None = FALLBACK, fallback_weight: float = FALLBACK_WEIGHT,
                 fallback_lead: float | None = FALLBACK_LEAD, fallback_numbers: bool = FALLBACK_NUMBERS,
                 fallback_beam: int = FALLBACK_BEAM, fallback_guess: int | None = FALLBACK_GUESS,
                 relatives: float | None = RELATIVES, kin: int = KIN, fallback_top: int | None = FALLBACK_TOP,
                 sphinx_whole: bool = SPHINX_WHOLE, whisper_whole: bool = WHISPER_WHOLE,
                 whisper_whole_unsure: bool = WHISPER_WHOLE_UNSURE, tail_lead: float | None = TAIL_LEAD,
                 decoy_handicap: float = DECOY_HANDICAP, clock: Callable[[], float] = time.perf_counter) -> None:
        self.sphinx = sphinx
        self.whisper = whisper
        self.lang = sphinx.lang
        self.depth = depth
        self.weight = weight
        self.vouch = vouch
        self.overlap = overlap
        self.everything = everything
        self.outside = outside
        self.paths = paths
        self.spellings = spellings
        self.neighbours = neighbours
        self.fallback = fallback
        self.fallback_weight = fallback_weight
        self.fallback_lead = fallback_lead
        self.fallback_numbers = fallback_numbers
        self.fallback_beam = fallback_beam
        self.fallback_guess = fallback_guess
        self.relatives = relatives
        self.kin = kin
        self.fallback_top = fallback_top
        self.sphinx_whole = sphinx_whole
        self.whisper_whole = whisper_whole
        self.whisper_whole_unsure = whisper_whole_unsure
        self.tail_lead = tail_lead
        self.decoy_handicap = decoy_handicap
        self._clock = clock
        self._encoder: ThreadPoolExecutor | None = None

    def evidence(self, audio: Samples, items: tuple[Phrase, ...],
                 others: tuple[Samples, ...] = (), whole: Samples | None = None) -> Evidence | Heard:
        """Both engines' scores of ``audio``, or pocketsphinx's result when it proposed nothing.

        ``others``: more views of the same word (e.g. ``fusion.band_limited(audio)``) on which
        Whisper scores the same phrases too; its scores are their mean (``fusion.fused_scores``).
        pocketsphinx hears ``audio`` only, or ``whole`` (the sound ``audio`` was cropped from) with
        ``sphinx_whole``; with ``whisper_whole`` Whisper scores ``whole`` too, each phrase its better score."""
        whole_too = self._whole_too(whole)
        start = self._clock()
        encodings: dict[int, Future[tuple[Any, int]]] = {}
        if self.overlap:
            if self._encoder is None:
                self._encoder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="whisper-encoder")
            for view in (audio, *others, *whole_too):
                encodings[id(view)] = self._encoder.submit(self.whisper.encode, view)
        first = self.sphinx.recognize(self._sphinx_hears(audio, whole), items)
        proposals = self.sphinx.candidates(items, self.paths)[: self.depth]
        acoustic: dict[Command, float] = {}
        for phrase, score in proposals:
            acoustic[phrase.command] = max(acoustic.get(phrase.command, -math.inf), score * _LOG_BASE)
        if first.command is not None and first.command not in acoustic:
            acoustic[first.command] = max(acoustic.values(), default=0.0)
        if not acoustic:
            for encoding in encodings.values():
                encoding.cancel()
            return dataclasses.replace(first, ms=(self._clock() - start) * 1000)
        if self.everything:
            chosen = items
        else:
            proposed = {phrase for phrase, _ in proposals}
            outside = first.command if all(p.command != first.command for p in proposed) else None
            wanted = {p.command for p in proposed} if self.spellings else set()
            if self.neighbours:
                wanted |= {near for p in proposed for near in neighbours(p.command)}
            chosen = tuple(p for p in items if p in proposed or p.command in wanted
                           or (outside is not None and p.command == outside))
        give_up_if_unwanted()  # before Whisper's decoder: the costliest step
        rows = max(WHOLE, len(chosen) * 2) if self.everything else WHOLE

        def whisper_scores(view: Samples, phrases: tuple[Phrase, ...],
                           beam: int | None = None) -> npt.NDArray[np.float64]:
            encoding = encodings.get(id(view))
            return self.whisper.scores(view, phrases, encoding.result() if encoding is not None else None,
                                       whole=rows, beam=beam)

        heard = _best_scores(whisper_scores, (audio, *others), whole_too, chosen)
        fell_back = False
        transcripts: list[str] = []
        every_other = self._every_other if self.fallback_guess is None else \
            functools.partial(self._guessed, audio, encodings.get(id(audio)), transcripts)
        fallback = self.fallback if self.fallback_guess is None or FALLBACK_GUESS_IN_NOISE \
            or edges_db(audio) >= TAIL_NOISE_BELOW else None
        # When Whisper finds no proposal likely: the proposals' relatives, then (the fall-back) the turn's other phrases
        for limit, extra, top, falls in ((self.relatives, self._relatives, None, False),
                                         (fallback, every_other, self.fallback_top, True)):
            if limit is None or self.everything or np.any(heard >= limit):
                continue
            rest = extra(items, chosen, acoustic)
            if rest:
                give_up_if_unwanted()
                scorer = functools.partial(whisper_scores, beam=self.fallback_beam) if falls else whisper_scores
                more = _best_scores(scorer, (audio, *others), whole_too, rest)
                if top is not None:
                    rest, more = _first_commands(rest, more, top, set(acoustic))
                chosen, heard = chosen + rest, np.concatenate([heard, more])
                fell_back = fell_back or (falls and bool(rest))
        crop = encodings.get(id(audio))
        return Evidence(first, acoustic, chosen, tuple(float(v) for v in heard), start, fell_back,
                        said=transcripts[-1] if transcripts and fell_back else "",
                        encoding=None if crop is None else crop.result())

    def _sphinx_hears(self, audio: Samples, whole: Samples | None) -> Samples:
        """What pocketsphinx decodes: the crop ``audio``, or the ``whole`` sound with ``sphinx_whole``."""
        return whole if self.sphinx_whole and whole is not None else audio

    def _whole_too(self, whole: Samples | None) -> tuple[Samples, ...]:
        """The whole sound as a view Whisper scores too (``whisper_whole``), else none."""
        return (whole,) if self.whisper_whole and whole is not None else ()

    def _every_other(self, items: tuple[Phrase, ...], chosen: tuple[Phrase, ...],
                     acoustic: dict[Command, float]) -> tuple[Phrase, ...]:
        """The phrases of ``items`` not yet ``chosen`` (the fall-back), not "stop": it is obeyed without
        asking back, and a word pocketsphinx did not propose is asked; with ``fallback_numbers`` only numbered ones
        said in ``FALLBACK_WORDS`` words or more."""
        return tuple(p for p in items if p not in chosen and not isinstance(p.command, StopSpeech)
                     and (not self.fallback_numbers
                          or (_number(p.command) is not None and len(p.words) >= FALLBACK_WORDS)))

    def _guessed(self, audio: Samples, encoding: Future[tuple[Any, int]] | None, transcripts: list[str],
                 items: tuple[Phrase, ...], chosen: tuple[Phrase, ...], acoustic: dict[Command, float]
                 ) -> tuple[Phrase, ...]:
        """The fall-back's phrases with ``fallback_guess``: of the commands not yet ``chosen`` (not "stop", not a
        decoy), those nearest Whisper's own transcript of ``audio`` (``encoding``: its encoding under way), which is
        put in ``transcripts``."""
        said = self.whisper.transcript(audio, encoding.result() if encoding is not None else None)
        transcripts.append(said)
        asked = {p.command for p in chosen}
        others = tuple(p for p in items if p.command not in asked and not p.decoy
                       and not isinstance(p.command, StopSpeech))
        return nearest_commands(said, others, self.fallback_guess or 0)

    def _relatives(self, items: tuple[Phrase, ...], chosen: tuple[Phrase, ...],
                   acoustic: dict[Command, float]) -> tuple[Phrase, ...]:
        """The phrases of ``items`` not yet ``chosen`` that say pocketsphinx's first ``kin`` commands or
        their relatives (``RELATIVES``)."""
        first_few = sorted(acoustic, key=lambda c: -acoustic[c])[: self.kin]
        return tuple(p for p in items if p not in chosen and (
            p.command in first_few or any(related(c, p.command) for c in first_few)))

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """pocketsphinx's result, or the candidate Whisper and pocketsphinx together prefer."""
        return self.recognize_views((audio,), items)

    def recognize_views(self, views: tuple[Samples, ...], items: tuple[Phrase, ...],
                        whole: Samples | None = None) -> Heard:
        """``recognize`` with pocketsphinx hearing the first of ``views`` (or ``whole``, the sound they were
        cropped from, with ``sphinx_whole``) and Whisper's scores of its candidates added up over all of
        them (``crop.SpeechCrop``'s "crop" and "band")."""
        found = self.evidence(views[0], items, views[1:], whole)
        if isinstance(found, Heard):
            return found
        noisy = edges_db(views[0]) < TAIL_NOISE_BELOW
        heard, weight = self._decided(found, items, None, noisy)  # would it be acted on, its siblings not yet scored?
        lead = self.tail_lead if noisy else None
        if lead is not None:
            found = self._tails_scored(views, items, found, heard, whole) or found
            heard, weight = self._decided(found, items, lead, noisy)
        if self._whole_pays(views[0], whole, heard, found) and whole is not None:
            give_up_if_unwanted()
            rows = max(WHOLE, len(found.chosen) * 2) if self.everything else WHOLE
            on_whole = np.asarray(self.whisper.scores(whole, found.chosen, self.whisper.encode(whole), whole=rows))
            found = dataclasses.replace(found, heard=tuple(float(v) for v in np.maximum(found.heard, on_whole)))
            heard, weight = self._decided(found, items, lead, noisy)
        return dataclasses.replace(heard, ms=(self._clock() - found.start) * 1000,
                                   shares=evidence_shares(found, weight, self.outside, self.decoy_handicap))

    def _decided(self, found: Evidence, items: tuple[Phrase, ...], lead: float | None,
                 noisy: bool) -> tuple[Heard, float]:
        """The decision on ``found`` and the weight it was taken with, ``lead`` the ``TAIL_LEAD`` (None: no such
        rule), ``noisy`` whether the crop's edges are noisy (``AGREE_IN_NOISE``)."""
        if found.fell_back and self.fallback_lead is not None:
            return decide_fallen_back(found, self.fallback_lead, self.weight, self.vouch, self.outside, turn=items,
                                      tail_lead=lead, noisy=noisy, decoy_handicap=self.decoy_handicap), self.weight
        weight = self.fallback_weight if found.fell_back else self.weight
        heard = decide(found, weight, self.vouch, self.outside, turn=items, tail_lead=lead, noisy=noisy,
                       decoy_handicap=self.decoy_handicap)
        if found.fell_back and isinstance(heard.command, StopSpeech):  # obeyed unasked: not the fall-back's weight
            heard = decide(found, self.weight, self.vouch, self.outside, turn=items, tail_lead=lead, noisy=noisy,
                           decoy_handicap=self.decoy_handicap)
            weight = self.weight
        return heard, weight

    def _tails_scored(self, views: tuple[Samples, ...], items: tuple[Phrase, ...], found: Evidence, heard: Heard,
                      whole: Samples | None) -> Evidence | None:
        """``found`` with Whisper's scores of ``heard``'s ``tail_siblings`` it was not given (each in its usual
        words: on the recorded evidence as sure as every way of saying them, at half the decoder's work), when
        ``heard`` would be acted on at once (``TAIL_LEAD``); None when there are none to score."""
        if self.tail_lead is None or heard.command is None or heard.score <= OVERRULED_SCORE:
            return None
        total, _ = _totals(found, self.weight, self.outside, self.decoy_handicap)
        if heard.command not in total:
            return None
        unscored = _tail_rivals(heard.command, items, total) - {p.command for p in found.chosen}
        usual: dict[Command, Phrase] = {}
        for phrase in items:
            if phrase.command in unscored:
                usual.setdefault(phrase.command, phrase)
        rest = tuple(usual.values())
        if not rest:
            return None
        give_up_if_unwanted()

        def whisper_scores(view: Samples, phrases: tuple[Phrase, ...]) -> npt.NDArray[np.float64]:
            encoding = found.encoding if view is views[0] else None
            return self.whisper.scores(view, phrases, encoding, whole=WHOLE)

        more = _best_scores(whisper_scores, views, self._whole_too(whole), rest)
        return dataclasses.replace(found, chosen=found.chosen + rest, heard=found.heard + tuple(float(v) for v in more))

    def _whole_pays(self, crop: Samples, whole: Samples | None, heard: Heard, found: Evidence) -> bool:
        """Whether Whisper scores the ``whole`` sound after the decision on the crop (``WHISPER_WHOLE_UNSURE``):
        its edges noisy and ``heard`` unsure (and Whisper's own lead in ``found`` under ``WHOLE_LEAD_BELOW``)."""
        if not self.whisper_whole_unsure or self.whisper_whole or whole is None:
            return False
        unsure = heard.command is None or heard.score < WHOLE_UNSURE_BELOW
        return (unsure and not isinstance(heard.command, StopSpeech) and edges_db(crop) < WHOLE_NOISE_BELOW
                and (WHOLE_LEAD_BELOW is None or _whisper_lead(found) < WHOLE_LEAD_BELOW))


@dataclass(frozen=True)
class Evidence:
    """What both engines made of one utterance: pocketsphinx's answer (``first``), its
    log-probability (natural log) for each command it proposed (``acoustic``), and Whisper's
    mean log-probability per token of each phrase it scored (``chosen``, ``heard``; -inf: pruned).
    ``start``: the clock when the utterance came in; ``fell_back``: Whisper heard every phrase of
    the turn, having found none of the proposals likely (``FALLBACK``)."""

    first: Heard
    acoustic: dict[Command, float]
    chosen: tuple[Phrase, ...]
    heard: tuple[float, ...]
    start: float = 0.0
    fell_back: bool = False
    #: Whisper's own transcript of the word, when it chose the fall-back's phrases (``FALLBACK_GUESS``)
    said: str = ""
    #: Whisper's encoding of the crop, when made beside pocketsphinx: scoring more phrases needs only the decoder
    encoding: Any = field(default=None, repr=False, compare=False)


def decide(found: Evidence, weight: float = WEIGHT, vouch: float = VOUCH, outside: float = OUTSIDE,
           name: str = "pocketsphinx+whisper", agree: tuple[float, float, float] = AGREE,
           overrule: tuple[float, float, float] = OVERRULE, turn: tuple[Phrase, ...] = (),
           sibling_letters: int | None = SIBLING_LETTERS, sibling_margin: float = SIBLING_MARGIN,
           sibling_likely: float = SIBLING_LIKELY, tail_lead: float | None = TAIL_LEAD, noisy: bool = True,
           decoy_handicap: float = DECOY_HANDICAP,
           agree_in_noise: tuple[float, float, float] = AGREE_IN_NOISE) -> Heard:
    """The decision from both engines' scores (see the module docstring); ``ms`` is left 0.

    A command pocketsphinx did not propose counts ``outside`` nats (natural log) behind its
    weakest proposal. ``agree`` and ``overrule``: the least Whisper log-probability, Whisper's own
    lead and the combined lead at which the winner is acted on without asking back, when it is
    pocketsphinx's answer and when Whisper overrules it. ``turn``: the turn's phrases, among which a
    winner's near-homophones are looked for (``SIBLING_LETTERS``) and the numbers whose words are the
    same but the last (``TAIL_LEAD``: each must have been given to Whisper, ``found.chosen``), a rule that holds
    only when ``noisy`` (the crop's edges under ``TAIL_NOISE_BELOW``); when ``noisy``, ``agree_in_noise`` takes
    ``agree``'s place (``AGREE_IN_NOISE``). ``decoy_handicap``: nats taken off each decoy's combined score
    (``DECOY_HANDICAP``).
    """
    heard = _decide(found, weight, vouch, outside, name, agree_in_noise if noisy else agree, overrule,
                    decoy_handicap)
    if not turn or heard.command is None or heard.score <= OVERRULED_SCORE:
        return heard
    total, likely = _totals(found, weight, outside, decoy_handicap)
    if heard.command not in total:
        return heard
    if tail_lead is not None and noisy and not _tail_clear(heard.command, found, turn, total, likely, tail_lead):
        return dataclasses.replace(heard, score=OVERRULED_SCORE)
    if sibling_letters is None or likely[heard.command] >= sibling_likely:
        return heard
    said = total[heard.command][1]
    rivals = {p.command for p in turn if p.command != heard.command and siblings(said.text, p.text, sibling_letters)}
    if all(c in total and total[heard.command][0] - total[c][0] >= sibling_margin for c in rivals):
        return heard
    return dataclasses.replace(heard, score=OVERRULED_SCORE)


def decide_fallen_back(found: Evidence, lead: float, weight: float = WEIGHT, vouch: float = VOUCH,
                       outside: float = OUTSIDE, **rules: Any) -> Heard:
    """The decision after the fall-back (``FALLBACK_LEAD``): ``decide`` on pocketsphinx's proposals alone (``rules``:
    its other arguments), unless Whisper by itself prefers a phrase pocketsphinx did not propose (not a decoy) by at
    least ``lead`` over each proposal; then that phrase, asked back (``OVERRULED_SCORE``). When Whisper's own transcript
    chose the phrases added (``found.said``, ``FALLBACK_GUESS``), that phrase must besides be nearer the transcript
    than every proposal (``nearest_commands``' letters apart): Whisper's mean log-probability per token favours short
    phrases («τέσσερα» over the «θέση ένα» proposed, its transcript «Φεσίερα»).

    >>> from tavli_voice.commands import ChoosePlay
    >>> two, three, eight = (Phrase((t,), ChoosePlay(n)) for t, n in (("δύο", 2), ("τρία", 3), ("οκτώ", 8)))
    >>> found = Evidence(Heard("δύο", ChoosePlay(2), 0.9, 0.0, ""), {ChoosePlay(2): 0.0, ChoosePlay(3): -1.0},
    ...                  (two, three, eight), (-3.8, -4.0, -3.0), fell_back=True)
    >>> decide_fallen_back(found, 0.5).text, decide_fallen_back(found, 1.0).text
    ('οκτώ', 'δύο')
    >>> [decide_fallen_back(dataclasses.replace(found, said=said), 0.5).text for said in (" Οχτώ.", " Δύο.")]
    ['οκτώ', 'δύο']
    """
    proposed = [i for i, p in enumerate(found.chosen) if p.command in found.acoustic]
    own = dataclasses.replace(found, chosen=tuple(found.chosen[i] for i in proposed),
                              heard=tuple(found.heard[i] for i in proposed), fell_back=False)
    heard = decide(own, weight, vouch, outside, **rules)
    best = max((found.heard[i] for i in proposed), default=-math.inf)
    added = [(value, phrase) for phrase, value in zip(found.chosen, found.heard)
             if phrase.command not in found.acoustic and not phrase.decoy and math.isfinite(value)]
    if not added:
        return heard
    value, phrase = max(added, key=lambda pair: pair[0])
    if value - best < lead:
        return heard
    if found.said:
        apart = transcript_apart(found.said, (phrase, *(found.chosen[i] for i in proposed)))
        if apart.size > 1 and apart[0] >= apart[1:].min():
            return heard
    return Heard(phrase.text, phrase.command, OVERRULED_SCORE, 0.0, heard.engine)


def _tail_clear(winner: Command, found: Evidence, turn: tuple[Phrase, ...],
                total: dict[Command, tuple[float, Phrase]], likely: dict[Command, float], lead: float) -> bool:
    """Whether Whisper was given every ``tail_siblings`` rival of ``winner`` in ``turn`` and prefers ``winner`` by
    itself at least ``lead`` over each (a rival it pruned is far behind)."""
    rivals = _tail_rivals(winner, turn, total)
    asked = {p.command for p in found.chosen}
    return all(c in asked and likely[winner] - likely.get(c, -math.inf) >= lead for c in rivals)


def siblings(one: str, other: str, letters: int) -> bool:
    """Whether two phrases differ only at the end: the same words but the last, and their last words begin
    with at least ``letters`` letters in common (accents left out).

    >>> siblings("σημείο δεκατρείς", "σημείο δεκατέσσερις", 5), siblings("σημείο δύο", "σημείο δώδεκα", 5)
    (True, False)
    >>> siblings("θέση είκοσι τρία", "θέση είκοσι τέσσερα", 2), siblings("τέταρτο ένα", "τεταρτημόριο ένα", 2)
    (False, False)
    """
    a, b = _bare(one).split(), _bare(other).split()
    same = 0
    while same < min(len(a), len(b)) and a[same] == b[same]:
        same += 1
    if len(a) != len(b) or same != len(a) - 1:  # the same words but the last
        return False
    x, y = a[same], b[same]
    common = 0
    while common < min(len(x), len(y)) and x[common] == y[common]:
        common += 1
    return common >= letters


def tail_siblings(one: str, other: str) -> bool:
    """Whether two phrases say numbers whose words are the same but the last: the same words but the last, the
    word before it a number's («είκοσι», «τριάντα», "twenty"), the last words different (accents left out).

    >>> tail_siblings("είκοσι τρία", "είκοσι τέσσερα"), tail_siblings("θέση τριάντα ένα", "θέση τριάντα εννέα")
    (True, True)
    >>> tail_siblings("θέση τρία", "θέση πέντε"), tail_siblings("είκοσι", "είκοσι τρία")
    (False, False)
    >>> tail_siblings("τριάντα ένα", "τριάντα εννιά"), tail_siblings("twenty three", "twenty four")
    (True, True)
    """
    a, b = _bare(one).split(), _bare(other).split()
    return len(a) == len(b) >= 2 and a[:-1] == b[:-1] and a[-1] != b[-1] and a[-2] in _number_words_said()


def cut_short(one: str, other: str) -> bool:
    """Whether phrase ``one`` is ``other`` with its end left off, both saying a number: ``other``'s letters (accents
    and spaces left out) begin with all of ``one``'s and go on, and each ends in a number's word («σημείο είκοσι» and
    «σημείο είκοσι μία», «δέκα» and «δεκαέξι», «τρία» and «τριάντα»). A noisy room that swallows the end of
    ``other`` leaves ``one``.

    >>> cut_short("θέση είκοσι", "θέση είκοσι τρία"), cut_short("σημείο δέκα", "σημείο δεκάξι")
    (True, True)
    >>> cut_short("δεκαέξι", "δέκα"), cut_short("ένα", "εννέα"), cut_short("θέση δέκα", "σημείο δεκαέξι")
    (False, False, False)
    """
    a, b = _bare(one).split(), _bare(other).split()
    if not a or not b or a[-1] not in _number_words_said() or b[-1] not in _number_words_said():
        return False
    x, y = "".join(a), "".join(b)
    return len(y) > len(x) and y.startswith(x)


@lru_cache(maxsize=1)
def _number_words_said() -> frozenset[str]:
    """Every word some number is said with, in any language (accents left out)."""
    from .words import LANGS, MAX_NUMBER, number_variants

    return frozenset(_bare(word) for lang in LANGS for n in range(1, MAX_NUMBER + 1)
                     for variant in number_variants(n, lang) for word in variant)


def _tail_rivals(command: Command, turn: tuple[Phrase, ...],
                 total: dict[Command, tuple[float, Phrase]]) -> set[Command]:
    """The commands of ``turn`` whose phrases are ``tail_siblings`` of ``command``'s best phrase in ``total``, or that
    phrase with more said after it (``cut_short``, while ``CUT_SHORT``)."""
    said = total[command][1].text
    return {p.command for p in turn if p.command != command
            and (tail_siblings(said, p.text) or (CUT_SHORT and cut_short(said, p.text)))}


def _bare(text: str) -> str:
    """``text`` in lower case without accents."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def _decide(found: Evidence, weight: float, vouch: float, outside: float, name: str,
            agree: tuple[float, float, float], overrule: tuple[float, float, float], handicap: float = 0.0) -> Heard:
    """``decide`` without the near-homophone rule; a winner that beat a decoy only for ``handicap`` is asked back."""
    heard = _decide_plain(found, weight, vouch, outside, name, agree, overrule, handicap)
    if not handicap or heard.command is None or heard.score <= OVERRULED_SCORE:
        return heard
    total, _ = _totals(found, weight, outside)
    best = max(total.values(), key=lambda pair: pair[0])[1] if total else None
    if best is not None and best.decoy and best.command != heard.command:
        return dataclasses.replace(heard, score=OVERRULED_SCORE)
    return heard


def _decide_plain(found: Evidence, weight: float, vouch: float, outside: float, name: str,
                  agree: tuple[float, float, float], overrule: tuple[float, float, float], handicap: float) -> Heard:
    """``_decide`` before its decoy rule."""
    first = found.first
    total, likely = _totals(found, weight, outside, handicap)
    if not total:  # Whisper pruned every candidate: it vouches for none
        return Heard(first.text, first.command, min(first.score, OVERRULED_SCORE), 0.0, name, first.reason)
    _, winner = max(total.values(), key=lambda pair: pair[0])
    if winner.command == first.command:
        if likely[winner.command] < vouch:
            return Heard(first.text, first.command, min(first.score, OVERRULED_SCORE), 0.0, name)
        score = max(first.score, AGREED_SCORE) if _sure(winner.command, total, likely, agree) else first.score
        return Heard(first.text, first.command, score, 0.0, name)
    if winner.command in found.acoustic and _sure(winner.command, total, likely, overrule):
        return Heard(winner.text, winner.command, AGREED_SCORE, 0.0, name)
    values = np.array([v for v, _ in total.values()])
    share = float(1.0 / np.exp(values - values.max()).sum())
    return Heard(winner.text, winner.command, min(share, OVERRULED_SCORE), 0.0, name)


def _totals(found: Evidence, weight: float, outside: float, handicap: float = 0.0
            ) -> tuple[dict[Command, tuple[float, Phrase]], dict[Command, float]]:
    """Each command's best phrase with both engines' combined score (Whisper's plus ``weight`` times
    pocketsphinx's behind its best; ``outside`` nats behind its weakest when it did not propose it; ``handicap``
    less for a decoy yes or no, ``crop.handicapped``), and Whisper's best score of each command's phrases (pruned
    phrases left out)."""
    acoustic = found.acoustic
    top = max(acoustic.values())
    floor = min(acoustic.values()) - outside
    total: dict[Command, tuple[float, Phrase]] = {}
    likely: dict[Command, float] = {}
    lowered = handicapped(np.zeros(len(found.chosen)), found.chosen, handicap)
    for phrase, value, less in zip(found.chosen, found.heard, lowered):
        if not np.isfinite(value):
            continue
        likely[phrase.command] = max(likely.get(phrase.command, -math.inf), float(value))
        combined = float(value) + weight * (acoustic.get(phrase.command, floor) - top) + float(less)
        if phrase.command not in total or combined > total[phrase.command][0]:
            total[phrase.command] = (combined, phrase)
    return total, likely


def evidence_shares(found: Evidence, weight: float = WEIGHT, outside: float = OUTSIDE, decoy_handicap: float = 0.0
                    ) -> tuple[tuple[Command, float], ...]:
    """Each command both engines weighed and its share by their combined scores (``_totals``), likeliest
    first (``Heard.shares``)."""
    total, _ = _totals(found, weight, outside, decoy_handicap)
    commands = list(total)
    return command_shares(np.array([total[c][0] for c in commands]), commands)


def _sure(winner: Command, total: dict[Command, tuple[float, Phrase]], likely: dict[Command, float],
          limits: tuple[float, float, float]) -> bool:
    """Whether Whisper finds ``winner`` likely, prefers it by itself and both engines together put it
    ahead, each by at least ``limits`` (log-probability, own lead, combined lead; natural log)."""
    rivals = [c for c in total if c != winner]
    ahead = total[winner][0] - max((total[c][0] for c in rivals), default=-math.inf)
    own = likely[winner] - max((likely[c] for c in rivals), default=-math.inf)
    return likely[winner] >= limits[0] and own >= limits[1] and ahead >= limits[2]


def nearest_commands(said: str, phrases: tuple[Phrase, ...], count: int) -> tuple[Phrase, ...]:
    """The phrase nearest ``said`` (a transcript) of each of the ``count`` commands of ``phrases`` nearest it, nearest
    first: letters apart (``letters_apart``) over the longer's length, the transcript's first sentence against each
    phrase, accents and spaces left out, a number written in digits read as its usual words.

    >>> from tavli_voice.commands import ChoosePlay, QueryPoint
    >>> said = (Phrase(("σημείο", "δεκαεννέα"), QueryPoint(19)), Phrase(("σημείο", "δέκα"), QueryPoint(10)),
    ...         Phrase(("θέση", "δεκαεννέα"), QueryPoint(19)), Phrase(("εννέα",), ChoosePlay(9)))
    >>> [p.text for p in nearest_commands(" Σε μορτή καλιά. Σε μορ", said, 2)]
    ['σημείο δεκαεννέα', 'σημείο δέκα']
    >>> [p.text for p in nearest_commands(" 9. 9.", said, 1)]
    ['εννέα']
    """
    apart = transcript_apart(said, phrases)
    if not apart.size:
        return ()
    best: dict[Command, int] = {}
    for i, phrase in enumerate(phrases):
        if phrase.command not in best or apart[i] < apart[best[phrase.command]]:
            best[phrase.command] = i
    kept = sorted(best.values(), key=lambda i: (apart[i], i))[:count]
    return tuple(phrases[i] for i in kept)


def transcript_apart(said: str, phrases: tuple[Phrase, ...]) -> npt.NDArray[np.float64]:
    """How far each of ``phrases`` is from the transcript ``said`` (``nearest_commands``): letters apart over the
    longer's length, 0 the same letters (none when the transcript holds no letters).

    >>> from tavli_voice.commands import ChoosePlay
    >>> transcript_apart(" Οκτώ! Οκτώ!", (Phrase(("οκτώ",), ChoosePlay(8)), Phrase(("οχτώ",), ChoosePlay(8)))).tolist()
    [0.0, 0.25]
    """
    heard = _letters(_first_sentence(said))
    if not heard or not phrases:
        return np.zeros(0)
    texts = [_letters(p.text) for p in phrases]
    return letters_apart(heard, texts) / np.maximum(len(heard), [max(1, len(t)) for t in texts])


def _first_sentence(text: str) -> str:
    """``text`` up to its first full stop, exclamation or question mark (a transcript runs on repeating itself)."""
    for i, c in enumerate(text):
        if c in ".!?;" and any(ch.isalnum() for ch in text[:i]):
            return text[:i]
    return text


def _letters(text: str) -> str:
    """``text``'s letters in lower case without accents or spaces, each number in digits as its usual Greek words."""
    from .words import MAX_NUMBER, number_variants

    words = []
    for word in _bare(text).replace(",", " ").split():
        digits = "".join(c for c in word if c.isdigit())
        if digits and digits == word.strip("'\"-") and 1 <= int(digits) <= MAX_NUMBER:
            words.append("".join(number_variants(int(digits), "el")[0]))
        else:
            words.append("".join(c for c in word if c.isalpha()))
    return "".join(words)


def letters_apart(heard: str, texts: list[str]) -> npt.NDArray[np.float64]:
    """The edit distance (letters put in, left out or changed) from ``heard`` to each of ``texts``, all at once.

    >>> letters_apart("σημειο", ["σημειο", "σημα", ""]).tolist()
    [0.0, 3.0, 6.0]
    """
    longest = max((len(t) for t in texts), default=0)
    codes = np.full((len(texts), longest), -1, dtype=np.int64)
    for row, text in enumerate(texts):
        codes[row, : len(text)] = [ord(c) for c in text]
    lengths = np.array([len(t) for t in texts])
    prev = np.tile(np.arange(longest + 1, dtype=np.float64), (len(texts), 1))
    for i, letter in enumerate(heard, 1):
        cur = np.empty_like(prev)
        cur[:, 0] = i
        cur[:, 1:] = np.minimum(prev[:, :-1] + (codes != ord(letter)), prev[:, 1:] + 1)
        for j in range(1, longest + 1):
            cur[:, j] = np.minimum(cur[:, j], cur[:, j - 1] + 1)
        prev = cur
    return np.asarray(prev[np.arange(len(texts)), lengths], dtype=np.float64)


def neighbours(command: Command) -> tuple[Command, ...]:
    """The commands one apart from a numbered ``command`` (the number before and after), else none.

    >>> from tavli_voice.commands import ChoosePlay, Undo
    >>> neighbours(ChoosePlay(5)), neighbours(Undo())
    ((ChoosePlay(number=4), ChoosePlay(number=6)), ())
    """
    fields = dataclasses.fields(command)
    value = getattr(command, fields[0].name) if len(fields) == 1 else None
    if type(value) is not int:
        return ()
    numbered: Any = command  # one of the numbered commands (every one a dataclass of one int)
    return tuple(dataclasses.replace(numbered, **{fields[0].name: value + step}) for step in (-1, 1))


def _best_scores(scorer: Callable[[Samples, tuple[Phrase, ...]], npt.NDArray[np.float64]],
                 views: tuple[Samples, ...], whole_too: tuple[Samples, ...],
                 phrases: tuple[Phrase, ...]) -> npt.NDArray[np.float64]:
    """Whisper's scores of ``phrases``: their mean over ``views`` (``fusion.fused_scores``), or the score on a
    view of ``whole_too`` where that is better.

    >>> scorer = lambda view, phrases: np.array([v * view[0] for v in (1.0, 3.0)])
    >>> _best_scores(scorer, (np.array([-1.0]),), (np.array([-0.5]),), ()).tolist()
    [-0.5, -1.5]
    """
    scores = np.asarray(fused_scores(scorer, views, phrases))
    for view in whole_too:
        scores = np.maximum(scores, np.asarray(scorer(view, phrases)))
    return scores


def _whisper_lead(found: Evidence) -> float:
    """How far Whisper's best-scored command leads the next (inf: one command scored).

    >>> from tavli_voice.commands import ChoosePlay
    >>> five, six = Phrase("πέντε", ChoosePlay(5)), Phrase("έξι", ChoosePlay(6))
    >>> _whisper_lead(Evidence(Heard("", None, 0.0, 0.0, ""), {}, (five, six, five), (-1.0, -1.5, -3.0)))
    0.5
    """
    best: dict[Command, float] = {}
    for phrase, score in zip(found.chosen, found.heard):
        best[phrase.command] = max(best.get(phrase.command, -math.inf), score)
    first, second = (sorted(best.values(), reverse=True) + [-math.inf, -math.inf])[:2]
    return first - second if math.isfinite(second) else math.inf


def _first_commands(phrases: tuple[Phrase, ...], scores: npt.NDArray[np.float64], count: int,
                    besides: set[Command]) -> tuple[tuple[Phrase, ...], npt.NDArray[np.float64]]:
    """The phrases (and their scores) of the ``count`` best-scored commands not in ``besides``."""
    best: dict[Command, float] = {}
    for phrase, value in zip(phrases, scores):
        if phrase.command not in besides and np.isfinite(value):
            best[phrase.command] = max(best.get(phrase.command, -math.inf), float(value))
    kept = set(sorted(best, key=lambda c: -best[c])[:count])
    keep = [i for i, phrase in enumerate(phrases) if phrase.command in kept]
    return tuple(phrases[i] for i in keep), scores[keep]


def _number(command: Command) -> int | None:
    """The number of a numbered command (a dataclass of one int: a play, a point, a quarter), else None."""
    fields = dataclasses.fields(command)
    value = getattr(command, fields[0].name) if len(fields) == 1 else None
    return value if type(value) is int else None


def _number_words(number: int) -> set[str]:
    """The parts a Greek number is said with: its tens word ("20" for είκοσι, "1x" for the δεκα- of
    10 and 13-19) and its units word ("3" for τρία/τρεις); 11 and 12 (έντεκα, δώδεκα) are words of
    their own."""
    if number in (11, 12):
        return {str(number)}
    tens, units = divmod(number, 10)
    parts = {f"{units}"} if units else set()
    if tens == 1:
        parts.add("1x")
    elif tens:
        parts.add(f"{tens}0")
    return parts


def related(command: Command, other: Command) -> bool:
    """Whether ``other`` is a relative of numbered ``command``: the same number as another command
    (play 8, θέση οκτώ), or the same kind of command with a number sharing a Greek number word
    (θέση είκοσι τρία: θέση είκοσι, θέση είκοσι ένα …, θέση τρία, θέση δεκατρία).

    >>> from tavli_voice.commands import ChoosePlay, QueryPoint, Undo
    >>> related(QueryPoint(23), QueryPoint(21)), related(QueryPoint(23), QueryPoint(13))
    (True, True)
    >>> related(QueryPoint(8), ChoosePlay(8)), related(QueryPoint(8), ChoosePlay(18))
    (True, False)
    >>> related(QueryPoint(21), QueryPoint(11)), related(QueryPoint(17), QueryPoint(14)), related(Undo(), Undo())
    (False, True, False)
    """
    number, others = _number(command), _number(other)
    if number is None or others is None or command == other:
        return False
    if number == others:
        return True
    return type(command) is type(other) and bool(_number_words(number) & _number_words(others))
