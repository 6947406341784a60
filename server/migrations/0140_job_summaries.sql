-- A job's summary in each language of the interface (issue 11 kept it in English only): the
-- notification of an ended job and /horizon show it in the reader's language. `summary` stays
-- the English one (searched, and the fallback for jobs enqueued before this column).
ALTER TABLE jobs ADD COLUMN summaries jsonb;
