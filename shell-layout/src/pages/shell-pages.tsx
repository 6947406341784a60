import { accessDecision, useRoute, useSession } from '@kontor/shared-session';
import type { ComponentType } from 'react';
import { AccountPage } from './account-page';
import { HomePage } from './home-page';
import { LoginPage } from './login-page';
import { NotFoundPage } from './not-found-page';
import { UnauthorizedPage } from './unauthorized-page';

/** The import-map name the shell's routes are registered under. */
export const SHELL_MODULE = '@kontor/shell-layout';

/** The shell's pages by route name (manifest.json). */
const pages: Record<string, ComponentType> = {
  'shell.home': HomePage,
  'shell.login': LoginPage,
  'shell.unauthorized': UnauthorizedPage,
  'shell.account': AccountPage,
};

/** The shell's part of the content area: its own routes, and not-found for paths no module claims. */
export function ShellPages() {
  const current = useRoute();
  const session = useSession();
  const { route } = current;
  let page = null;
  if (!route) page = <NotFoundPage pathname={current.pathname} />;
  else if (route.module === SHELL_MODULE && accessDecision(route, session) === 'allow') {
    const ShellPage = pages[route.name];
    page = ShellPage ? <ShellPage /> : null;
  }
  if (!page) return null;
  return (
    <div key={current.fullPath} className="kontor-page kontor-fade">
      {page}
    </div>
  );
}
