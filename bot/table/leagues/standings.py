"""A league's standings: points and tie-breaks, from the tables played. Pure, exact
(``Fraction``: a tie is a tie, never a rounding).

**Points.** A table of k players gives each seat 1 − (p − 1)/(k − 1), where p is the seat's
position in the finishing order and tied seats share the mean of the positions they fill
(fractional ranking). Two players: a win 1, a draw ½, a loss 0. Three: a lone winner 1, the
two others tied behind ¼ each (positions 2 and 3, mean 2.5); places 1, 2, 3: 1, ½, 0. A
table always gives k/2 points in all, as a chess game gives one point per two players.
A bye (the odd one out) and a forfeit win (the opponents left the league) give 1.

**Camps** (Rush Out!: the sorcerer, in the first seat, against the heroes; ``game_rules``):
the winners are a camp, not a shared place. Each winner gets a full win, 1, and everybody
else 0, whether the sorcerer won alone or the heroes together; a table nobody won is a draw,
½ each. By place, a hero's win would be worth less the more heroes there are (five players:
⅝ for a win, ⅜ for a loss, against the sorcerer's 1 and 0), which makes a hero's seat count
for little; by camp, a win is a win in either camp.

Places are the finishing order the table records for every match (``bot.store.ratings``):
the winners share first place, everybody else the next one, and a person whose seat the AI
took over (they resigned from a table of three or more, or let three turns in a row run
out) comes after everybody. A match nobody won is a draw.

**Tie-breaks**, in order (``TIEBREAKS``):

- Swiss: **Buchholz** (the sum of the final scores of the opponents met), then
  **Sonneborn–Berger** (each game's points times its opponents' final score);
- round robin: **Sonneborn–Berger**, then **head-to-head** (among the players still tied,
  the points each took from the others in the games they shared).

At a table of three or more, "its opponents' score" is the mean final score of the others at
the table (at a camp table, of the other camp's: a hero's teammates are not opponents), and
head-to-head counts, for each other tied player met, 1 for finishing ahead, ½ for a tie. An
unplayed round (a bye, a forfeit win) counts in Buchholz and Sonneborn–Berger as a game
against a dummy opponent with the player's own final score (the "game against oneself" of
FIDE's 2023 tie-break regulations). Players still tied after every tie-break share their
rank (listed by pairing number).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

BUCHHOLZ = "buchholz"
SONNEBORN_BERGER = "sonneborn_berger"
HEAD_TO_HEAD = "head_to_head"
TIEBREAKS: dict[str, tuple[str, str]] = {
    "swiss": (BUCHHOLZ, SONNEBORN_BERGER),
    "single": (SONNEBORN_BERGER, HEAD_TO_HEAD),
    "double": (SONNEBORN_BERGER, HEAD_TO_HEAD),
}


@dataclass(frozen=True)
class Played:
    """One table as the standings read it: its people in seat order and their places. An
    unplayed round (a bye, a forfeit win) is a table of one."""

    round: int
    seats: tuple[int, ...]
    places: tuple[int, ...]
    #: The game is played in camps: the winners each take a full win (see above).
    camps: bool = False

    @property
    def unplayed(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True)
class Standing:
    user_id: int
    #: 1 = first; players tied after every tie-break share a rank.
    rank: int
    points: Fraction
    tiebreaks: tuple[Fraction, Fraction]
    #: Tables played (byes and forfeit wins apart): won (alone, shared, or with one's
    #: camp), drawn (everybody level), lost.
    played: int
    won: int
    drawn: int
    lost: int
    #: Byes and forfeit wins.
    unplayed: int
    #: They left the league (or were removed).
    left: bool = False


def table_points(places: Sequence[int], camps: bool = False) -> list[Fraction]:
    """Each seat's points from its place (see the module's docstring); ``camps``: the
    winners are a camp."""
    count = len(places)
    if count == 1:
        return [Fraction(1)]
    if camps:
        return camp_points(places)
    points = []
    for place in places:
        ahead = sum(1 for other in places if other < place)
        tied = sum(1 for other in places if other == place)
        position = Fraction(2 * ahead + tied + 1, 2)  # the mean of ahead+1 .. ahead+tied
        points.append(1 - (position - 1) / (count - 1))
    return points


def camp_points(places: Sequence[int]) -> list[Fraction]:
    """A table played in camps: each winner (first place) 1, the others 0; nobody ahead of
    anybody (nobody won) is a draw, ½ each."""
    best = min(places)
    if all(place == best for place in places):
        return [Fraction(1, 2) for _ in places]
    return [Fraction(1) if place == best else Fraction(0) for place in places]


def standings(
    numbers: Mapping[int, int],
    results: Sequence[Played],
    tiebreaks: tuple[str, str],
    left: frozenset[int] = frozenset(),
) -> list[Standing]:
    """Everyone in ``numbers`` (person -> pairing number), best first."""
    points = dict.fromkeys(numbers, Fraction(0))
    earned: list[tuple[Played, list[Fraction]]] = []
    for played in results:
        gained = table_points(played.places, played.camps)
        earned.append((played, gained))
        for person, share in zip(played.seats, gained, strict=True):
            if person in points:
                points[person] += share

    def opponents_score(played: Played, seat: int) -> Fraction:
        others = [points.get(played.seats[other], Fraction(0)) for other in opponents(played, seat)]
        return sum(others, Fraction(0)) / len(others)

    buchholz = dict.fromkeys(numbers, Fraction(0))
    berger = dict.fromkeys(numbers, Fraction(0))
    record = {person: [0, 0, 0, 0, 0] for person in numbers}  # played, won, drawn, lost, bye
    for played, gained in earned:
        for seat, person in enumerate(played.seats):
            if person not in numbers:
                continue
            if played.unplayed:
                buchholz[person] += points[person]
                berger[person] += gained[seat] * points[person]
                record[person][4] += 1
                continue
            faced = opponents_score(played, seat)
            buchholz[person] += faced
            berger[person] += gained[seat] * faced
            record[person][0] += 1
            record[person][outcome_column(played.places, seat)] += 1
    first_rule = {BUCHHOLZ: buchholz, SONNEBORN_BERGER: berger}
    first = first_rule[tiebreaks[0]]

    def second(person: int) -> Fraction:
        if tiebreaks[1] == HEAD_TO_HEAD:
            tied = {p for p in numbers if (points[p], first[p]) == (points[person], first[person])}
            return head_to_head(person, tied, results)
        return first_rule[tiebreaks[1]][person]

    seconds = {person: second(person) for person in numbers}
    order = sorted(numbers, key=lambda p: (-points[p], -first[p], -seconds[p], numbers[p]))
    table: list[Standing] = []
    for position, person in enumerate(order):
        key = (points[person], first[person], seconds[person])
        if table and (table[-1].points, *table[-1].tiebreaks) == key:
            rank = table[-1].rank
        else:
            rank = position + 1
        played_count, won, drawn, lost, unplayed = record[person]
        table.append(
            Standing(
                user_id=person,
                rank=rank,
                points=points[person],
                tiebreaks=(first[person], seconds[person]),
                played=played_count,
                won=won,
                drawn=drawn,
                lost=lost,
                unplayed=unplayed,
                left=person in left,
            )
        )
    return table


def opponents(played: Played, seat: int) -> list[int]:
    """The seats a seat played against: everybody else, or at a camp table the other camp
    (the first seat against the rest: the sorcerer's against the heroes')."""
    others = [other for other in range(len(played.seats)) if other != seat]
    if played.camps:
        return [other for other in others if (other == 0) != (seat == 0)]
    return others


def outcome_column(places: Sequence[int], seat: int) -> int:
    """Where a seat's table goes in its record: 1 won (first, alone or with others while
    someone finished behind: a shared win, a camp's), 2 drawn (everybody level), 3 lost."""
    best = min(places)
    if places[seat] != best:
        return 3
    return 2 if all(place == best for place in places) else 1


def head_to_head(person: int, tied: set[int], results: Sequence[Played]) -> Fraction:
    """What ``person`` took from the others of ``tied`` at the tables they shared: 1 for
    each one finished ahead of, ½ for each tie."""
    total = Fraction(0)
    for played in results:
        if person not in played.seats or played.unplayed:
            continue
        mine = played.places[played.seats.index(person)]
        for other, place in zip(played.seats, played.places, strict=True):
            if other != person and other in tied:
                total += 1 if mine < place else Fraction(1, 2) if mine == place else 0
    return total
