-- Undo requests (bot/undo.py): a person asks to take back their last action and every
-- other person seated must accept. At most one waiting request per match; it lapses when
-- the match's version moves on past anything but standing orders, and expires after a
-- day. version: the match's version when asked; seq: the log row to take back;
-- accepted: a JSON list of the user ids who accepted so far. Taking the actions back
-- (MatchStore.rewind) deletes the request in the same transaction.
CREATE TABLE undo_requests (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    asked_at REAL NOT NULL,
    accepted TEXT NOT NULL DEFAULT '[]'
);
