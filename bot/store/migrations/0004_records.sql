-- Players' records: what a finished match keeps for stats and ratings, and the ratings.
--
-- started_at: when the match left its lobby (wall clock); ended_at: when it finished, set
-- in the same transaction as the finished status (see bot/store.py). seats.place: 1 for
-- the winners, the next place shared by everybody else (bot/records.py, ``placings``);
-- seats.won: the seat's person won. Both stay NULL / 0 until the match is finished.
ALTER TABLE matches ADD COLUMN started_at REAL;
ALTER TABLE matches ADD COLUMN ended_at REAL;
ALTER TABLE seats ADD COLUMN place INTEGER;
ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;

-- Matches that left their lobby started when the match service wrote it in their settings
-- (older rows: when they were created). An unreadable settings column is no reason to
-- refuse the upgrade.
UPDATE matches SET started_at = COALESCE(
        CASE WHEN json_valid(settings) THEN json_extract(settings, '$.started_at') END,
        created_at)
    WHERE status IN ('active', 'finished', 'frozen');

-- Finished matches of an older database keep ended_at NULL here: on opening, the store
-- records them in the order they ended (updated_at) with the same code as a new finish
-- (placings, ended_at = updated_at, ratings), through this index. Afterwards the index
-- is empty: a finish is recorded in the transaction that writes it.
CREATE INDEX matches_finish_unrecorded ON matches (updated_at, id)
    WHERE status = 'finished' AND ended_at IS NULL;

-- A player's finished matches, newest first (/history, /stats).
CREATE INDEX seats_by_user_match ON seats (user_id, match_id);
CREATE INDEX matches_finished ON matches (guild_id, ended_at) WHERE status = 'finished';

-- openskill (Plackett-Luce) ratings per server, game and person. ordinal = mu - 3 sigma,
-- the number shown and sorted on. Only people are rated (AI seats are a fixed opponent).
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC, user_id);

-- Each rated match's new rating for each person rated in it. The key makes rating
-- idempotent: a match that has rows here is never rated again.
CREATE TABLE rating_history (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX rating_history_by_player ON rating_history (guild_id, user_id, game, at);
