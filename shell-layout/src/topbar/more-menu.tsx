import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import {
  changeLanguage,
  language$,
  leaveImpersonation,
  LOCALES,
  navigate,
  useObservable,
  useSession,
  useTranslation,
} from '@kontor/shared-session';

/**
 * The top bar's secondary items on a phone-sized screen, in one menu: the account (and the
 * way back while acting as someone else), the language and dark mode.
 */
export function MoreMenu({ dark, onToggleDark }: { dark: boolean; onToggleDark: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { user } = useSession();
  const language = useObservable(language$, i18n.language);
  const impersonator = user?.impersonator;
  const menu = (
    <Menu aria-label={t('topbar.more')}>
      {user ? (
        <>
          <MenuDivider
            title={impersonator ? t('topbar.actingAs', { name: user.name }) : user.name}
          />
          <MenuItem
            icon="user"
            text={t('topbar.account')}
            onClick={() => navigate('/account/edit')}
          />
          {impersonator ? (
            <MenuItem
              icon="undo"
              intent="warning"
              text={t('topbar.backTo', { name: impersonator.name })}
              onClick={() => void leaveImpersonation()}
            />
          ) : null}
        </>
      ) : null}
      <MenuDivider title={t('topbar.language')} />
      {LOCALES.map((locale) => (
        <MenuItem
          key={locale.code}
          roleStructure="listoption"
          text={locale.label}
          selected={language === locale.code}
          onClick={() => void changeLanguage(locale.code)}
        />
      ))}
      <MenuDivider />
      <MenuItem
        icon={dark ? 'flash' : 'moon'}
        text={t(dark ? 'topbar.darkOff' : 'topbar.darkOn')}
        onClick={onToggleDark}
      />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        icon="more"
        intent={impersonator ? 'warning' : 'none'}
        aria-label={t('topbar.more')}
      />
    </PopoverNext>
  );
}
