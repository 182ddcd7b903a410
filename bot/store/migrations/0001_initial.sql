-- Matches, their seats and the append-only action log a match can be replayed from.
CREATE TABLE matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,             -- lobby | active | finished | cancelled | frozen
    creator_id INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    settings TEXT NOT NULL,           -- JSON: engine options, time limit, ...
    state TEXT,                       -- JSON engine dump, NULL while in the lobby
    result TEXT,                      -- JSON {"winners": [...], "reason": "..."} once over
    version INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    turn_started_at REAL,
    last_reminder_at REAL,
    frozen_reason TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

-- One open match per channel (a thread is a channel).
CREATE UNIQUE INDEX one_open_match_per_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX matches_by_status ON matches (status);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,                  -- NULL for an AI seat
    is_ai INTEGER NOT NULL DEFAULT 0,
    expiries INTEGER NOT NULL DEFAULT 0,  -- turns in a row the time limit ran out
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by_ai INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    PRIMARY KEY (match_id, seq)
);
