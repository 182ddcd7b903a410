-- PostgreSQL twin of ../0009_undo_messages.sql: each undo request's public message, kept
-- while it may still show Accept / Refuse.
CREATE TABLE undo_messages (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    PRIMARY KEY (match_id, message_id)
);
