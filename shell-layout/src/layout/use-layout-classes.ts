import { useEffect } from 'react';

/** Sets the layout classes on `#kontor-app` (ARCHITECTURE.md "Page skeleton"). */
export function useLayoutClasses({
  empty,
  menuOpen,
  drawer,
  drawerOpen,
}: {
  empty: boolean;
  menuOpen: boolean;
  /** Below desktop width: the menu is a drawer over the content. */
  drawer: boolean;
  drawerOpen: boolean;
}): void {
  useEffect(() => {
    const app = document.getElementById('kontor-app');
    if (!app) return;
    app.classList.toggle('kontor-layout--empty', empty);
    app.classList.toggle('kontor-layout--menu-closed', !drawer && !menuOpen);
    app.classList.toggle('kontor-layout--drawer-open', drawer && drawerOpen);
  }, [empty, menuOpen, drawer, drawerOpen]);
}
