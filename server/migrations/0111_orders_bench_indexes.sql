-- The orders list filtered by a rare status or by "has a fulfillment error", newest first
-- (bench/orders.mjs, issue 14). The list's status filter is `status = any(…)`, which the
-- planner cannot turn into an ordered scan of orders_status_date_idx, so it walks
-- orders_date_sort_idx backwards and filters: fine while the status's orders are among the
-- newest, but over 1,000,000 orders with 5,000 held long ago it read 995,000 rows to find the
-- page (930 ms). A partial index per rare status on the list's sort serves the page (and the
-- capped count) in 26 index entries whatever the dates (1 ms). `complete` is most of the
-- table: the backward walk finds its rows at once, and its index would be the table's size.
CREATE INDEX orders_pending_date_idx ON orders (order_date, id) WHERE status = 'pending';
CREATE INDEX orders_processing_date_idx ON orders (order_date, id) WHERE status = 'processing';
CREATE INDEX orders_on_hold_date_idx ON orders (order_date, id) WHERE status = 'on_hold';
CREATE INDEX orders_cancelled_date_idx ON orders (order_date, id) WHERE status = 'cancelled';
-- /order/error: the orders with a fulfillment error, newest order date first.
CREATE INDEX orders_error_date_idx ON orders (order_date, id) WHERE fulfillment_error IS NOT NULL;
