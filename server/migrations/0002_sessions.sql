-- Server-side sessions (Sanctum SPA style). id is the SHA-256 (hex) of the cookie token,
-- so a leaked table does not hand out live cookies.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  impersonator_id integer REFERENCES users (id) ON DELETE CASCADE,
  remember boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text,
  last_activity timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Failed-login counters, kept in the database so the limit holds across server nodes.
-- key = lower-cased e-mail + '|' + client address.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  attempts integer NOT NULL,
  reset_at timestamptz NOT NULL
);
