-- The words of the orders' `search_words`, each once (issue 14): what the last word of a
-- search starts. The server looks the last typed word up here and searches the orders for the
-- words it starts ('greta' & ('hofmann' | 'hofmeister')) instead of for the start itself
-- ('greta' & 'hofm':*), as long as they are few (lists/list.ts withLastWords). The words'
-- index answers a start by collecting the orders of every word it starts into a bitmap whose
-- rows are then read again: among 1,000,000 orders "lea ha" found its 833 orders in 19 ms that
-- way and in 4 ms by its three words (hahn, hannah, hartmann). A whole word typed last costs
-- about the same either way.
--
-- A word with a digit (an order number, a sku, a house number) is kept only as its part
-- before the first digit, `numbered` ("so-", "sku/", "" for "00657763"): nearly every order
-- has words of its own of that kind, and kept whole they made the table 2.2 million words
-- (175 MB) for 1,000,000 orders and every new order add two. A start with a digit is
-- searched as a start; so is one that starts such a part (every word with a digit that it
-- starts, it starts before the word's first digit).
--
-- A word comes with the order or the edit that brings it and is never taken away: a word no
-- order has any more finds nothing. No unique key: with one, a writer adding a new word waits
-- for the commit of another adding it, and two adding two new words in opposite order
-- deadlock. Two writers may then both add a word; a reader takes each word once.
CREATE TABLE order_words (
  word text COLLATE "C" NOT NULL,
  -- Not a word but the start of words with a digit, up to the first digit.
  numbered boolean NOT NULL
);
-- "C": the words in byte order, so the index answers `word LIKE 'hofm%'` as a range.
CREATE INDEX order_words_word_idx ON order_words (word, numbered);

-- The entries of an order's words: each word without a digit, and of each word with one its
-- part before the first digit (found as the first "0" once every digit is one). No regular
-- expression and not STRICT (PostgreSQL then runs the function on its own instead of as part
-- of the statement): an insert of 25,000 orders spends a quarter of a second on its entries,
-- not 1.5 s.
CREATE FUNCTION order_word_entries(words tsvector) RETURNS TABLE (word text, numbered boolean)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN digit > 0 THEN left(w, digit - 1) ELSE w END, digit > 0
      FROM unnest(tsvector_to_array(words)) AS w,
           strpos(translate(w, '123456789', '000000000'), '0') AS digit
  $$;

INSERT INTO order_words (word, numbered)
SELECT DISTINCT e.word, e.numbered FROM orders, order_word_entries(search_words) AS e;

-- Adds the entries of orders' words not in the table yet: each entry once, then looked up
-- once (not once per word of every order).
CREATE FUNCTION add_order_words(words tsvector[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_words (word, numbered)
  SELECT e.word, e.numbered
    FROM (SELECT DISTINCT e.word, e.numbered
            FROM unnest(words) AS v, order_word_entries(v) AS e) AS e
   WHERE NOT EXISTS (SELECT 1 FROM order_words w
                      WHERE w.word = e.word COLLATE "C" AND w.numbered = e.numbered)
$$;

-- Once per statement (an import adds its orders' words in one go).
CREATE FUNCTION orders_add_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_order_words(ARRAY(SELECT search_words FROM new_orders));
  RETURN NULL;
END $$;

-- An update (a status, a picking) mostly leaves the words as they were: only changed ones count.
CREATE FUNCTION orders_add_changed_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_order_words(ARRAY(
    SELECT n.search_words FROM new_orders n JOIN old_orders o ON o.id = n.id
     WHERE n.search_words <> o.search_words));
  RETURN NULL;
END $$;

CREATE TRIGGER orders_add_words AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_add_words();
CREATE TRIGGER orders_add_changed_words AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_add_changed_words();
