-- Lists that stay fast as tables grow (issue 10): every sort key of a list has a b-tree
-- index on exactly its ORDER BY (expression, id), so a page — and a keyset page after a
-- cursor — is read from the index instead of sorting the table; every searched column has a
-- trigram index, so `ILIKE '%text%'` does not read every row. pg_trgm ships with
-- PostgreSQL (Debian: part of postgresql-15) and with PGlite (loaded in db/pglite.ts); it is
-- a trusted extension, so the database's owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The planner's default random_page_cost (4) prices index pages as spinning-disk seeks, so
-- it prefers reading all of users (ILIKE on every row: ~500 ms per 100,000 on PGlite) to a
-- trigram index scan (~10 ms). 1.1 is PostgreSQL's advice for SSDs and cached data: set for
-- this session (PGlite has only this one) and as the database's default for every later
-- session; a role that may not alter the database keeps the default (then set it yourself).
SET random_page_cost = 1.1;
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost stays at the default: set it to 1.1 for the lists'' search';
END $$;

-- Sort indexes (users (lower(name), id) exists since 0020).
CREATE INDEX users_email_sort_idx ON users (lower(email), id);
CREATE INDEX roles_name_sort_idx ON roles (lower(name), id);
CREATE INDEX clients_name_sort_idx ON clients (lower(name), id);
CREATE INDEX clients_city_sort_idx ON clients (lower(city), id);
CREATE INDEX departments_name_sort_idx ON departments (lower(name), id);
CREATE INDEX departments_customer_number_sort_idx ON departments (lower(customer_number), id);
CREATE INDEX shippers_name_sort_idx ON shippers (lower(name), id);
CREATE INDEX shipping_methods_name_sort_idx ON shipping_methods (lower(name), id);

-- Filter indexes: the departments of one client by name (the filter of the department list);
-- users by role use user_roles' primary key (user_id, role_id), methods by shipper
-- shipping_methods_shipper_id_idx.
CREATE INDEX departments_client_name_sort_idx ON departments (client_id, lower(name), id);

-- Search indexes: one per column a list's search matches.
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX roles_name_trgm_idx ON roles USING gin (name gin_trgm_ops);
CREATE INDEX clients_name_trgm_idx ON clients USING gin (name gin_trgm_ops);
CREATE INDEX clients_first_name_trgm_idx ON clients USING gin (first_name gin_trgm_ops);
CREATE INDEX clients_last_name_trgm_idx ON clients USING gin (last_name gin_trgm_ops);
CREATE INDEX clients_postcode_trgm_idx ON clients USING gin (postcode gin_trgm_ops);
CREATE INDEX clients_city_trgm_idx ON clients USING gin (city gin_trgm_ops);
CREATE INDEX departments_name_trgm_idx ON departments USING gin (name gin_trgm_ops);
CREATE INDEX departments_customer_number_trgm_idx ON departments
  USING gin (customer_number gin_trgm_ops);
CREATE INDEX shippers_name_trgm_idx ON shippers USING gin (name gin_trgm_ops);
CREATE INDEX shipping_methods_name_trgm_idx ON shipping_methods USING gin (name gin_trgm_ops);
