import { accessDecision, getSession, matchRoute } from '@kontor/shared-session';

/** Where the guard sends a user who may not open `pathname`, or null when they may. */
export function guardRedirect(pathname: string): '/login' | '/unauthorized' | null {
  const match = matchRoute(pathname);
  const decision = accessDecision(match?.route ?? null, getSession());
  if (decision === 'login') return '/login';
  if (decision === 'unauthorized') return '/unauthorized';
  return null;
}

/** A module is active when the current path's route is one of its own and the session allows it. */
export function isModuleActive(moduleName: string, location: Location): boolean {
  const match = matchRoute(location.pathname);
  return (
    !!match &&
    match.route.module === moduleName &&
    accessDecision(match.route, getSession()) === 'allow'
  );
}
