-- Several bot processes may share one database (PostgreSQL, one process per group of
-- shards). A due timer is claimed before it is handled: the process that claims it owns
-- it until timer_lease_until, and no other process takes it meanwhile. Storing the
-- match's next timer ends the lease; a lease whose owner died runs out and another
-- process claims the timer (MatchStore.due_timers).
ALTER TABLE matches ADD COLUMN timer_owner TEXT;
ALTER TABLE matches ADD COLUMN timer_lease_until REAL;
