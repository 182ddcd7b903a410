-- Each player's lasting private panel (cogs/_hands.py): a direct message with the bot,
-- one per player per match, edited in place as the match goes on, its buttons working
-- from there. It is private: writing it never changes the match (no version, no trace on
-- the public board). locale: the player's Discord language when it was sent (the panel
-- is written in it). Gone with its match.
CREATE TABLE hand_messages (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    locale TEXT,
    PRIMARY KEY (match_id, user_id)
);
