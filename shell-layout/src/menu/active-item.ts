import type { MenuItem } from '@kontor/shared-session';

function matches(pathTo: string | undefined, pathname: string): number {
  if (!pathTo) return -1;
  if (pathname === pathTo || pathname.startsWith(pathTo === '/' ? '/' : `${pathTo}/`))
    return pathTo.length;
  return -1;
}

/**
 * The item the user is on: the leaf whose path is the longest prefix of the current path
 * (/administration/users/create highlights "users"), with the names of its ancestors.
 */
export function activeTrail(menu: MenuItem[], pathname: string): string[] {
  let best: { length: number; trail: string[] } = { length: -1, trail: [] };
  const visit = (items: MenuItem[], ancestors: string[]) => {
    for (const item of items) {
      const trail = [...ancestors, item.name];
      if (item.children.length > 0) visit(item.children, trail);
      else {
        const length = matches(item.pathTo, pathname);
        if (length > best.length) best = { length, trail };
      }
    }
  };
  visit(menu, []);
  return best.trail;
}
