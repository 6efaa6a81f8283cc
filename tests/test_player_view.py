"""What a blind or switch player hears and reads: one point of view, half-made
plays, whole lists, help, forced plays, saved matches (R1, R2, R8, R9)."""

from __future__ import annotations

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.rules import PassReason, Play, Position, Reason, Step


def ctx(lang: str = "en", game: str = "portes", **kw: object) -> NarrationContext:
    return NarrationContext(lang=lang, game=game, **kw)  # type: ignore[arg-type]


def spoken(event: E.Event, context: NarrationContext) -> str:
    return " ".join(seg for seg in phrase(event, context).segments if isinstance(seg, str))


def rita_play(game: str, steps: tuple[Step, ...], notation: str) -> Play:
    return Play(steps, Position.initial(game, "tavlucky"), notation)


# ------------------------------------------------------ R1: one point of view
HIT = rita_play("portes", (Step(24, 18, 6), Step(13, 8, 5, capture=True)), "24/18 13/8*")


def test_r1_the_opponents_play_is_told_in_the_listeners_numbering_with_its_hit() -> None:
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx()) == \
        "Rita played 12/17* 1/7. Rita hit your checker on 17."
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx("el")) == \
        "Η Ρίτα έπαιξε 12/17* 1/7. Η Ρίτα χτύπησε το πούλι σου στο 17."


def test_r1_spoken_opponent_play_uses_the_listeners_points_and_says_the_hit_once() -> None:
    said = spoken(E.PlayMade(1, HIT, (6, 5)), ctx())
    assert "from 12 to 17" in said and "from 1 to 7" in said
    assert "hitting" not in said and "Rita hit your checker on 17." in said
    said_el = spoken(E.PlayMade(1, HIT, (6, 5)), ctx("el"))
    assert "από το 12 στο 17" in said_el and "χτύπησε το πούλι σου στο 17" in said_el


def test_r1_the_opponents_own_numbering_stays_available_as_an_option() -> None:
    assert screen_text(E.PlayMade(1, HIT, (6, 5)), ctx(mover_numbering=True)) == \
        "Rita played 24/18 13/8*."


def test_r1_the_listeners_own_play_is_unchanged() -> None:
    mine = Play(HIT.steps, HIT.result, HIT.notation)
    assert screen_text(E.PlayMade(0, mine, (6, 5)), ctx()) == "You played 24/18 13/8*."


def test_r1_entering_from_the_bar_and_pinning_are_said_from_the_listeners_side() -> None:
    enter = rita_play("portes", (Step(25, 20, 5), Step(20, 18, 2)), "bar/18")
    assert screen_text(E.PlayMade(1, enter, (5, 2)), ctx()) == \
        "Rita played bar/7. Rita entered on your 5."
    assert screen_text(E.PlayMade(1, enter, (5, 2)), ctx("el")).endswith(
        "Η Ρίτα μπήκε από την μπάρα στο 5.")
    pin = rita_play("plakoto", (Step(12, 6, 6, capture=True),), "12/6^")
    assert screen_text(E.PlayMade(1, pin, (6, 1)), ctx(game="plakoto")) == \
        "Rita played 13/19^. Rita pinned your checker on 19."
    assert screen_text(E.PlayMade(1, pin, (6, 1)), ctx("el", game="plakoto")) == \
        "Η Ρίτα έπαιξε 13/19^. Η Ρίτα πλάκωσε το πούλι σου στο 19."


def test_r8_the_opponents_pass_reason_names_the_listeners_points() -> None:
    reason = Reason.make(PassReason.BAR_ENTRY_BLOCKED, points=(23, 22))
    event = E.TurnPassed(1, (3, 2), reason)
    assert screen_text(event, ctx()) == ("Rita loses the turn: a checker on the bar must enter "
                                         "first, and you hold its entry points, 2 and 3.")
    assert "έχεις πόρτες τις θέσεις εισόδου του, 2 και 3" in screen_text(event, ctx("el"))
    assert "23 and 22" in screen_text(event, ctx(mover_numbering=True))


def test_r1_fevga_points_of_the_opponent_are_turned_by_twelve() -> None:
    reason = Reason.make(PassReason.FIRST_CHECKER_BLOCKED, point=24, dice=(6, 5))
    text = screen_text(E.TurnPassed(1, (6, 5), reason), ctx(game="fevga"))
    assert "on 12," in text
