-- What the channel's board shows: the state version it was drawn from and the seats it
-- asked to act. A board that lags its match's version is published again (after a crash
-- or a Discord error); a seat is pinged only when it is newly among those to act.
ALTER TABLE matches ADD COLUMN board_version INTEGER;
ALTER TABLE matches ADD COLUMN board_acting TEXT;  -- JSON list of seats, NULL: no board yet

-- Boards of existing matches are taken as current.
UPDATE matches SET board_version = version;

CREATE INDEX matches_with_lagging_board ON matches (id)
    WHERE board_version IS NULL OR board_version < version;
