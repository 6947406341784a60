-- Background work (issue 11). The queue itself is pg-boss's (schema `pgboss`, created and
-- migrated by pg-boss when the server starts, see server/src/jobs/queue.ts): its job rows
-- hold the state, attempts, retry schedule and the last error or result. `jobs` holds what
-- Kontor adds to a queue job: who started it, a summary for humans, its progress and which
-- node runs it (with a heartbeat, so a job of a node that died is taken up again). A job's
-- `jobs` row and its queue row are written in the same transaction as the enqueuing work.
CREATE TABLE jobs (
  -- The list's keyset column (ids are UUIDs, the list pages by an integer).
  seq integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  summary text NOT NULL,
  progress jsonb,
  -- The node running the job now and when it last said so (null while not running).
  node text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_newest_idx ON jobs ((-seq));
CREATE INDEX jobs_created_by_idx ON jobs (created_by);
CREATE INDEX jobs_summary_trgm_idx ON jobs USING gin (summary gin_trgm_ops);
CREATE INDEX jobs_kind_trgm_idx ON jobs USING gin (kind gin_trgm_ops);

-- Uploaded files (CSV, XLSX) for jobs to read: in the database, so whichever node runs the
-- job reads them, in chunks of up to 1 MiB written as the upload streams in. An upload is
-- usable once `complete`; incomplete ones (a broken upload) and old ones are swept.
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('csv', 'xlsx')),
  size bigint NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_created_at_idx ON uploads (created_at);

CREATE TABLE upload_chunks (
  upload_id uuid NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);
