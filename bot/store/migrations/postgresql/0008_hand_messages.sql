-- PostgreSQL twin of ../0008_hand_messages.sql: each player's private panel in their
-- direct messages, one per player per match.
CREATE TABLE hand_messages (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    locale TEXT,
    PRIMARY KEY (match_id, user_id)
);
