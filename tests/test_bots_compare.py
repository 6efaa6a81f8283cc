"""The paired-games loop of the bot comparison: the same dice for both seats, any two bots."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots_compare import paired_points  # noqa: E402
from tavli_voice.bots.random_bot import RandomBot  # noqa: E402
from tavli_voice.bots.strong import StrongBot  # noqa: E402
from tavli_voice.rules import Play, Position  # noqa: E402


class FirstPlay:
    """A bot without any randomness: always the first legal play."""

    name = "first"

    def __init__(self) -> None:
        self.calls = 0

    def choose_play(self, position: Position, dice: tuple[int, int], plays: Sequence[Play]) -> Play:
        self.calls += 1
        return plays[0]


class ByDice(FirstPlay):
    """Another bot without randomness: the play the dice point at."""

    def choose_play(self, position: Position, dice: tuple[int, int], plays: Sequence[Play]) -> Play:
        self.calls += 1
        return plays[(7 * dice[0] + dice[1]) % len(plays)]


def test_a_bot_against_its_own_copy_wins_one_game_of_each_pair_and_loses_the_other() -> None:
    # the same dice in both games of a pair and the same decisions: the side that moves
    # first wins both games, so the bot wins one seat and loses the other by equal points
    for game in ("plakoto", "fevga"):
        won_lost = paired_points(FirstPlay(), game, 3, 11, opponent=FirstPlay())  # type: ignore[arg-type]
        assert won_lost.shape == (3, 2)
        assert (won_lost[:, 0] == won_lost[:, 1]).all()
        assert (won_lost.sum(axis=1) > 0).all()


def test_the_opponent_named_plays_the_other_seat_and_strong_is_the_default() -> None:
    mine, theirs = FirstPlay(), FirstPlay()
    paired_points(mine, "plakoto", 1, 5, opponent=theirs)  # type: ignore[arg-type]
    assert mine.calls > 0 and theirs.calls > 0
    against_strong = paired_points(RandomBot(3), "plakoto", 2, 5)
    assert (against_strong == paired_points(RandomBot(3), "plakoto", 2, 5,
                                            opponent=StrongBot(5))).all()
    # strong takes more points than a random mover over the same dice
    assert against_strong[:, 1].sum() > against_strong[:, 0].sum()


def test_pairs_from_a_later_start_are_the_same_games_as_in_a_longer_run() -> None:
    whole = paired_points(ByDice(), "plakoto", 4, 8, opponent=FirstPlay())  # type: ignore[arg-type]
    tail = paired_points(ByDice(), "plakoto", 3, 8, opponent=FirstPlay(), start=1)  # type: ignore[arg-type]
    assert (tail == whole[1:]).all()
    assert not (whole[0] == whole[1]).all()  # so pairs counted from 0 would not match


def test_search_settings_are_read_as_margin_and_width() -> None:
    from benchmarks.bots_compare import search_setting
    assert search_setting("0.06/3") == (0.06, 3)
    margin, width = search_setting("inf/4")
    assert margin == float("inf") and width == 4


def test_the_paired_difference_is_zero_for_the_same_points_and_signed_by_the_change() -> None:
    import numpy as np

    from benchmarks.bots_compare import figures
    first = np.array([[2.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    assert "vs first +0.000 ± 0.000" in figures("same", first.copy(), first)
    better = first + np.array([[1.0, 0.0], [0.0, 0.0], [1.0, 0.0]])
    line = figures("better", better, first)
    assert "vs first +0.333" in line and "over 6 games" in line
    assert "vs first" not in figures("alone", first, None)


def test_a_frozen_yardstick_named_plays_with_the_search_it_was_frozen_with() -> None:
    from benchmarks.bots_compare import opponent_bot
    from benchmarks.expert_matches import FROZEN_SEARCH, yardstick_path
    bot, said = opponent_bot("plakoto", "expert-2026", 7000, False, None)
    assert (bot.search, bot.margin, bot.width) == (True, *FROZEN_SEARCH["expert-2026"])
    assert "within 0.03 among the top 2" in said
    # its own net, the frozen file, not the shipped one
    frozen = yardstick_path("plakoto", "expert-2026")
    assert frozen is not None and str(frozen) in said
    assert bot.net("plakoto") is bot._nets["plakoto"]
    told, said = opponent_bot("plakoto", "expert-2026", 7000, False, (0.16, 5))
    assert (told.margin, told.width) == (0.16, 5) and "within 0.16 among the top 5" in said
    # a weights file plays 0-ply unless searching, with the game's settings
    plain, said = opponent_bot("plakoto", str(frozen), 7000, False, None)
    assert plain.search is False and said.endswith("(0-ply)")
    assert opponent_bot("plakoto", str(frozen), 7000, True, None)[0].margin is None
