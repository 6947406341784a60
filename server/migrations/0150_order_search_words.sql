-- The orders list's free text is searched by words (issue 14). What a user types is split into
-- words, and every typed word must be a word of the order, the last one typed also the start
-- of one: of its number, the shipping address's first and last name and company, or an item's
-- sku ("hofm" finds Hofmann, "greta hof" Greta Hofmann, "SO-0065" SO-00657763). A word with
-- punctuation in it can also be found from after each punctuation mark: "lüd" finds
-- Müller-Lüdenscheidt, "00657763" SO-00657763, "sku/47" WS-SKU/4711.
--
-- One GIN index on the order's words answers a search from the posting lists of the typed
-- words alone. The four trigram indexes it replaces matched any part of a text, but every
-- search read the lists of all its three-letter groups: on 1,000,000 orders 8–25 ms of CPU for
-- an order number, a sku or a name (the groups of "SO-0…", "SKU-0…" or a common first name are
-- in most orders), which bounds a server to a few dozen searches a second; and each of them
-- was kept up to date on every write of an order.

-- The words of a text, lower case, each also from after each run of ASCII punctuation in it;
-- as a tsvector of plain lexemes (no stemming, no stop words: a sku or a name as written).
CREATE FUNCTION search_words(source text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT array_to_tsvector(coalesce(array_agg(DISTINCT term), '{}'))
            FROM regexp_split_to_table(lower(source), '\s+') AS word,
                 generate_series(0, regexp_count(word, '[!-/:-@[-`{-~]+')) AS n,
                 substr(word, CASE WHEN n = 0 THEN 1
                                   ELSE regexp_instr(word, '[!-/:-@[-`{-~]+', 1, n, 1) END) AS term
           WHERE term <> '' AND octet_length(term) <= 1000);

-- The query of a search text: each of its words (lower case, without punctuation at its ends)
-- a word of the row, the last one also the start of a word, as a search is typed
-- (`'greta' & 'hofm':*`). A text of punctuation alone finds nothing. Only the last word is a
-- prefix: the index answers a prefix from the lists of every word that starts with it, and
-- two prefixes of common names ("cla mül") cost as much CPU as the trigram search again.
CREATE FUNCTION search_prefixes(search text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT coalesce(string_agg(
                   '''' || replace(replace(word, '\', '\\'), '''', '''''') || ''''
                   || CASE WHEN n = last THEN ':*' ELSE '' END, ' & ' ORDER BY n), '')::tsquery
            FROM (SELECT word, n, max(n) OVER () AS last
                    FROM (SELECT btrim(part, '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~') AS word, n
                            FROM regexp_split_to_table(lower(search), '\s+')
                                 WITH ORDINALITY AS typed(part, n)) parts
                   WHERE word <> '') words);

ALTER TABLE orders ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
  search_words(number || ' ' || ship_first_name || ' ' || ship_last_name || ' ' || ship_company
               || ' ' || item_skus)) STORED;
CREATE INDEX orders_search_words_idx ON orders USING gin (search_words);

DROP INDEX orders_number_trgm_idx;
DROP INDEX orders_ship_name_trgm_idx;
DROP INDEX orders_ship_company_trgm_idx;
DROP INDEX orders_item_skus_trgm_idx;
