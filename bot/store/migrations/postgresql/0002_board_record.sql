-- PostgreSQL twin of ../0002_board_record.sql: what the channel's board shows.
ALTER TABLE matches ADD COLUMN board_version INTEGER;
ALTER TABLE matches ADD COLUMN board_acting TEXT;  -- JSON list of seats, NULL: no board yet

UPDATE matches SET board_version = version;

CREATE INDEX matches_with_lagging_board ON matches (id)
    WHERE board_version IS NULL OR board_version < version;
