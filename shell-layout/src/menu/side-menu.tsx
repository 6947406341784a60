import { Icon, Menu, MenuDivider, MenuItem, type IconName } from '@blueprintjs/core';
import {
  logout,
  menu$,
  useObservable,
  useRoute,
  useSession,
  useTranslation,
  visibleMenu,
  type MenuItem as KontorMenuItem,
} from '@kontor/shared-session';
import { useMemo, useState } from 'react';
import { followInside } from '../layout/follow-link';
import { activeTrail } from './active-item';

interface EntryProps {
  item: KontorMenuItem;
  trail: string[];
  isExpanded: (item: KontorMenuItem) => boolean;
  toggle: (item: KontorMenuItem) => void;
}

/** One item of the side menu: a link, an external link, or a group that opens its children. */
function MenuEntry({ item, trail, isExpanded, toggle }: EntryProps) {
  const { t } = useTranslation();
  const label = t(item.title);
  const icon = item.icon as IconName | undefined;
  const active = trail[trail.length - 1] === item.name;
  let entry;
  if (item.children.length > 0) {
    const expanded = isExpanded(item);
    entry = (
      <>
        <MenuItem
          text={label}
          htmlTitle={label}
          icon={icon}
          disabled={item.disabled}
          active={!expanded && trail.includes(item.name)}
          aria-expanded={expanded}
          labelElement={<Icon icon={expanded ? 'chevron-down' : 'chevron-right'} />}
          onClick={(event) => {
            event.preventDefault();
            toggle(item);
          }}
        />
        {expanded ? (
          <li role="none">
            <ul role="group" aria-label={label} className="bp6-menu kontor-menu-children">
              {item.children.map((child) => (
                <MenuEntry
                  key={child.name}
                  item={child}
                  trail={trail}
                  isExpanded={isExpanded}
                  toggle={toggle}
                />
              ))}
            </ul>
          </li>
        ) : null}
      </>
    );
  } else if (item.href) {
    entry = (
      <MenuItem
        text={label}
        htmlTitle={label}
        icon={icon}
        disabled={item.disabled}
        href={item.href}
      />
    );
  } else {
    const path = item.pathTo ?? '/';
    entry = (
      <MenuItem
        text={label}
        htmlTitle={label}
        icon={icon}
        disabled={item.disabled}
        href={path}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={followInside(path)}
      />
    );
  }
  return (
    <>
      {item.dividerBefore ? <MenuDivider /> : null}
      {entry}
      {item.dividerAfter ? <MenuDivider /> : null}
    </>
  );
}

/** The side menu: every registered item the user may see, in position order, then login or logout. */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const { pathname } = useRoute();
  const tree = useObservable(menu$, []);
  const { permissions } = session;
  const menu = useMemo(
    () => visibleMenu(tree, (permission) => permissions.includes(permission)),
    [tree, permissions],
  );
  const trail = useMemo(() => activeTrail(menu, pathname), [menu, pathname]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  // A group opens by itself while the user is inside it, until the user closes it.
  const isExpanded = (item: KontorMenuItem) => toggled[item.name] ?? trail.includes(item.name);
  const toggle = (item: KontorMenuItem) =>
    setToggled((all) => ({ ...all, [item.name]: !isExpanded(item) }));

  return (
    <Menu className="kontor-side-menu" aria-label={t('menu.navigation')}>
      {menu.map((item) => (
        <MenuEntry
          key={item.name}
          item={item}
          trail={trail}
          isExpanded={isExpanded}
          toggle={toggle}
        />
      ))}
      <MenuDivider />
      {session.isLoggedIn ? (
        <MenuItem
          key="logout"
          text={t('menu.logout')}
          icon="log-out"
          onClick={(event) => {
            event.preventDefault();
            void logout();
          }}
        />
      ) : (
        <MenuItem
          key="login"
          text={t('menu.login')}
          icon="log-in"
          href="/login"
          onClick={followInside('/login')}
        />
      )}
    </Menu>
  );
}
