-- Who may do what changes rarely and is read on every request. A server keeps each user's
-- permissions in memory by this number, which every change of a role's permissions or of a
-- user's roles moves on (in the changing transaction: the session lookup of the next request,
-- on any server, reads the new number with the session and reads the permissions again).
-- Reading the permissions of a user (roles, their permissions, sorted) cost every request
-- about a quarter of a millisecond of PostgreSQL's and the server's time (bench/stock.mjs).
CREATE TABLE access_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO access_epoch (only_row, n) VALUES (true, 1);

CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_epoch SET n = n + 1;
  RETURN NULL;
END
$$;

-- Statement triggers: a change of many rows moves the number once. A role deleted takes its
-- rows of both tables with it (ON DELETE CASCADE runs these triggers too).
CREATE TRIGGER user_roles_access_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
CREATE TRIGGER role_permissions_access_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
CREATE TRIGGER permissions_access_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
