"""Position readouts: the board in words, from the listener's side (R1).

Three lengths answer ``Describe``:

* ``brief`` — whose turn and the dice, pip counts, the bar and borne-off
  counts when not zero ("On the bar: one of yours, none of Rita's."); in
  Plakoto also the pinned checkers and any mother at risk (R5.2, R5.4); the
  game's worth when the cube has moved (R9.1).
* ``normal`` (the default) — the occupied points only, grouped by owner,
  the listener's first ("Yours: two on 24, five on 13 …"), then bar, off,
  mothers, whose turn.
* ``full`` — all 24 points, a quarter per line, then bar, off, pips,
  score, mothers, whose turn.

Single-point and quarter queries use the same point wording ("Point 13: five
of yours", counts in words as in the board readout). A side's *mother* (R5.4)
is its last checker on its own start, the view's point 24 for the view, the
view's point 1 for the other side;
it is "at risk" here when it stands there alone, and reported when pinned.

Every function returns *blocks*: a block is one line on screen and one
spoken segment, with a pause between blocks in speech.
"""

from __future__ import annotations

from tavli_voice.events import PointReport, PositionReport, QuarterReport
from tavli_voice.rules import BAR, OFF, Position, find_game
from tavli_voice import words as M
from tavli_voice.narration.pieces import Say


# ------------------------------------------------------------------ pieces
def owned(s: Say, side: int, n: int, in_words: bool = False) -> str:
    """"5 of yours" / "5 δικά σου", "5 of Rita's" / "5 της Ρίτας"; ``in_words``: the count
    in words ("one of Rita's" / «ένα της Ρίτας»), beside counts said in words."""
    if s.you(side):
        return s.n("readout.of_you", n, in_words=in_words)
    return s.n("readout.of_other", n, in_words=in_words, whose=s.whose(side))


def point_content(pos: Position, p: int, view: int, s: Say) -> str:
    """What stands on point ``p`` (view's numbering): "empty", "five of yours",
    "three of Rita's, pinning one of yours" (R5.2); the counts in words, as the board
    readout says them («πέντε δικά σου»), so a count is not read like the point before it."""
    other = 1 - view
    v = pos.points[p - 1]
    pin = pos.pins[p - 1]
    if v == 0:
        return s.t("readout.empty")
    top_side = view if v > 0 else other
    top = owned(s, top_side, abs(v), in_words=True)
    if pin == 0:
        return top
    under_side = view if pin > 0 else other
    return s.n("readout.pinning", abs(v), top=top,
               under=owned(s, under_side, 1, in_words=True))


def _group(pos: Position, view: int, side: int, s: Say) -> str:
    """One owner's occupied points, from point 24 down (view's numbering)."""
    sign = 1 if side == view else -1
    items: list[str] = []
    for p in range(24, 0, -1):
        v = pos.points[p - 1] * sign
        pin = pos.pins[p - 1] * sign
        if v > 0:
            # "two on 24" («δύο στο 24», neuter as πούλια): the count in words, the point a
            # digit, so the two are not read as two bare numbers
            stack = s.t("readout.stack", n=M.count_words(v, s.lang), p=p)
            if pin < 0:  # this side pins one of the other's here
                stack = s.n("readout.pinning", v, top=stack,
                                under=owned(s, 1 - side, 1, in_words=True))
            items.append(stack)
        elif pin > 0:
            items.append(s.t("readout.pinned_item", p=p))
    sep = s.t("word.list_sep") if any("," in item for item in items) else ", "
    body = sep.join(items) if items else s.t("readout.group.empty")
    if s.you(side):
        return s.t("readout.group.you", items=body)
    return s.t("readout.group.other", whose=M.capitalize(s.whose(side)), items=body)


def _side_counts(pos: Position, view: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(bar, off) as absolute (player 0's, player 1's) pairs."""
    if view == 0:
        return pos.bar, pos.off
    return (pos.bar[1], pos.bar[0]), (pos.off[1], pos.off[0])


def _counts(values: tuple[int, int], first: int, s: Say) -> str:
    """Both sides' checkers somewhere, the listener's first, in words from the listener's side:
    "one of yours, none of Rita's" / «ένα δικό σου, κανένα της Ρίτας»; "none" for neither."""
    if not any(values):
        return s.t("readout.none")
    lead = s.ctx.listener if s.ctx.listener is not None else first
    said = []
    for side in (lead, 1 - lead):
        if values[side]:
            said.append(owned(s, side, values[side], in_words=True))
        elif s.you(side):
            said.append(s.t("readout.none_of_you"))
        else:
            said.append(s.t("readout.none_of_other", whose=s.whose(side)))
    return ", ".join(said)


def bar_off(pos: Position, view: int, s: Say, *, always: bool = False) -> list[str]:
    """"On the bar: one of yours, none of Rita's." and "Borne off: …" (when not both zero, or
    ``always``: "Borne off: none."), the counts in words as the board readout says them."""
    bar, off = _side_counts(pos, view)
    out: list[str] = []
    if find_game(pos.game).has_bar and (always or any(bar)):
        out.append(s.t("readout.bar", entries=_counts(bar, view, s)))
    if always or any(off):
        out.append(s.t("readout.off", entries=_counts(off, view, s)))
    return out


def mothers(pos: Position, view: int, s: Say) -> list[str]:
    """Plakoto (R5.4): each mother that is pinned or alone on its start."""
    if not find_game(pos.game).pins:
        return []
    out: list[str] = []
    other = 1 - view
    # the view's mother: point 24; the other side's: the view's point 1
    for side, p, idx, sign in ((view, 24, 23, 1), (other, 1, 0, -1)):
        if pos.pins[idx] == sign:
            out.append(s.by("readout.mother.pinned", side))
        else:
            alone = pos.mine(p) if side == view else pos.theirs(p)
            if alone == 1:
                out.append(s.by("readout.mother.alone", side, p=p))
    return out


def pinned(pos: Position, view: int, s: Say) -> list[str]:
    """Plakoto (R5.2): "Your checker on 20 is pinned." for each side with pins."""
    if not find_game(pos.game).pins:
        return []
    out: list[str] = []
    for side, sign in ((view, 1), (1 - view, -1)):
        pts = sorted(pos.pinned_points(sign), reverse=True)  # type: ignore[arg-type]
        if not pts:
            continue
        text_pts = s.points(pts)
        if s.you(side):
            out.append(s.n("readout.pinned.you", len(pts), points=text_pts))
        else:
            out.append(M.capitalize(s.n("readout.pinned.other", len(pts), points=text_pts,
                                        whose=s.whose(side))))
    return out


def cube(pos: Position, s: Say) -> list[str]:
    """R9.1: what the game is worth, once the cube has moved."""
    if pos.cube is not None and pos.cube.value > 1:
        return [s.t("readout.cube", value=s.n("count.point_acc", pos.cube.value))]
    return []


def turn(to_move: int, dice: tuple[int, int] | None, s: Say,
         left: tuple[int, ...] | None = None) -> list[str]:
    """"Your turn. Dice: 6 and 5." (and "Still to play: 5." in a half-made play)."""
    out = [s.t("turn.you") if s.you(to_move)
           else M.capitalize(s.t("turn.other", who=s.subject(to_move), whose=s.whose(to_move)))]
    if dice is not None and all(1 <= d <= 6 for d in dice):
        out.append(s.t("readout.dice", dice=s.dice(dice, "nom")))
    return out + still_to_play(left, s)


def still_to_play(left: tuple[int, ...] | None, s: Say) -> list[str]:
    """R2: the dice not yet used by the steps chosen so far ("Still to play: 5.")."""
    if left is None:
        return []
    if not left:
        return [s.t("readout.left.none")]
    return [s.n("readout.left", len(left), dice=s.join([str(d) for d in left]))]


# ---------------------------------------------------------------- readouts
def describe(e: PositionReport, s: Say) -> list[str]:
    """Answer ``Describe``: ``e.length`` is "brief", "normal" or "full"."""
    pos, view = e.position, e.view
    if e.length == "brief":
        sentences = (turn(e.to_move, e.dice, s, e.left) + s.pips(view, pos.pip_count())
                     + bar_off(pos, view, s) + pinned(pos, view, s) + mothers(pos, view, s)
                     + cube(pos, s))
        return [" ".join(sentences)]
    if e.length == "full":
        blocks = [full_quarter(pos, view, q, s) for q in (4, 3, 2, 1)]
        tail = (bar_off(pos, view, s, always=True) + s.pips(view, pos.pip_count(), lead=False)
                + [s.score(e.scores)] + mothers(pos, view, s) + cube(pos, s)
                + turn(e.to_move, e.dice, s, e.left))
        return blocks + [" ".join(tail)]
    blocks = [_group(pos, view, view, s), _group(pos, view, 1 - view, s)]
    tail = bar_off(pos, view, s) + mothers(pos, view, s) + cube(pos, s)
    if s.ctx.chatty:
        tail += s.pips(view, pos.pip_count())
    tail += turn(e.to_move, e.dice, s, e.left)
    return blocks + [" ".join(tail)]


def quarter_points(q: int) -> range:
    """The points of quarter ``q`` (1 = 1–6 … 4 = 19–24), highest first."""
    return range(6 * q, 6 * q - 6, -1)


def _quarter_name(pos: Position, view: int, q: int, s: Say) -> str:
    if q == 1:
        return s.by("readout.quarter_home", view)
    # the other side's home: their 1-6 is the view's 19-24, or 13-18 in Fevga (R1)
    if q == find_game(pos.game).their_home_quarter:
        other = 1 - view
        if s.you(other):
            return s.t("readout.quarter_home.you")
        return s.t("readout.quarter_home.other", whose=s.whose(other))
    return ""


def full_quarter(pos: Position, view: int, q: int, s: Say) -> str:
    """"Points 19 to 24, Rita's home board: 24: 2 of yours; 23: empty; …"."""
    pts = quarter_points(q)
    name = _quarter_name(pos, view, q, s)
    intro = s.t("readout.quarter", a=pts[-1], b=pts[0], name=name)
    items = [s.t("readout.point_item", p=p, what=point_content(pos, p, view, s)) for p in pts]
    return f"{intro} {s.t('word.list_sep').join(items)}."


def point(e: PointReport, s: Say) -> list[str]:
    """Answer a point query: 1–24, or 25 (the bar) and 0 (borne off)."""
    pos, view = e.position, e.view
    if e.point == BAR:
        if not find_game(pos.game).has_bar:
            return [s.t("readout.no_bar")]
        return bar_off(pos, view, s, always=True)[:1]
    if e.point == OFF:
        return bar_off(pos, view, s, always=True)[-1:]
    if not 1 <= e.point <= 24:
        return [s.t("reject.no_such_point", point=e.point)]
    return [" ".join([s.t("readout.point_query", p=e.point,
                          what=point_content(pos, e.point, view, s))]
                     + still_to_play(e.left, s))]


def quarter(e: QuarterReport, s: Say) -> list[str]:
    """Answer a quarter query (1 = points 1–6 … 4 = 19–24, view's numbering)."""
    if not 1 <= e.quarter <= 4:
        return [s.t("reject.no_such_quarter", quarter=e.quarter)]
    return [" ".join([full_quarter(e.position, e.view, e.quarter, s)] + still_to_play(e.left, s))]


__all__ = ["describe", "point", "quarter", "point_content", "owned", "mothers", "pinned",
           "bar_off", "cube", "turn", "full_quarter", "quarter_points"]
