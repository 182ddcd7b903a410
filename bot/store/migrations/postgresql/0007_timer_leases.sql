-- PostgreSQL twin of ../0007_timer_leases.sql: who claimed a due timer, and until when.
ALTER TABLE matches ADD COLUMN timer_owner TEXT;
ALTER TABLE matches ADD COLUMN timer_lease_until DOUBLE PRECISION;
