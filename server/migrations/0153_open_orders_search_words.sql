-- The words of the open orders (pending, processing, on hold) in an index of their own: the
-- orders a warehouse searches all day are a few thousand among millions of complete ones.
-- "Müller" among the pending orders was the pending orders' words read one by one (2,470 of
-- them in the bench, 1 ms of PostgreSQL's CPU a search); with this index it is the few
-- hundred open orders of that word (0.3 ms). An order enters and leaves it with its status.
CREATE INDEX orders_open_search_words_idx ON orders USING gin (search_words)
  WHERE status IN ('pending', 'processing', 'on_hold');
