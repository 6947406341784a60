-- The module registry (issue 5): every import-map entry that is live, and the history of
-- every release, so a deploy changes one row atomically and a rollback finds the one before.
CREATE TABLE module_releases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Import-map name, e.g. @kontor/admin or react.
  module text NOT NULL,
  -- The build's content hash (or what the deployer names it).
  version text NOT NULL,
  url text NOT NULL,
  -- Subresource integrity of the bundle at url (sha384-…), checked by SystemJS.
  integrity text NOT NULL,
  -- The module's manifest; null for libraries and runtime modules without routes.
  manifest jsonb,
  -- build: registered from npm run build at start; deploy / rollback: by an operator.
  action text NOT NULL CHECK (action IN ('build', 'deploy', 'rollback')),
  -- The release that was live before this one; a rollback goes back to it.
  replaced_id bigint REFERENCES module_releases (id),
  -- Who: build, deploy-token or user:<id> <name>.
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX module_releases_module_idx ON module_releases (module, id);

CREATE TABLE live_modules (
  -- Order of first registration: modules.json keeps the build's order.
  position bigint GENERATED ALWAYS AS IDENTITY,
  module text PRIMARY KEY,
  release_id bigint NOT NULL REFERENCES module_releases (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
