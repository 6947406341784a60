import { useEffect } from 'react';

/** Sets the layout classes on `#kontor-app` (ARCHITECTURE.md "Page skeleton"). */
export function useLayoutClasses({ empty, menuOpen }: { empty: boolean; menuOpen: boolean }): void {
  useEffect(() => {
    const app = document.getElementById('kontor-app');
    if (!app) return;
    app.classList.toggle('kontor-layout--empty', empty);
    app.classList.toggle('kontor-layout--menu-closed', !menuOpen);
  }, [empty, menuOpen]);
}
