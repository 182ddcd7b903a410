-- The public message of each undo request (cogs/undo.py), kept while it may still show
-- Accept / Refuse: a request closed by a write whose message the bot could not edit (it
-- stopped between the two) is found here and its buttons removed by the timer tick. The
-- newest of a match is its request's while that request is open. Gone with its match.
CREATE TABLE undo_messages (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (match_id, message_id)
);
