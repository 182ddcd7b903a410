"""The table's rules, free of Discord and Pillow: matches (lobby, seats, turns, timers),
records, undo, notifications, replays, and the errors they raise."""
