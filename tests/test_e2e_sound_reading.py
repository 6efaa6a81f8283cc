"""The spoken-match benchmark reads the game's lines right: a play made is compared by its notation."""

from __future__ import annotations

from benchmarks.e2e_sound import notation, numbered


def test_the_play_made_is_compared_by_its_notation() -> None:
    listed = numbered(["Choose a play:", "1: 8 to 2, 6 to 5 (8/2 6/5)", "2: from 13 to 6 (13/6)"])
    assert listed == {1: "8/2 6/5", 2: "13/6"}
    # "You played from 13 to 6 (13/6)." is the second play, not another one
    assert notation("from 13 to 6 (13/6)") == listed[2]
    assert notation("from 13 to 6 (13/6)") != listed[1]
    assert notation("13/6") == "13/6"


def test_only_the_last_list_is_read() -> None:
    lines = ["1: 24 to 23 (24/23)", "2: 13 to 11 (13/11)", "You played 24 to 23.", "Rita played 6/1.",
             "1: 6 to 1 (6/1)"]
    assert numbered(lines) == {1: "6/1"}
