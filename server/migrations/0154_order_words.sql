-- Every word of the orders' `search_words`, once (issue 14): what the last word of a search
-- starts. The server looks the last typed word up here and searches the orders for the words
-- it starts ('greta' & ('hofmann' | 'hofmeister')) instead of for the start itself
-- ('greta' & 'hofm':*), as long as they are few (lists/list.ts withLastWords). The words'
-- index answers a start by collecting the orders of every word it starts into a bitmap whose
-- rows are then read again: among 1,000,000 orders "lea ha" found its 833 orders in 19 ms that
-- way and in 4 ms by its three words (hahn, hannah, hartmann). A whole word typed last costs
-- about the same either way. The words of 1,000,000 orders (2.2 million with the order
-- numbers and skus) take 175 MB with their index.
--
-- A word comes with the order or the edit that brings it and is never taken away: a word no
-- order has any more finds nothing. No unique key: with one, a writer adding a new word waits
-- for the commit of another adding it, and two adding two new words in opposite order
-- deadlock. Two writers may then both add a word; a reader takes each word once.
CREATE TABLE order_words (word text COLLATE "C" NOT NULL);
-- "C": the words in byte order, so the index answers `word LIKE 'hofm%'` as a range.
CREATE INDEX order_words_word_idx ON order_words (word);

INSERT INTO order_words (word)
SELECT DISTINCT word FROM orders, unnest(tsvector_to_array(search_words)) AS word;

-- Once per statement (an import adds its orders' words in one go): the new words of the rows.
CREATE FUNCTION add_order_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_words (word)
  SELECT DISTINCT t.word
    FROM new_orders n, unnest(tsvector_to_array(n.search_words)) AS t(word)
   WHERE NOT EXISTS (SELECT 1 FROM order_words w WHERE w.word = t.word COLLATE "C");
  RETURN NULL;
END $$;

-- An update (a status, a picking) mostly leaves the words as they were: only changed ones count.
CREATE FUNCTION add_changed_order_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_words (word)
  SELECT DISTINCT t.word
    FROM new_orders n JOIN old_orders o ON o.id = n.id,
         unnest(tsvector_to_array(n.search_words)) AS t(word)
   WHERE n.search_words <> o.search_words
     AND NOT EXISTS (SELECT 1 FROM order_words w WHERE w.word = t.word COLLATE "C");
  RETURN NULL;
END $$;

CREATE TRIGGER orders_add_words AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION add_order_words();
CREATE TRIGGER orders_add_changed_words AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION add_changed_order_words();
