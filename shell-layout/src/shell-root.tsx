import { eventBus, useRoute } from '@kontor/shared-session';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { addShellTexts } from './i18n/shell-texts';
import { useDarkMode } from './layout/dark-mode';
import { layoutSlot } from './layout/layout-slot';
import { useLayoutClasses } from './layout/use-layout-classes';
import { PHONE_QUERY, useMediaQuery } from './layout/use-media-query';
import { SideMenu } from './menu/side-menu';
import { ShellPages } from './pages/shell-pages';
import { ToastStack } from './toasts/toast-stack';
import { TopBar } from './topbar/top-bar';
import './shell.css';

addShellTexts();

/** The phone drawer, open: Escape closes it (focus back on the menu button); a link inside takes focus. */
function useDrawerKeys(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>('#kontor-menu a, #kontor-menu [role="menuitem"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      document.querySelector<HTMLElement>('#kontor-topbar [aria-controls="kontor-menu"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
}

/**
 * The shell, from one React root: side menu and top bar into the page skeleton's areas
 * (default layout only), the shell's own pages and not-found into its mount point, and the toasts.
 * On a phone-sized screen the menu is a drawer behind the menu button, closed on every page change.
 */
export function ShellRoot() {
  const { route, fullPath } = useRoute();
  const empty = route?.layout === 'empty';
  const phone = useMediaQuery(PHONE_QUERY);
  const [menuOpen, setMenuOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { dark, toggleDark } = useDarkMode();
  useLayoutClasses({ empty, menuOpen, drawer: phone, drawerOpen });

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(closeDrawer, [fullPath, phone, closeDrawer]);
  useDrawerKeys(phone && drawerOpen, closeDrawer);

  const open = phone ? drawerOpen : menuOpen;
  const toggleMenu = useCallback(() => {
    if (phone) setDrawerOpen(!open);
    else setMenuOpen(!open);
    eventBus.emit('menu.toggled', { open: !open });
  }, [phone, open]);

  return (
    <>
      {empty ? null : createPortal(<SideMenu />, layoutSlot('kontor-menu'))}
      {empty
        ? null
        : createPortal(
            <TopBar
              menuOpen={open}
              onToggleMenu={toggleMenu}
              compact={phone}
              dark={dark}
              onToggleDark={toggleDark}
            />,
            layoutSlot('kontor-topbar'),
          )}
      {!empty && phone && drawerOpen
        ? createPortal(
            <div className="kontor-drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />,
            document.getElementById('kontor-app') ?? document.body,
          )
        : null}
      <ShellPages />
      <ToastStack />
    </>
  );
}
