-- Server leagues (bot/table/leagues): a season of one game per server, Swiss or round
-- robin. A league's own row (its settings as JSON, a version guarding every write, when
-- its keeper must look at it next and the lease of the process doing so), who signed up,
-- and each round's tables with the match played there. Matches stay ordinary matches: a
-- table names its match, never the reverse.
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,             -- signup | running | paused | finished | cancelled
    creator_id INTEGER NOT NULL,
    settings TEXT NOT NULL,           -- JSON: name, format, rounds, clock, messages, ...
    version INTEGER NOT NULL DEFAULT 0,
    next_at REAL,                     -- when its keeper looks at it next (NULL: never)
    lease_owner TEXT,
    lease_until REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

CREATE INDEX leagues_by_guild ON leagues (guild_id, id);
CREATE INDEX leagues_due ON leagues (next_at) WHERE next_at IS NOT NULL;

CREATE TABLE league_entrants (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    number INTEGER NOT NULL,          -- sign-up order, then the pairing number
    joined_at REAL NOT NULL,
    left_round INTEGER,               -- left (or removed) in this round: forfeits from it on
    removed_by INTEGER,               -- the moderator who removed them
    PRIMARY KEY (league_id, user_id)
);

CREATE INDEX league_entrants_by_user ON league_entrants (user_id);

CREATE TABLE league_games (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    tbl INTEGER NOT NULL,
    kind TEXT NOT NULL,               -- match | bye | forfeit
    seats TEXT NOT NULL,              -- JSON: user ids in seat order
    places TEXT,                      -- JSON: each seat's place once over
    match_id INTEGER,
    thread_id INTEGER,
    by_ai INTEGER NOT NULL DEFAULT 0, -- finished by the AI at the round's deadline
    PRIMARY KEY (league_id, round, tbl)
);

CREATE INDEX league_games_by_match ON league_games (match_id) WHERE match_id IS NOT NULL;
