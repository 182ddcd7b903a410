-- PostgreSQL twin of ../0006_undo.sql: at most one waiting undo request per match.
CREATE TABLE undo_requests (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    asked_at DOUBLE PRECISION NOT NULL,
    accepted TEXT NOT NULL DEFAULT '[]'
);
