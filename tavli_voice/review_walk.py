"""The sentences of a review: a kept match's mistakes, one by one.

A :class:`Walk` holds the chosen side's judged plays
(:func:`tavli_voice.review.judge`) and the mistakes, largest first
(``--order play``: in the order played), and says each thing a review says:
the position as in a game (the narration's own readout) with the plays
numbered, right or wrong for a try, the expert's play, what the mistake cost
in plain words (games in a hundred, points every hundred games) and the
reasons, and a summary (mistakes by size, points lost every thousand
decisions). Which mistake is read and what each command brings
is :class:`tavli_voice.ui.review_mode.ReviewMode`'s, the one review walk that
both the review after a match and ``tavli-voice review`` go through (keys,
voice and one switch alike).

The review only reads the kept match: stopping it at any moment, however
(``kill -9`` included), changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from . import events as E
from .review import Judged, size
from .rules import Play, legal_plays
from .words import PlayerWords, capitalize, dice_words, number, player_words, seat_words, text
from .words.review import COUNT_GENDER


def count(key: str, n: int, lang: str) -> str:
    """``review.<key>_one`` or ``review.<key>_many`` with ``{n}``, a number that agrees with
    its Greek noun (:func:`~tavli_voice.words.number`).

    >>> count("mistakes", 1, "el"), count("decisions", 3, "en"), count("decisions", 3, "el")
    ('1 λάθος', '3 decisions', 'τρεις αποφάσεις')
    """
    gender, case = COUNT_GENDER.get(key, ("n", "nom"))
    return text(f"review.{key}_{'one' if n == 1 else 'many'}", lang,
                n=number(n, lang, gender, case))


def loss_words(points: float, lang: str, unit: str = "hundredths") -> str:
    """An equity loss a game in whole hundredths of a point, said as points every hundred
    games (or, ``unit="thousandths"``, a loss a decision as points every thousand decisions),
    so two losses a hundredth apart never sound the same (no decimals read digit by digit,
    no rounding to tenths) and no fraction of a point is named.

    >>> loss_words(0.13, "el"), loss_words(0.03, "el"), loss_words(0.013, "en", "thousandths")
    ('δεκατρείς πόντους κάθε εκατό παρτίδες', 'τρεις πόντους κάθε εκατό παρτίδες', '13 points every thousand decisions')
    >>> loss_words(0.004, "en"), loss_words(0.01, "el"), loss_words(1.25, "en")
    ('less than one point every hundred games', 'έναν πόντο κάθε εκατό παρτίδες', '125 points every hundred games')
    """
    n = int(abs(points) * (1000 if unit == "thousandths" else 100) + 0.5)
    return text(f"review.{unit}_{'none' if n == 0 else 'one' if n == 1 else 'many'}", lang,
                n=number(n, lang, "m", "acc"))


def listener_of(players: Sequence[dict[str, Any]], sides: Sequence[int]) -> int | None:
    """The one person of the match when their side is reviewed ("you"), else None."""
    people = [i for i, p in enumerate(players) if p.get("bot") is None]
    return people[0] if len(people) == 1 and people[0] in sides else None


def judging(players: Sequence[dict[str, Any]], sides: Sequence[int], lang: str) -> str:
    """"The expert is judging your plays", or whose they are when they are not the
    listener's ("Rita's plays", «τις κινήσεις της Ρίτας»; both players' with ``--side all``).

    >>> judging([{"name": "Rita", "bot": "rita"}, {"name": "Expert", "bot": "expert"}], [0], "el")
    'Ο έμπειρος παίκτης κρίνει τις κινήσεις της Ρίτας.'
    """
    if len(sides) > 1:
        return text("review.judging_both", lang)
    if listener_of(players, sides) is not None:
        return text("review.judging", lang)
    return text("review.judging_named", lang, whose=side_words(players, sides[0], lang).whose)


def side_words(players: Sequence[dict[str, Any]], side: int, lang: str) -> PlayerWords:
    """The name forms of ``side`` of the kept match's ``players``, told apart from a namesake
    on the other side ("the first Rita", «της δεύτερης Ρίτας»; :func:`words.seat_words`)."""
    return seat_words([(p["name"], p.get("bot")) for p in players], side, lang)


class Walk:
    """One review: the mistakes and the words to say them (no I/O but ``out`` and ``inp``)."""

    def __init__(self, name: str, data: dict[str, Any], judged: Sequence[Judged], sides: list[int],
                 lang: str, out: TextIO, *, order: str = "size") -> None:
        self.name = name
        self.save = data["save"]
        self.players = self.save["players"]
        self.judged = list(judged)
        self.sides = sides
        self.lang = lang
        self.out = out
        mistakes = [j for j in self.judged if j.mistake]
        if order == "size":
            mistakes.sort(key=lambda j: -j.loss)  # stable: equal losses in the order played
        self.mistakes = mistakes
        #: "you" for the one person of the match, when their side is reviewed
        self.listener = listener_of(self.players, sides)
        #: the person's error rate over their last kept matches and how many (:func:`past_rate`)
        self.past: tuple[float, int] | None = None
        #: the player's input is a switch (scanning), which types nothing: a long list of
        #: plays is offered through the scan menu's Try again, never as a letter to type
        self.scanned = False
        #: a play's notation follows its words on screen ("from 8 to 5 (8/5)"), as the App
        #: shows plays (``App.screen_notation``: the terminal writes the words alone)
        self.notation = True

    # ------------------------------------------------------------ words
    def say(self, line: str) -> None:
        """One line to the terminal (a screen reader reads it)."""
        print(line, file=self.out, flush=True)

    def text(self, key: str, **kwargs: Any) -> str:
        """``key`` in the review's language."""
        return text(key, self.lang, **kwargs)

    def who(self, side: int) -> str:
        """The subject for ``side``, capitalised ("You" for the person reviewing)."""
        if side == self.listener:
            return text("board.you", self.lang)
        return capitalize(side_words(self.players, side, self.lang).subject)

    def _subject(self, side: int) -> str:
        """The subject for ``side`` inside a sentence ("you", "the second Rita")."""
        if side == self.listener:
            you = text("board.you", self.lang)
            return you[:1].lower() + you[1:]
        return side_words(self.players, side, self.lang).subject

    def summary(self) -> str:
        """Mistakes by size and the error rate of the sides reviewed."""
        lang = self.lang
        decisions = len(self.judged)
        # "The first Rita and the second Rita": one capital, at the start
        names = " · ".join(self.who(s) for s in self.sides) if lang == "el" else \
            capitalize(" and ".join(self._subject(s) for s in self.sides))
        if not self.mistakes:
            return text("review.no_mistakes", lang, who=names,
                        decisions=count("decisions", decisions, lang))
        counts = {k: sum(1 for j in self.mistakes if size(j.loss) == k)
                  for k in ("big", "clear", "small")}
        rate = sum(j.loss for j in self.judged) / max(1, decisions)
        return " ".join([
            text("review.header", lang, who=names, n=count("mistakes", len(self.mistakes), lang),
                 decisions=count("decisions", decisions, lang),
                 rate=loss_words(rate, lang, "thousandths")),
            text("review.sizes", lang, **counts)] + self.comparison(rate))

    def comparison(self, rate: float) -> list[str]:
        """How ``rate`` compares with the person's last kept matches (none: nothing said)."""
        if self.past is None or self.listener is None or len(self.sides) != 1:
            return []
        before, matches = self.past
        verdict = "better" if rate < before - SAME_RATE else \
            "worse" if rate > before + SAME_RATE else "same"
        return [text("review.compare", self.lang, n=count("matches", matches, self.lang),
                     rate=loss_words(before, self.lang, "thousandths")),
                text(f"review.compare_{verdict}", self.lang)]

    def cost(self, j: Judged) -> str:
        """What the mistake cost, in plain words."""
        from .bots.expert import ExpertBot

        chances = ExpertBot(0, search=False).win_chances([j.best, j.played])
        pct = max(0, round(100 * float(chances[0] - chances[1])))
        return text("review.cost", self.lang,
                    games=count("games", pct, self.lang), points=loss_words(j.loss, self.lang))

    def play_words(self, j: Judged, play: Play, *, past: bool = False) -> str:
        """``play`` of mistake ``j``'s turn as the narrator says a play made: each move whole,
        «από το 8 στο 5, από το 6 στο 5» ("from 8 to 5, from 6 to 5"), then the notation in
        parentheses ("(8/5 6/5)"), in the numbering of the position read; the narrator says
        the words alone (:data:`tavli_voice.narration.phrases.NOTED`). ``past``: a play
        already made ("and hit", «και χτύπησε»)."""
        from .narration.pieces import Say

        return Say(self.context(j), speech=False).play(play, j.side, terse=False, past=past)

    def context(self, j: Judged) -> Any:
        """The narration context that reads mistake ``j``'s position (its side as a person's)."""
        from .narration.phrases import NarrationContext, PresentationReason

        lang = self.lang
        players = [E.PlayerInfo(p["name"], p.get("bot")) for p in self.players]
        if players[j.side].bot is not None:
            bot = players[j.side].bot
            players[j.side] = E.PlayerInfo(player_words("", bot, j.side, lang).name, None)
        return NarrationContext(lang=lang, listener=j.side if j.side == self.listener else None,
                                players=(players[0], players[1]),
                                preset=self.save["config"]["preset"], game=j.kind,
                                reason=PresentationReason.WHERE_AM_I,
                                screen_notation=self.notation)

    def describe(self, i: int, length: str = "normal") -> None:
        """The position of mistake ``i`` again: brief, normal or all 24 points (``d``, ``a``)."""
        from .narration.phrases import screen_text

        j = self.mistakes[i]
        self.say(screen_text(E.PositionReport(j.side, j.position, length, j.side, (0, 0),
                                              j.dice), self.context(j)))

    def pips(self, i: int) -> None:
        """Both pip counts in the position of mistake ``i`` (``i``)."""
        from .narration.phrases import screen_text

        j = self.mistakes[i]
        self.say(screen_text(E.PipReport(j.side, j.position.pip_count()), self.context(j)))

    def read(self, i: int) -> None:
        """Say mistake ``i`` (0-based): where, the dice, the position, the plays."""
        from .narration.phrases import screen_text

        j = self.mistakes[i]
        lang = self.lang
        self.say(text("review.mistake", lang, i=i + 1, n=len(self.mistakes),
                      size=text(f"review.size_{size(j.loss)}", lang), game=j.game, turn=j.turn))
        if j.side == self.listener:
            self.say(text("dice.rolled.you", lang, dice=dice_words(j.dice, lang, case="acc")))
        else:
            self.say(text("dice.rolled.other", lang, who=self.who(j.side),
                          dice=dice_words(j.dice, lang, case="acc")))
        # the side reviewed is read as a person's (its plays listed), by its name in ``lang``
        ctx = self.context(j)
        scores = (0, 0)
        # the dice were just said ("You rolled 4 and 2."): the position ends on whose turn it is
        pos = E.PositionReport(j.side, j.position, "normal", j.side, scores, None)
        self.say(screen_text(pos, ctx))
        self.offer(i)

    def offer(self, i: int) -> None:
        """The plays of mistake ``i`` numbered, or a long list (over 23 plays, as in a game) as
        groups by the checker moved with what to type for all of them (:meth:`list_plays`), or
        for a switch user (:attr:`scanned`) where the scan menu's Try again has them. A switch
        user's few plays are not read one by one before the scan starts: the two that matter
        are (:meth:`two_plays`)."""
        from dataclasses import replace

        from .narration.phrases import PresentationReason, plays_told_as_groups, screen_text

        j = self.mistakes[i]
        plays = legal_plays(j.position, j.dice)
        ctx = replace(self.context(j), reason=PresentationReason.EVENT)
        if not plays_told_as_groups(len(plays), ctx):
            if self.scanned:
                self.two_plays(i, len(plays))
            else:
                self.list_plays(i)
            return
        game_hint = text("plays.groups_hint_screen", self.lang)  # steps are for a game only
        said = screen_text(E.PlaysOffered(j.side, j.dice, plays, j.position), ctx)
        for line in said.splitlines():
            if line != game_hint:
                self.say(line)
        # «όλες τις … κινήσεις»: feminine, in words, as the game's own prompt says it
        self.say(self.text("review.plays_on_request_scan" if self.scanned
                           else "review.plays_on_request",
                           n=number(len(plays), self.lang, "f", "acc", speech=True)))

    def two_plays(self, i: int, n: int) -> None:
        """The play made at mistake ``i``, the expert's play and what the mistake cost, then
        where the turn's ``n`` plays are (the scan menu's Try again): a switch user hears these
        two, not a numbered list read whole before the scan moves."""
        j = self.mistakes[i]
        made = "review.made_yours" if j.side == self.listener else "review.made"
        self.say(text(made, self.lang, played=self.play_words(j, j.played, past=True)))
        self.say(text("review.best", self.lang, best=self.play_words(j, j.best)))
        self.say(self.cost(j))
        # «Όλες οι δεκατέσσερις κινήσεις»: feminine, nominative, in words
        self.say(self.text("review.plays_under_try_again",
                           n=number(n, self.lang, "f", "nom", speech=True)))

    def list_plays(self, i: int) -> None:
        """All the plays of mistake ``i``, numbered (``l``)."""
        from .narration.phrases import screen_text

        j = self.mistakes[i]
        plays = legal_plays(j.position, j.dice)
        self.say(screen_text(E.PlaysOffered(j.side, j.dice, plays, j.position), self.context(j)))

    def answer(self, i: int, *, why: bool = True) -> None:
        """The expert's play, the play made, the cost and (``why``) the reasons of mistake ``i``."""
        from .review import reason_sentences

        j = self.mistakes[i]
        other = 1 - j.side
        p = self.players[other]
        named = None if j.side == self.listener else side_words(self.players, j.side, self.lang)
        reasons = reason_sentences(j, self.lang, p["name"], p.get("bot"), other, player=named,
                                   opponent=side_words(self.players, other, self.lang))
        self.say(text("review.best", self.lang, best=self.play_words(j, j.best)))
        made = "review.made_yours" if j.side == self.listener else "review.made"
        self.say(text(made, self.lang, played=self.play_words(j, j.played, past=True)))
        self.say(self.cost(j))
        if why:
            self.say(text("review.why", self.lang, reasons=" ".join(reasons)))

    def try_play(self, i: int, number: int) -> None:
        """The player's try: right or wrong, then the answer."""
        j = self.mistakes[i]
        plays = legal_plays(j.position, j.dice)
        if not 1 <= number <= len(plays):
            self.say(text("review.no_number", self.lang, n=len(plays)))
            return
        chosen = plays[number - 1]
        if chosen == j.best:
            self.say(text("review.right", self.lang, play=self.play_words(j, chosen)))
        else:
            self.say(text("review.wrong", self.lang, play=self.play_words(j, chosen)))
        self.answer(i)


#: Error rates closer than this (equity a decision) are "about the same".
SAME_RATE = 0.005
#: How many of the person's last kept matches the summary compares with.
COMPARED = 5


def past_rate(previous: Iterable[dict[str, Any]], person: str) -> tuple[float, int] | None:
    """``person``'s equity lost per decision over the kept matches ``previous`` (where they
    played as a person), weighted by decisions, and how many matches; None without any."""
    from .review import error_rate

    lost, decisions, matches = 0.0, 0, 0
    for data in previous:
        players = data["save"]["players"]
        sides = [i for i, p in enumerate(players) if p.get("bot") is None and p["name"] == person]
        if not sides:
            continue
        rate, n = error_rate(data["turns"], sides[:1])
        if n:
            lost, decisions, matches = lost + rate * n, decisions + n, matches + 1
    return (lost / decisions, matches) if matches else None


def open_walk(path: Path, data: dict[str, Any], lang: str, out: TextIO, *,
              order: str = "size", sides: list[int] | None = None) -> Walk:
    """The review of the kept match ``data`` (read from ``path``): ``sides`` judged by the
    expert (by default the person's side, the first player's when no person played).
    Raises ``ValueError`` for a damaged match."""
    from .review import judge

    if sides is None:
        players = data["save"]["players"]
        people = [i for i, p in enumerate(players) if p.get("bot") is None]
        sides = people[:1] or [0]
    judged = list(judge(data["turns"], sides, explain_all=False))
    return Walk(path.stem, data, judged, sides, lang, out, order=order)


__all__ = ["COMPARED", "Walk", "open_walk", "past_rate"]
