-- Sessions get a public id: their user sees and ends them by it on /account/edit, while
-- the id column (the token's hash) never leaves the server.
ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX sessions_public_id_idx ON sessions (public_id);
-- Ending every session that acts as a user looks up impersonator_id too.
CREATE INDEX sessions_impersonator_id_idx ON sessions (impersonator_id);
-- Visitors before login have no row any more (their CSRF token is a signed cookie).
DELETE FROM sessions WHERE user_id IS NULL;
-- created_at is when the user logged in (login-as keeps it): the absolute lifetime counts from it.
