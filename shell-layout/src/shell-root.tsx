import { eventBus, useRoute } from '@kontor/shared-session';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { addShellTexts } from './i18n/shell-texts';
import { useDarkMode } from './layout/dark-mode';
import { layoutSlot } from './layout/layout-slot';
import { useLayoutClasses } from './layout/use-layout-classes';
import { DRAWER_QUERY, PHONE_QUERY, useMediaQuery } from './layout/use-media-query';
import { SideMenu } from './menu/side-menu';
import { ShellPages } from './pages/shell-pages';
import { ToastStack } from './toasts/toast-stack';
import { TopBar } from './topbar/top-bar';
import './shell.css';

addShellTexts();

/**
 * The drawer, open: a link inside takes the focus; Escape closes it (focus back on the menu
 * button), and so does a click outside it (on the content's backdrop or the top bar).
 */
function useDrawerClosers(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>('#kontor-menu a, #kontor-menu [role="menuitem"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      document.querySelector<HTMLElement>('#kontor-topbar [aria-controls="kontor-menu"]')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      // The menu button toggles by itself; a click into the menu is the menu's; the backdrop
      // closes on its click (closed at pointerdown, the click would land on the content).
      if (target?.closest('#kontor-menu, [aria-controls="kontor-menu"], .kontor-drawer-backdrop'))
        return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);
}

/**
 * The shell, from one React root: side menu and top bar into the page skeleton's areas
 * (default layout only), the shell's own pages and not-found into its mount point, and the toasts.
 * Below desktop width (phones, tablets) the menu is a drawer over the content behind the menu
 * button, closed on every page change; on a desktop it is pinned beside the content.
 */
export function ShellRoot() {
  const { route, fullPath } = useRoute();
  const empty = route?.layout === 'empty';
  const phone = useMediaQuery(PHONE_QUERY);
  const drawer = useMediaQuery(DRAWER_QUERY);
  const [menuOpen, setMenuOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { dark, toggleDark } = useDarkMode();
  useLayoutClasses({ empty, menuOpen, drawer, drawerOpen });

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(closeDrawer, [fullPath, drawer, closeDrawer]);
  useDrawerClosers(drawer && drawerOpen, closeDrawer);

  const open = drawer ? drawerOpen : menuOpen;
  const toggleMenu = useCallback(() => {
    if (drawer) setDrawerOpen(!open);
    else setMenuOpen(!open);
    eventBus.emit('menu.toggled', { open: !open });
  }, [drawer, open]);

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
      {!empty && drawer && drawerOpen
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
