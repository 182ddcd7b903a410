-- When a match's next timer (a reminder, a turn's time limit, a pulse reminder) falls due.
-- The timer loop reads only the matches due now, through this index, whatever the number
-- of active matches. NULL: nothing to wait for (nobody to remind, no time limit).
ALTER TABLE matches ADD COLUMN timer_at REAL;

-- Active matches are looked at once at the first tick after the upgrade, which sets their
-- real next timer.
UPDATE matches SET timer_at = updated_at WHERE status = 'active';

CREATE INDEX matches_by_timer ON matches (timer_at)
    WHERE status = 'active' AND timer_at IS NOT NULL;
