-- PostgreSQL twin of ../0003_timers.sql: when a match's next timer falls due.
ALTER TABLE matches ADD COLUMN timer_at DOUBLE PRECISION;

UPDATE matches SET timer_at = updated_at WHERE status = 'active';

CREATE INDEX matches_by_timer ON matches (timer_at)
    WHERE status = 'active' AND timer_at IS NOT NULL;
