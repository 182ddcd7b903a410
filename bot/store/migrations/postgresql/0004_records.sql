-- PostgreSQL twin of ../0004_records.sql: players' records and ratings.
ALTER TABLE matches ADD COLUMN started_at DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN ended_at DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN place INTEGER;
ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;

-- SQLite's json_valid/json_extract guard: a settings column that is not JSON (or whose
-- started_at is no number) gives NULL instead of failing the upgrade. A session-local
-- function, gone with this migration.
CREATE FUNCTION pg_temp.started_at_in(settings TEXT) RETURNS DOUBLE PRECISION
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN (settings::jsonb ->> 'started_at')::DOUBLE PRECISION;
EXCEPTION WHEN OTHERS THEN
    RETURN NULL;
END
$$;

UPDATE matches SET started_at = COALESCE(pg_temp.started_at_in(settings), created_at)
    WHERE status IN ('active', 'finished', 'frozen');

DROP FUNCTION pg_temp.started_at_in(TEXT);

CREATE INDEX matches_finish_unrecorded ON matches (updated_at, id)
    WHERE status = 'finished' AND ended_at IS NULL;

CREATE INDEX seats_by_user_match ON seats (user_id, match_id);
CREATE INDEX matches_finished ON matches (guild_id, ended_at) WHERE status = 'finished';

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC, user_id);

CREATE TABLE rating_history (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX rating_history_by_player ON rating_history (guild_id, user_id, game, at);
