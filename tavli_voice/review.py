"""The expert's judgement of a kept match (:mod:`tavli_voice.history`), play by play.

:func:`judge` walks the match's turns: for each play with a choice (two or
more legal plays) the expert (0-ply equities, as the hint and the "why"
command use) finds the best play and how much equity the play made lost;
:func:`tavli_voice.bots.reasons.explain` gives the facts that explain the
loss, which :func:`reason_sentences` says in the user's language. Nothing
here prints: ``tavli-voice review`` (``review_cli.py``) does.

A play is a *mistake* when it loses at least :data:`MISTAKE` (points a
game, cubeless); :func:`size` names how large it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bots.expert import ExpertBot
from .bots.reasons import Explanation, explain
from .rules import Play, Position, legal_plays
from .rules.notation import parse_play

if TYPE_CHECKING:
    from .words import PlayerWords

__all__ = ["BIG", "CLEAR", "MISTAKE", "Judged", "error_rate", "judge", "reason_sentences",
           "size"]

#: Smallest equity loss called a mistake (gnubg's "doubtful").
MISTAKE = 0.04
#: A clear mistake (the coach's threshold, ``bots/coach.THRESHOLD``).
CLEAR = 0.08
#: A big mistake (gnubg's "very bad").
BIG = 0.16


def size(loss: float) -> str:
    """"none", "small", "clear" or "big".

    >>> [size(x) for x in (0.0, 0.05, 0.1, 0.3)]
    ['none', 'small', 'clear', 'big']
    """
    if loss >= BIG:
        return "big"
    if loss >= CLEAR:
        return "clear"
    if loss >= MISTAKE:
        return "small"
    return "none"


@dataclass(frozen=True, slots=True)
class Judged:
    """One play of a kept match as the expert judges it."""

    game: int  #: 1-based game number in the match
    kind: str  #: portes, plakoto, fevga
    turn: int  #: 1-based turn in its game
    side: int
    position: Position  #: before the play, from ``side``'s side
    dice: tuple[int, int]
    played: Play
    best: Play
    loss: float  #: equity (points a game, cubeless) the play lost against ``best``
    explanation: Explanation | None  #: None when the play is the best

    @property
    def mistake(self) -> bool:
        """True when the play lost at least :data:`MISTAKE`."""
        return self.loss >= MISTAKE


def _find(position: Position, dice: tuple[int, int], plays: tuple[Play, ...],
          text: str) -> Play:
    for p in plays:
        if p.notation == text:
            return p
    return parse_play(text, position, dice, plays)


def judge(turns: Sequence[Mapping[str, Any]], sides: Sequence[int], *,
          bot: ExpertBot | None = None, explain_all: bool = True,
          reasons: bool = True) -> Iterator[Judged]:
    """Every play of ``sides`` with a choice, in the order played.

    The reasons (exact counts over every roll, the slow part) are found for
    every play that is not the best, or only for mistakes when
    ``explain_all`` is False (the others then have ``explanation`` None), and
    for none with ``reasons`` False (the equities alone, fast).

    Raises ``ValueError`` when a turn does not hold a legal play of its
    position and dice (a damaged history).
    """
    bot = bot or ExpertBot(0, search=False)
    for t in turns:
        if t.get("side") not in sides or not t.get("play") or not t.get("position") \
                or not t.get("dice"):
            continue
        position = Position.from_json(t["position"])
        dice = (int(t["dice"][0]), int(t["dice"][1]))
        plays = legal_plays(position, dice)
        if len(plays) < 2:
            continue
        played = _find(position, dice, plays, str(t["play"]))
        if bot.usable(position.game):
            eq = bot.equities(plays)
            best_i = max(range(len(plays)), key=lambda i: (float(eq[i]), -i))
            best = plays[best_i]
            loss = max(0.0, float(eq[best_i]) - float(eq[plays.index(played)]))
        else:  # no weights for this game: nothing to judge with
            best, loss = played, 0.0
        wanted = reasons and best != played and (explain_all or loss >= MISTAKE)
        explanation = explain(position, played, best, loss) if wanted else None
        yield Judged(int(t["game"]), position.game, int(t["turn"]), int(t["side"]), position,
                     dice, played, best, loss, explanation)


def error_rate(turns: Sequence[Mapping[str, Any]], sides: Sequence[int], *,
               bot: ExpertBot | None = None) -> tuple[float, int]:
    """The equity ``sides`` lost per decision on average, and the number of decisions
    (plays with a choice); no reasons are looked for, so a whole match takes a moment."""
    losses = [j.loss for j in judge(turns, sides, bot=bot, reasons=False)]
    return (sum(losses) / len(losses) if losses else 0.0), len(losses)


def reason_sentences(judged: Judged, lang: str, opponent_name: str, opponent_bot: str | None,
                     opponent_index: int, *, player: PlayerWords | None = None,
                     opponent: PlayerWords | None = None) -> list[str]:
    """Why the best play is better, one sentence per reason, in ``lang`` (the opponent named).

    The play that was best gets "your play is the hint's play"; a loss no
    single fact explains gets the honest "no single reason stands out".
    ``player``: the side judged is not the person listening, and is named
    ("Rita's play", «η κίνηση της Ρίτας») where the reasons say "your play". ``opponent``: the
    opponent's name forms when given (told apart from a namesake: "the second Rita").
    """
    from .words import capitalize, player_words, text
    from .words.reasons import reason_part

    found = judged.explanation
    if found is None and judged.played != judged.best:  # not found by judge(): find it now
        found = explain(judged.position, judged.played, judged.best, judged.loss)
    if found is None:
        said = [text("why.best", lang)]
    elif not found.reasons:
        said = [text("why.none", lang)]
    else:
        who = opponent or player_words(opponent_name, opponent_bot, opponent_index, lang)
        said = [capitalize(reason_part(judged.kind, r, lang, who)) + "." for r in found.reasons]
        if found.close:  # nearly alike: what still tells the plays apart, none the cause
            said.insert(0, text("why.close", lang))
    return said if player is None else [named_reason(line, lang, player) for line in said]


def named_reason(sentence: str, lang: str, player: PlayerWords) -> str:
    """A reason said to its player ("your play") said of them instead ("Rita's play").

    >>> from tavli_voice.words import player_words
    >>> named_reason("Your play gives up the 7; yours has 2.", "en",
    ...              player_words("Rita", "rita", 0, "en"))
    "Rita's play gives up the 7; Rita's has 2."
    >>> named_reason("Αν έπαιζες 13/7, η κίνησή σου χάνει τα πούλια σου.", "el",
    ...              player_words("Rita", "rita", 0, "el"))
    'Αν η Ρίτα έπαιζε 13/7, η κίνηση της Ρίτας χάνει τα πούλια της Ρίτας.'
    >>> named_reason("Points you hold in front of the expert's checkers: 3 after the hint's play.",
    ...              "en", player_words("Rita", "rita", 0, "en"))
    "Points Rita holds in front of the expert's checkers: 3 after the hint's play."
    >>> named_reason("Θέσεις που πιάνεις μπροστά από τα πούλια του: 3.", "el",
    ...              player_words("Rita", "rita", 0, "el"))
    'Θέσεις που πιάνει η Ρίτα μπροστά από τα πούλια του: 3.'
    >>> named_reason("Κατά τον έμπειρο παίκτη, με την προτεινόμενη κίνηση κερδίζεις με μαρς 9 φορές στις 100.",
    ...              "el", player_words("Rita", "rita", 0, "el"))
    'Κατά τον έμπειρο παίκτη, με την προτεινόμενη κίνηση κερδίζει η Ρίτα με μαρς 9 φορές στις 100.'
    """
    import re

    from .words import capitalize
    from .words.review import NAMED_FORMS

    fills = {"{whose}": player.whose, "{Whose}": capitalize(player.whose),
             "{subject}": player.subject}

    for pattern, form in NAMED_FORMS.get(lang, ()):
        def swap(match: re.Match[str], form: str = form) -> str:
            out = form.replace("\\1", match.group(1) if match.groups() else "")
            for key, value in fills.items():
                out = out.replace(key, value)
            return out

        sentence = re.sub(pattern, swap, sentence)
    return sentence
