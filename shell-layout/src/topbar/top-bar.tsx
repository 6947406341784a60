import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { startRealtime, useSession, useTranslation } from '@kontor/shared-session';
import { useEffect } from 'react';
import { NotificationBell } from '../notifications/notification-bell';
import { AccountLink } from './account-link';
import { ConnectionIndicator } from './connection-indicator';
import { DarkModeButton } from './dark-mode-button';
import { LanguageSelect } from './language-select';
import { MoreMenu } from './more-menu';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** Phone width: language, dark mode and account go into one menu, so the bar keeps to one line. */
  compact: boolean;
  dark: boolean;
  onToggleDark: () => void;
}

/**
 * The top bar: menu button and product name; while logged in the connection and the bell;
 * language, dark mode and account (on a phone in one menu, beside the login button when logged out).
 */
export function TopBar({ menuOpen, onToggleMenu, compact, dark, onToggleDark }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { isLoggedIn } = useSession();
  // The Echo connection follows the session from here on: it opens only after login.
  useEffect(() => startRealtime(), []);
  return (
    <Navbar className={compact ? 'kontor-topbar kontor-topbar--compact' : 'kontor-topbar'}>
      <NavbarGroup align="left" className="kontor-topbar-start">
        <Button
          variant="minimal"
          icon={menuOpen ? 'menu-closed' : 'menu-open'}
          aria-label={t('menu.toggle')}
          aria-expanded={menuOpen}
          aria-controls="kontor-menu"
          onClick={onToggleMenu}
        />
        <NavbarHeading className="kontor-product">{t('topbar.product')}</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="right" className="kontor-topbar-end">
        {/* Logged out there is no connection to lose and no one to notify. */}
        {isLoggedIn ? (
          <>
            <ConnectionIndicator />
            <NotificationBell />
          </>
        ) : null}
        {compact ? (
          <>
            {isLoggedIn ? null : <AccountLink />}
            <MoreMenu dark={dark} onToggleDark={onToggleDark} />
          </>
        ) : (
          <>
            {isLoggedIn ? <NavbarDivider /> : null}
            <LanguageSelect />
            <DarkModeButton dark={dark} onToggle={onToggleDark} />
            <NavbarDivider />
            <AccountLink />
          </>
        )}
      </NavbarGroup>
    </Navbar>
  );
}
