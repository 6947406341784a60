-- Invoice export (issue 15): the department of an order, whose customer number goes on the
-- invoice (docs/domain.md "Tenancy"), and the files of exports too large to download at once
-- (job kind invoices.export), kept in the database so that any node can serve them.

-- A department's id is unique by itself; (id, client_id) lets an order name a department of
-- its own client only.
CREATE UNIQUE INDEX departments_id_client_key ON departments (id, client_id);

-- Null: no department chosen (the export then takes the client's department when it has
-- exactly one). Deleting a department clears it on its orders (their invoices fall back the
-- same way) instead of refusing the delete.
ALTER TABLE orders ADD COLUMN department_id integer;
ALTER TABLE orders ADD CONSTRAINT orders_department_fkey
  FOREIGN KEY (department_id, client_id) REFERENCES departments (id, client_id)
  ON DELETE SET NULL (department_id);
CREATE INDEX orders_department_idx ON orders (department_id) WHERE department_id IS NOT NULL;

-- The CSV of a finished export job, in chunks (like uploads): read back chunk by chunk.
CREATE TABLE invoice_export_files (
  job_id uuid NOT NULL,
  chunk integer NOT NULL CHECK (chunk >= 0),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, chunk)
);
