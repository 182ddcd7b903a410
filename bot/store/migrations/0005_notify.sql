-- Notification settings and spectators (bot/notify.py).
--
-- One row per person who changed a setting with /notify (everyone else has the defaults:
-- pings on the board, reminders 12 h into a turn then daily, not away). The settings
-- follow a person across servers.
--   pings: where turn pings go: 'channel' (a mention on the board), 'dm' (a direct
--     message with a link, no ping in the channel), 'both', 'none'.
--   remind_after: seconds into a turn before the first reminder (NULL: the default).
--   away_since, away_until: the last away period; reminders and turn time limits count
--     from away_until (an early /notify back sets it to that moment).
--   dm_closed: a direct message was refused: pings go to the channel meanwhile.
--   locale: the person's Discord language, for the direct messages.
CREATE TABLE notify_settings (
    user_id INTEGER PRIMARY KEY,
    pings TEXT NOT NULL DEFAULT 'channel' CHECK (pings IN ('channel', 'dm', 'both', 'none')),
    reminders INTEGER NOT NULL DEFAULT 1,
    remind_after REAL,
    away_since REAL,
    away_until REAL,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    locale TEXT,
    updated_at REAL NOT NULL
);

-- People without a seat told privately when a match ends (every_turn: at each new turn
-- too). Gone with their match.
CREATE TABLE followers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    every_turn INTEGER NOT NULL DEFAULT 0,
    since REAL NOT NULL,
    locale TEXT,
    PRIMARY KEY (match_id, user_id)
);
