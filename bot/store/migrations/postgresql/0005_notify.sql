-- PostgreSQL twin of ../0005_notify.sql: notification settings and spectators.
CREATE TABLE notify_settings (
    user_id BIGINT PRIMARY KEY,
    pings TEXT NOT NULL DEFAULT 'channel' CHECK (pings IN ('channel', 'dm', 'both', 'none')),
    reminders INTEGER NOT NULL DEFAULT 1,
    remind_after DOUBLE PRECISION,
    away_since DOUBLE PRECISION,
    away_until DOUBLE PRECISION,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    locale TEXT,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE followers (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    every_turn INTEGER NOT NULL DEFAULT 0,
    since DOUBLE PRECISION NOT NULL,
    locale TEXT,
    PRIMARY KEY (match_id, user_id)
);
