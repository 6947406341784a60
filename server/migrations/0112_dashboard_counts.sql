-- The dashboard's figures kept as counters (issue 14): counting 1,000,000 orders by status
-- on every dashboard call took ~400 ms, and every viewer asks again on each order change.
--
-- The counters are append-only rows of changes ("deltas"): a figure is the sum of its rows.
-- Statement-level triggers add one row per status (and per day) that a statement changed,
-- aggregated over its transition table, so a batch import of 1,000 orders adds a handful of
-- rows, not 1,000. Writers only INSERT here: no writer ever waits for another's counter row
-- (a row per status updated in place would serialize every order-writing transaction on the
-- "pending" row until commit, and two transactions moving orders between the same two
-- statuses in opposite directions would deadlock). dashboard_compact_counts() folds the rows
-- into one per key now and then (the dashboard calls it when they pile up); folding deletes
-- only rows its snapshot sees and inserts their sum in the same transaction, so a change
-- committed meanwhile is neither lost nor counted twice.

-- Orders by status: count(status) = sum(n).
CREATE TABLE order_status_counts (
  status text NOT NULL,
  n bigint NOT NULL
);

-- Orders by order date (any status): the chart's orders and "orders today".
CREATE TABLE order_day_counts (
  day date NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX order_day_counts_day_idx ON order_day_counts (day);

-- Shipments by the calendar day in Europe/Berlin they were created on (docs/domain.md "Today").
CREATE TABLE shipment_day_counts (
  day date NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX shipment_day_counts_day_idx ON shipment_day_counts (day);

CREATE FUNCTION orders_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, n)
    SELECT status, count(*) FROM counted_new GROUP BY status;
  INSERT INTO order_day_counts (day, n)
    SELECT order_date, count(*) FROM counted_new GROUP BY order_date;
  RETURN NULL;
END
$$;

CREATE FUNCTION orders_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, n)
    SELECT status, -count(*) FROM counted_old GROUP BY status;
  INSERT INTO order_day_counts (day, n)
    SELECT order_date, -count(*) FROM counted_old GROUP BY order_date;
  RETURN NULL;
END
$$;

-- An UPDATE counts its rows out as they were and in as they are: keys whose sum is 0 (the
-- status or date did not change) add no row.
CREATE FUNCTION orders_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, n)
    SELECT status, sum(n) FROM (
      SELECT status, -1 AS n FROM counted_old UNION ALL SELECT status, 1 FROM counted_new
    ) changed GROUP BY status HAVING sum(n) <> 0;
  INSERT INTO order_day_counts (day, n)
    SELECT order_date, sum(n) FROM (
      SELECT order_date, -1 AS n FROM counted_old UNION ALL SELECT order_date, 1 FROM counted_new
    ) changed GROUP BY order_date HAVING sum(n) <> 0;
  RETURN NULL;
END
$$;

-- TRUNCATE fires no row or DELETE triggers: the counters go with it.
CREATE FUNCTION orders_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  DELETE FROM order_day_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_count_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS counted_new
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_inserted();
CREATE TRIGGER orders_count_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS counted_old
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_deleted();
CREATE TRIGGER orders_count_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS counted_old NEW TABLE AS counted_new
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_updated();
CREATE TRIGGER orders_count_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_truncated();

CREATE FUNCTION shipments_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, count(*) FROM counted_new GROUP BY 1;
  RETURN NULL;
END
$$;

CREATE FUNCTION shipments_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, -count(*) FROM counted_old GROUP BY 1;
  RETURN NULL;
END
$$;

CREATE FUNCTION shipments_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_counts (day, n)
    SELECT day, sum(n) FROM (
      SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, -1 AS n FROM counted_old
      UNION ALL
      SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, 1 FROM counted_new
    ) changed GROUP BY day HAVING sum(n) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION shipments_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipment_day_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER shipments_count_inserted AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS counted_new
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_count_inserted();
CREATE TRIGGER shipments_count_deleted AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS counted_old
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_count_deleted();
CREATE TRIGGER shipments_count_updated AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS counted_old NEW TABLE AS counted_new
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_count_updated();
CREATE TRIGGER shipments_count_truncated AFTER TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_count_truncated();

-- Folds each counter table into one row per key (rows summing to 0 go). One folder at a time
-- (a transaction-level advisory lock, skipped when taken): two folders would each delete the
-- other's rows. Returns whether it folded.
CREATE FUNCTION dashboard_compact_counts() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('kontor-dashboard-counts')) THEN
    RETURN false;
  END IF;
  WITH gone AS (DELETE FROM order_status_counts RETURNING status, n)
  INSERT INTO order_status_counts (status, n)
    SELECT status, sum(n) FROM gone GROUP BY status HAVING sum(n) <> 0;
  WITH gone AS (DELETE FROM order_day_counts RETURNING day, n)
  INSERT INTO order_day_counts (day, n)
    SELECT day, sum(n) FROM gone GROUP BY day HAVING sum(n) <> 0;
  WITH gone AS (DELETE FROM shipment_day_counts RETURNING day, n)
  INSERT INTO shipment_day_counts (day, n)
    SELECT day, sum(n) FROM gone GROUP BY day HAVING sum(n) <> 0;
  RETURN true;
END
$$;

-- The orders and shipments there are now (the triggers, made above in this transaction,
-- hold orders and shipments against writes until it commits).
INSERT INTO order_status_counts (status, n) SELECT status, count(*) FROM orders GROUP BY status;
INSERT INTO order_day_counts (day, n) SELECT order_date, count(*) FROM orders GROUP BY order_date;
INSERT INTO shipment_day_counts (day, n)
  SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, count(*) FROM shipments GROUP BY 1;
