-- Where each user last logged in successfully (issue 8). The per-account login limit does not
-- apply at these addresses, so failed attempts from elsewhere cannot lock a user out of the
-- places they work from; rows older than the remembered period are dropped at the next login.
-- The throttle keys themselves stay in login_throttle: '<email>|<address>' (as before),
-- 'address:<address or IPv6 /64>' and 'account:<email>'.
CREATE TABLE login_known_addresses (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, ip)
);
