-- Permissions of inbound (issue 13), orders (issue 14) and stocktaking (issue 16), given to
-- the admin role. The areas' tables come in their own migrations (0101…, 0110…, 0120…).

INSERT INTO permissions (name) VALUES
  ('supplier:view'), ('supplier:create'), ('supplier:update'), ('supplier:delete'),
  ('avis:view'), ('avis:create'), ('avis:update'), ('avis:delete'), ('avis:book'),
  ('avis:import'),
  ('order:update'), ('order:cancel'),
  ('stocktaking:view'), ('stocktaking:create'), ('stocktaking:update'), ('stocktaking:count'),
  ('stocktaking:book'), ('stocktaking:delete')
ON CONFLICT (name) DO NOTHING;

INSERT INTO role_permissions (role_id, permission_id)
SELECT r.id, p.id FROM roles r, permissions p
 WHERE r.name = 'admin'
   AND p.name IN ('supplier:view', 'supplier:create', 'supplier:update', 'supplier:delete',
                  'avis:view', 'avis:create', 'avis:update', 'avis:delete', 'avis:book',
                  'avis:import', 'order:update', 'order:cancel',
                  'stocktaking:view', 'stocktaking:create', 'stocktaking:update', 'stocktaking:count',
                  'stocktaking:book', 'stocktaking:delete')
ON CONFLICT DO NOTHING;

-- Whoever may create orders may edit them: roles holding order:create get order:update.
INSERT INTO role_permissions (role_id, permission_id)
SELECT rp.role_id, p.id FROM role_permissions rp
  JOIN permissions held ON held.id = rp.permission_id AND held.name = 'order:create'
  CROSS JOIN permissions p
 WHERE p.name = 'order:update'
ON CONFLICT DO NOTHING;
