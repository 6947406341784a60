-- The installation's time zone (config TIME_ZONE, docs/design.md "Words, numbers and dates"),
-- one row that the server writes at start (server/src/domain/time-zone.ts). What the database
-- itself dates by the calendar — the shipments' day counters of the dashboard and the year in
-- avis, stocktaking and picklist numbers — reads it through kontor_time_zone().
CREATE TABLE installation (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  time_zone text NOT NULL DEFAULT 'Europe/Berlin'
);
INSERT INTO installation DEFAULT VALUES;

CREATE FUNCTION kontor_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT time_zone FROM installation
$$;

CREATE OR REPLACE FUNCTION shipments_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT (created_at AT TIME ZONE kontor_time_zone())::date, count(*) FROM counted_new GROUP BY 1;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION shipments_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT (created_at AT TIME ZONE kontor_time_zone())::date, -count(*) FROM counted_old GROUP BY 1;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION shipments_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT day, sum(n) FROM (
      SELECT (created_at AT TIME ZONE kontor_time_zone())::date AS day, -1 AS n FROM counted_old
      UNION ALL
      SELECT (created_at AT TIME ZONE kontor_time_zone())::date, 1 FROM counted_new
    ) changed GROUP BY day HAVING sum(n) <> 0;
  RETURN NULL;
END
$$;

-- Counts the shipments per day again (the zone changed): under the dashboard's fold lock.
CREATE FUNCTION shipments_recount_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kontor-dashboard-counts'));
  DELETE FROM shipment_day_counts;
  INSERT INTO shipment_day_counts (day, n)
    SELECT (created_at AT TIME ZONE kontor_time_zone())::date, count(*) FROM shipments GROUP BY 1;
END
$$;

ALTER TABLE avis ALTER COLUMN number SET DEFAULT (
  'AV-' || to_char(now() AT TIME ZONE kontor_time_zone(), 'YYYY') || '-' ||
  lpad(nextval('avis_number_seq')::text, 6, '0'));
ALTER TABLE stocktakings ALTER COLUMN number SET DEFAULT (
  'INV-' || to_char(now() AT TIME ZONE kontor_time_zone(), 'YYYY') || '-' ||
  lpad(nextval('stocktaking_number_seq')::text, 6, '0'));
ALTER TABLE picklists ALTER COLUMN number SET DEFAULT (
  'PL-' || to_char(now() AT TIME ZONE kontor_time_zone(), 'YYYY') || '-' ||
  lpad(nextval('picklist_number_seq')::text, 6, '0'));
