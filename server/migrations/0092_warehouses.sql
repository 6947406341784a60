-- Warehouses (issue 12): the walking-order key of a path, and the indexes of the warehouse
-- and place lists (search and sort).

-- `R2 / P10` → `R0000000002 / P0000000010`: every run of digits zero-padded to 10 places, so
-- text order is the natural walking order (R2 before R10). A longer run stays as it is.
CREATE FUNCTION warehouse_path_sort(path text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN part[1] ~ '^[0-9]' AND length(part[1]) < 10 THEN lpad(part[1], 10, '0')
                ELSE part[1] END, '' ORDER BY n), '')
    FROM regexp_matches(path, '([0-9]+|[^0-9]+)', 'g') WITH ORDINALITY AS parts(part, n)
$$;

-- The place list over all warehouses in walking order; search by barcode (path has its own).
CREATE INDEX places_path_sort_idx ON places (path_sort, id);
CREATE INDEX places_barcode_sort_idx ON places (barcode, id);
CREATE INDEX places_barcode_trgm_idx ON places USING gin (barcode gin_trgm_ops);

-- The warehouse list: sort by code and city, search by name, code and city.
CREATE INDEX warehouses_code_sort_idx ON warehouses (lower(code), id);
CREATE INDEX warehouses_city_sort_idx ON warehouses (lower(city), id);
CREATE INDEX warehouses_name_trgm_idx ON warehouses USING gin (name gin_trgm_ops);
CREATE INDEX warehouses_code_trgm_idx ON warehouses USING gin (code gin_trgm_ops);
CREATE INDEX warehouses_city_trgm_idx ON warehouses USING gin (city gin_trgm_ops);

