import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useTranslation } from '@kontor/shared-session';
import { NotificationBell } from '../notifications/notification-bell';
import { AccountLink } from './account-link';
import { ConnectionIndicator } from './connection-indicator';
import { DarkModeButton } from './dark-mode-button';
import { LanguageSelect } from './language-select';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  dark: boolean;
  onToggleDark: () => void;
}

/** The top bar: menu button and product name; connection, bell, language, dark mode and account. */
export function TopBar({ menuOpen, onToggleMenu, dark, onToggleDark }: TopBarProps) {
  const { t } = useTranslation('shell');
  return (
    <Navbar className="kontor-topbar">
      <NavbarGroup align="left">
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
      <NavbarGroup align="right">
        <ConnectionIndicator />
        <NotificationBell />
        <NavbarDivider />
        <LanguageSelect />
        <DarkModeButton dark={dark} onToggle={onToggleDark} />
        <NavbarDivider />
        <AccountLink />
      </NavbarGroup>
    </Navbar>
  );
}
