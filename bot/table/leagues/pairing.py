"""Who meets whom in a round of a league. Pure: contenders in, tables out.

**Swiss, two-player games** (``swiss_pairs``): one maximum-weight matching (networkx's
``max_weight_matching``, Edmonds' blossom algorithm, asked for a matching of maximum
cardinality first) over edge costs that encode the Swiss system's criteria in strict order,
most important first:

1. no pair meets twice (a rematch is allowed only when no pairing without one exists);
2. with an odd count, one bye, to the lowest-ranked player who has not had one (a dummy
   "bye" vertex joins the matching; everyone has had one: the lowest-ranked again);
3. no two players with the same *absolute* seat preference meet (see below);
4. players with equal scores meet: the cost of a pair grows with the square of their score
   difference (in half points), so two small floats beat one big one;
5. seat preferences are granted: two players who both want the same seat cost the weaker
   of the two preferences;
6. within a score group the top half meets the bottom half (1 v 4, 2 v 5, 3 v 6), a
   player of the top half paired further down the bottom half (a transposition) costing the
   distance, two players of the same half costing more than any transposition; the player
   who floats down is the lowest of their group, meeting the highest of the next;
7. among pairings still equal, the pairs closest in rank (the least sum of the squares of
   their rank differences).

Each criterion's cost is weighed in a mixed radix whose base exceeds the most any matching
can gather on all lower criteria, so a higher criterion is never traded for lower ones.
The rank order is the standings' (score, then pairing number), as the Dutch system orders
a score group.

**Seats (colours).** The first seat plays the role of White: each player's preference
follows their seat history in two-player games, as FIDE's colour rules do: absolute after
two games in a row in one seat, or when one seat was taken twice more than the other;
strong when one seat was taken once more; mild for the seat not taken last. In a pair the
stronger preference wins, then the higher-ranked player's; in the first round (nobody has a
preference) the higher-ranked player of the first table takes the first seat, of the
second table the second seat, and so on, alternately.

**Swiss, tables of three or more** (``swiss_tables``): the rank order cut into tables of
the league's size, best first ("Swiss by score": the leaders share a table); the players
left over when the count does not divide (fewer than a table) take a bye each, lowest
ranked first among those without one. At a table, whoever sat first least often sits first
(then by rank). The first seat may be a role of its own (Rush Out!'s sorcerer), so it goes
round: two players with equal scores at different tables swap tables while that hands the
first seats to those who sat first least often (the tables' scores stay the same).
Meetings may repeat: a table seats several opponents at once.

**Round robin** (``round_robin``): two-player games follow the Berger tables (FIDE Handbook
C.05, Annex 1), with a dummy number making an odd count even (whoever meets the dummy has a
bye); a double round robin plays them again with the seats swapped. For tables of k ≥ 3
(k or k + 1 entrants), round r seats the k players after number r in the cyclic order
(the one left is out, with a bye): every player sits each seat exactly once in a cycle, and
the second cycle seats each table in the reverse order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import networkx as nx

#: Seat preferences: how strongly a player wants a seat (0: none).
MILD, STRONG, ABSOLUTE = 1, 2, 3
FIRST, SECOND = 0, 1


@dataclass(frozen=True)
class Contender:
    """A player as a Swiss round pairs them."""

    id: int
    #: Points so far.
    score: float
    #: Place in the pairing order (0 = first): score, then pairing number.
    rank: int
    #: Everyone they met at a table already.
    opponents: frozenset[int] = frozenset()
    #: The seat they took in each of their two-player games so far, oldest first (0: first).
    seats: tuple[int, ...] = ()
    #: How often they took the first seat at a table of three or more.
    firsts: int = 0
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing:
    """A round: its tables (people in seat order), best table first, and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    #: Tables where two players met again (only when nothing else was possible).
    rematches: int = 0


def seat_preference(seats: Sequence[int]) -> tuple[int | None, int]:
    """(the seat wanted, how strongly) from a player's seat history."""
    if not seats:
        return None, 0
    balance = sum(1 if seat == FIRST else -1 for seat in seats)
    if balance >= 2 or (len(seats) >= 2 and seats[-1] == seats[-2] == FIRST):
        return SECOND, ABSOLUTE
    if balance <= -2 or (len(seats) >= 2 and seats[-1] == seats[-2] == SECOND):
        return FIRST, ABSOLUTE
    if balance == 1:
        return SECOND, STRONG
    if balance == -1:
        return FIRST, STRONG
    return (SECOND if seats[-1] == FIRST else FIRST), MILD


# ---------------------------------------------------------------- Swiss pairs
_BYE = -1
#: The criteria, most important first (see the module's docstring).
_LEVELS = ("rematch", "bye", "absolute", "score", "colour", "order", "spread")


def _score_groups(order: Sequence[Contender]) -> dict[int, tuple[int, int]]:
    """Each player's (position in their score group, the group's size)."""
    sizes: dict[float, int] = {}
    for player in order:
        sizes[player.score] = sizes.get(player.score, 0) + 1
    seen: dict[float, int] = {}
    found = {}
    for player in order:
        found[player.id] = (seen.get(player.score, 0), sizes[player.score])
        seen[player.score] = seen.get(player.score, 0) + 1
    return found


def _pair_costs(a: Contender, b: Contender, groups: dict[int, tuple[int, int]]) -> dict[str, int]:
    upper, lower = (a, b) if a.rank < b.rank else (b, a)
    want_a, strength_a = seat_preference(a.seats)
    want_b, strength_b = seat_preference(b.seats)
    same_wish = want_a is not None and want_a == want_b
    absolute = same_wish and strength_a == strength_b == ABSOLUTE
    position_u, size_u = groups[upper.id]
    position_l = groups[lower.id][0]
    if upper.score == lower.score:
        half = size_u // 2
        # The top half meets the bottom half; two of one half cost more than any
        # transposition (only when no pairing across the halves suits).
        across = position_u < half <= position_l
        order = abs((position_l - half) - position_u) if across else size_u
    else:
        order = (size_u - 1 - position_u) + position_l
    difference = round(abs(a.score - b.score) * 2)
    return {
        "rematch": int(b.id in a.opponents or a.id in b.opponents),
        "absolute": int(absolute),
        "score": difference * difference,
        "colour": 0 if absolute or not same_wish else min(strength_a, strength_b),
        "order": order,
        "spread": (upper.rank - lower.rank) ** 2,
    }


def _weights(costs: dict[Any, dict[str, int]], matched: int) -> dict[Any, int]:
    """Each edge's weight: a constant less its costs read as one number in a mixed radix
    (the most important criterion the highest digit)."""
    place = 1
    scale: dict[str, int] = {}
    for level in reversed(_LEVELS):
        scale[level] = place
        most = max((c.get(level, 0) for c in costs.values()), default=0)
        place *= most * matched + 1
    total = {
        edge: sum(c.get(level, 0) * scale[level] for level in _LEVELS) for edge, c in costs.items()
    }
    top = max(total.values(), default=0) + 1
    return {edge: top - cost for edge, cost in total.items()}


def swiss_pairs(players: Sequence[Contender]) -> Pairing:
    """A Swiss round of pairs (see the module's docstring)."""
    order = sorted(players, key=lambda p: p.rank)
    if len(order) < 2:
        return Pairing((), tuple(p.id for p in order))
    groups = _score_groups(order)
    by_id = {p.id: p for p in order}
    costs: dict[tuple[int, int], dict[str, int]] = {}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            costs[(a.id, b.id)] = _pair_costs(a, b, groups)
    if len(order) % 2:
        waiting = [p for p in reversed(order) if not p.had_bye]
        waiting += [p for p in reversed(order) if p.had_bye]
        for position, player in enumerate(waiting):
            costs[(_BYE, player.id)] = {"bye": position}
    graph = nx.Graph()
    for (a, b), weight in _weights(costs, (len(order) + 1) // 2).items():
        graph.add_edge(a, b, weight=weight)
    matching: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[Contender, Contender]] = []
    byes: list[int] = []
    for one, other in matching:
        if _BYE in (one, other):
            byes.append(other if one == _BYE else one)
            continue
        first, second = sorted((by_id[one], by_id[other]), key=lambda p: p.rank)
        pairs.append((first, second))
    pairs.sort(key=lambda pair: pair[0].rank)
    tables = tuple(_seated(upper, lower, board) for board, (upper, lower) in enumerate(pairs))
    rematches = sum(1 for upper, lower in pairs if lower.id in upper.opponents)
    return Pairing(tables, tuple(byes), rematches)


def _seated(upper: Contender, lower: Contender, board: int) -> tuple[int, int]:
    """The pair in seat order: the stronger preference, then the higher rank, decides;
    with no preference at all, the first seat alternates down the tables."""
    want_u, strength_u = seat_preference(upper.seats)
    want_l, strength_l = seat_preference(lower.seats)
    if want_u is None and want_l is None:
        upper_first = board % 2 == 0
    elif want_u is None:
        upper_first = want_l == SECOND
    elif want_l is None or want_u != want_l:
        upper_first = want_u == FIRST
    elif strength_u != strength_l:
        upper_first = (want_u == FIRST) == (strength_u > strength_l)
    else:
        upper_first = want_u == FIRST
    return (upper.id, lower.id) if upper_first else (lower.id, upper.id)


# ---------------------------------------------------------------- Swiss tables of k
def swiss_tables(players: Sequence[Contender], size: int) -> Pairing:
    """A Swiss round in tables of ``size`` (three or more): see the module's docstring."""
    order = sorted(players, key=lambda p: p.rank)
    left_over = len(order) % size
    waiting = [p for p in reversed(order) if not p.had_bye]
    waiting += [p for p in reversed(order) if p.had_bye]
    resting = {p.id for p in waiting[:left_over]}
    seated = [p for p in order if p.id not in resting]
    tables = [seated[start : start + size] for start in range(0, len(seated), size)]
    _share_first_seats(tables)
    seated_tables = tuple(
        tuple(p.id for p in sorted(table, key=lambda p: (p.firsts, p.rank))) for table in tables
    )
    byes = tuple(p.id for p in order if p.id in resting)
    return Pairing(seated_tables, byes)


def _first_seat_cost(tables: Sequence[Sequence[Contender]]) -> int:
    """How often those who sit first (each table's fewest firsts) sat first already."""
    return sum(min(p.firsts for p in table) for table in tables)


def _share_first_seats(tables: list[list[Contender]]) -> None:
    """Swap two players of equal score between tables while that lowers how often those
    who sit first sat first already: each table keeps its scores, and the first seat goes
    round as fairly as they allow. The swap that lowers it most goes first; among equal
    ones, the two players closest in rank (the least change to the Swiss order)."""
    while True:
        best: tuple[tuple[int, int, int], int, int, int, int] | None = None
        for a, b in combinations(range(len(tables)), 2):
            before = _first_seat_cost((tables[a], tables[b]))
            for i, x in enumerate(tables[a]):
                for j, y in enumerate(tables[b]):
                    if x.score != y.score or x.firsts == y.firsts:
                        continue
                    one = [*tables[a][:i], y, *tables[a][i + 1 :]]
                    other = [*tables[b][:j], x, *tables[b][j + 1 :]]
                    gain = before - _first_seat_cost((one, other))
                    key = (gain, -abs(x.rank - y.rank), -min(x.rank, y.rank))
                    if gain > 0 and (best is None or key > best[0]):
                        best = (key, a, i, b, j)
        if best is None:
            return
        _, a, i, b, j = best
        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]


# ---------------------------------------------------------------- round robin
def berger_round(count: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1 to count - 1) of the Berger tables for ``count`` (even)
    pairing numbers 1..count: pairs in seat order (first seat = White), the game of the
    last number first, then by the smaller number."""
    if count < 2 or count % 2:
        raise ValueError("the Berger tables pair an even count of numbers")
    last = count - 1
    pairs: list[tuple[int, int]] = []
    for i in range(1, count):
        j = (round_number + 1 - i) % last or last
        if j == i:
            # Meets the last number: they take the first seat in odd rounds.
            pairs.insert(0, (i, count) if round_number % 2 else (count, i))
        elif i < j:
            pairs.append((i, j) if (i + j) % 2 else (j, i))
    return pairs


def round_robin(count: int, size: int, double: bool) -> list[Pairing]:
    """Every round of a round robin of ``count`` pairing numbers (1..count) at tables of
    ``size``: see the module's docstring."""
    if size == 2:
        even = count + count % 2
        cycle = []
        for number in range(1, even):
            tables = []
            byes = []
            for a, b in berger_round(even, number):
                if even > count and count + 1 in (a, b):
                    byes.append(a if b == count + 1 else b)
                else:
                    tables.append((a, b))
            cycle.append(Pairing(tuple(tables), tuple(byes)))
    else:
        if count not in (size, size + 1):
            raise ValueError("a round robin at tables of three or more takes k or k + 1 players")
        cycle = []
        for number in range(count):
            table = tuple((number + 1 + i) % count + 1 for i in range(size))
            out = tuple(n for n in range(1, count + 1) if n not in table)
            cycle.append(Pairing((table,), out))
    if not double:
        return cycle
    again = [Pairing(tuple(tuple(reversed(t)) for t in p.tables), p.byes) for p in cycle]
    return cycle + again
