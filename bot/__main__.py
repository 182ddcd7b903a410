"""``python -m bot`` runs the bot; ``health`` checks a running bot's heartbeat; ``preview``,
``bench``, ``aistats``, ``balance``, ``migrate-db`` and ``palettes`` are developer tools
(``bot.tools``)."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "run"
    if command == "preview":
        from bot.tools.preview import main as preview

        return int(preview(argv[1:]))
    if command == "bench":
        from bot.tools.bench import main as bench

        return int(bench(argv[1:]))
    if command == "aistats":
        from bot.tools.aistats import main as aistats

        return aistats(argv[1:])
    if command == "balance":
        from bot.tools.balance import main as balance

        return balance(argv[1:])
    if command == "migrate-db":
        from bot.tools.migrate_db import main as migrate_db

        return migrate_db(argv[1:])
    if command == "palettes":
        from bot.tools.palettes import main as palettes

        return palettes(argv[1:])
    if command == "health":
        from bot.runner import health

        return health(argv[1:])
    if command in ("run", "--run"):
        from bot.runner import run

        return run()
    print(
        "usage: python -m bot [run | health | preview | bench | aistats | balance | migrate-db |"
        " palettes]",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
