import { eventBus, useRoute } from '@kontor/shared-session';
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { addShellTexts } from './i18n/shell-texts';
import { useDarkMode } from './layout/dark-mode';
import { layoutSlot } from './layout/layout-slot';
import { useLayoutClasses } from './layout/use-layout-classes';
import { SideMenu } from './menu/side-menu';
import { ShellPages } from './pages/shell-pages';
import { ToastStack } from './toasts/toast-stack';
import { TopBar } from './topbar/top-bar';
import './shell.css';

addShellTexts();

/**
 * The shell, from one React root: side menu and top bar into the page skeleton's areas
 * (default layout only), the shell's own pages and not-found into its mount point, and the toasts.
 */
export function ShellRoot() {
  const { route } = useRoute();
  const empty = route?.layout === 'empty';
  const [menuOpen, setMenuOpen] = useState(true);
  const { dark, toggleDark } = useDarkMode();
  useLayoutClasses({ empty, menuOpen });

  const toggleMenu = useCallback(() => {
    const open = !menuOpen;
    setMenuOpen(open);
    eventBus.emit('menu.toggled', { open });
  }, [menuOpen]);

  return (
    <>
      {empty ? null : createPortal(<SideMenu />, layoutSlot('kontor-menu'))}
      {empty
        ? null
        : createPortal(
            <TopBar
              menuOpen={menuOpen}
              onToggleMenu={toggleMenu}
              dark={dark}
              onToggleDark={toggleDark}
            />,
            layoutSlot('kontor-topbar'),
          )}
      <ShellPages />
      <ToastStack />
    </>
  );
}
