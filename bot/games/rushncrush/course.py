"""The course: module faces laid end to end, raced one lap or several (a loop).

Geometry: lanes 1..4 from the left; rows count forward. The start grid is rows -2..0 (grid
row 1 is row 0, just behind the start line); the course is rows 1..``length`` (a loop raced
N laps is unrolled: absolute row r lies on physical row ``(r - 1) % loop_rows + 1``); a car
stepping past row ``length`` crosses the finish line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.games.rushncrush import data

Cell = tuple[int, int]  # (lane, row)


@dataclass(frozen=True)
class Course:
    """A list of module faces laid end to end; raced ``laps`` times (laps > 1: a loop)."""

    name: str
    faces: tuple[str, ...]
    laps: int

    @property
    def loop_rows(self) -> int:
        return data.FACE_ROWS * len(self.faces)

    @property
    def length(self) -> int:
        return self.loop_rows * self.laps

    def physical_row(self, row: int) -> int:
        return row if row <= 0 else (row - 1) % self.loop_rows + 1

    def is_rock(self, lane: int, row: int) -> bool:
        """Rock face (or off the road) at this cell; beyond the finish is open road."""
        if not 1 <= lane <= data.LANES:
            return True
        if row <= 0 or row > self.length:
            return False
        return (lane, self.physical_row(row)) in _loop_rocks(self.faces)

    def rock_cells(self) -> list[list[int]]:
        """Every rock cell of one loop, as [lane, physical row], row by row."""
        return [[lane, row] for row, lane in _sorted_rocks(self.faces)]


@lru_cache(maxsize=64)
def _loop_rocks(faces: tuple[str, ...]) -> frozenset[Cell]:
    """The rock cells of one loop of these faces, as (lane, physical row)."""
    return frozenset(
        (lane, index * data.FACE_ROWS + row)
        for index, face in enumerate(faces)
        for lane, first, last in data.FACES[face][1]
        for row in range(first, last + 1)
    )


@lru_cache(maxsize=64)
def _sorted_rocks(faces: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The rock cells of one loop of these faces as (physical row, lane), in order."""
    return tuple(sorted((row, lane) for lane, row in _loop_rocks(faces)))


def parse_course(faces: str, laps: int) -> Course:
    """A custom course from a list of faces ("1A 4B 7A", commas allowed) and a lap count.

    Raises ``ValueError`` with a sentence for the player when the list is malformed.
    """
    names = [name.upper() for name in faces.replace(",", " ").split()]
    if not names:
        raise ValueError("The course needs at least one module face, e.g. '1A 4B 7A'.")
    unknown = [name for name in names if name not in data.FACES]
    if unknown:
        raise ValueError(
            f"Unknown module face '{unknown[0]}': use a module number 1-10 and a side A or B, "
            "e.g. '4B'."
        )
    seen: dict[str, str] = {}
    for name in names:
        module = name[:-1]
        if module in seen:
            raise ValueError(
                f"Module {module} is named twice ('{seen[module]}' and '{name}'): the box holds "
                "one of each module, so a course uses each module once, on one face."
            )
        seen[module] = name
    if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= data.MAX_LAPS:
        raise ValueError(f"Laps must be a whole number from 1 to {data.MAX_LAPS}.")
    return Course(data.CUSTOM, tuple(names), laps)


def course_from_options(options: dict[str, Any]) -> Course:
    name = options.get("course", data.DEFAULT_COURSE)
    if name == data.CUSTOM:
        return parse_course(str(options.get("faces", "")), options.get("laps", 1))
    if name not in data.PRESETS:
        raise ValueError(f"Unknown course '{name}': choose sprint, oval, grand_canyon or custom.")
    faces, laps = data.PRESETS[name]
    if laps > 1 and "laps" in options:  # only a loop may be raced another number of laps
        laps = parse_course(" ".join(faces), options["laps"]).laps
    return Course(name, faces, laps)
