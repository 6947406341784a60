-- A search's query (each typed word a word of the order, the last one also the start of one)
-- is built by the server (lists/list.ts typedWords) and only lowered here, `lower($n)::tsquery`:
-- the planner evaluated `search_prefixes($n)` once for every place a search appears in a
-- list page's statement, 0.1 ms each on every request, more than most searches cost to run.
DROP FUNCTION search_prefixes(text);
