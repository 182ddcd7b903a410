"""Which Discord shards a process runs, and so which servers' matches it looks after.

Discord routes a server's events to shard ``(guild_id >> 22) % shard_count``; direct
messages go to shard 0. A process running some shards plays the AI seats, timers and
board catch-up of those servers' matches only, so that several processes sharing one
database never do the same job twice.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardSpecError(ValueError):
    """``SHARD_COUNT`` / ``SHARD_IDS`` cannot be understood; the message says how to fix it."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a server's events to (direct messages: shard 0)."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """``count`` shards in all, this process running ``ids`` of them."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ShardSpecError("SHARD_COUNT must be at least 1.")
        if not self.ids:
            raise ShardSpecError("SHARD_IDS names no shard.")
        wrong = [shard for shard in self.ids if not 0 <= shard < self.count]
        if wrong:
            raise ShardSpecError(
                f"SHARD_IDS {wrong} are outside 0-{self.count - 1} (SHARD_COUNT is {self.count})."
            )

    @property
    def everything(self) -> bool:
        """This process runs every shard (nothing to filter)."""
        return set(self.ids) == set(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        return self.everything or shard_of(guild_id, self.count) in self.ids

    def sql_filter(self, column: str = "guild_id") -> str:
        """A SQL condition (SQLite and PostgreSQL alike) true for this process's servers;
        built from integers only."""
        if self.everything:
            return "TRUE"
        ids = ", ".join(str(shard) for shard in sorted(self.ids))
        return f"((COALESCE({column}, 0) >> 22) % {self.count}) IN ({ids})"

    @classmethod
    def parse(cls, count_text: str, ids_text: str) -> Shards:
        """``SHARD_COUNT`` ("" = 1) and ``SHARD_IDS`` ("" = all; "0-3", "4,5", "0-1,6")."""
        count_text, ids_text = count_text.strip(), ids_text.strip()
        if not count_text:
            if ids_text:
                raise ShardSpecError("SHARD_IDS needs SHARD_COUNT (the number of shards in all).")
            return cls()
        if not count_text.isdigit():
            raise ShardSpecError(f"SHARD_COUNT must be a whole number, not {count_text!r}.")
        count = int(count_text)
        if not ids_text:
            return cls(count, tuple(range(count)))
        return cls(count, _parse_ids(ids_text))


def _parse_ids(text: str) -> tuple[int, ...]:
    ids: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ShardSpecError(
                f"SHARD_IDS {text!r} is not understood: write shard numbers and ranges, "
                "e.g. 0-3 or 0,2,4-5."
            )
        first, last = int(low), int(high or low)
        if last < first:
            raise ShardSpecError(f"SHARD_IDS range {part.strip()!r} goes backwards.")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


#: A process that runs every shard (the default: one process, no sharding).
ALL_SHARDS = Shards()
