import { Button, Icon, Tooltip } from '@blueprintjs/core';
import {
  leaveImpersonation,
  Link,
  navigate,
  useSession,
  useTranslation,
  type User,
} from '@kontor/shared-session';

/** While an administrator acts as someone else: who, and the way back. */
function ImpersonationNotice({
  user,
  impersonator,
}: {
  user: User;
  impersonator: { name: string };
}) {
  const { t } = useTranslation('shell');
  return (
    <span className="kontor-impersonation">
      <span>{t('topbar.actingAs', { name: user.name })}</span>
      <Button
        variant="minimal"
        intent="warning"
        icon="undo"
        text={t('topbar.backTo', { name: impersonator.name })}
        onClick={() => void leaveImpersonation()}
      />
    </span>
  );
}

/** The username linking to /account/edit when logged in, else a login button (docs/product.md §2, §6). */
export function AccountLink() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  if (!user) {
    return (
      <Button
        variant="minimal"
        icon="log-in"
        text={t('topbar.login')}
        onClick={() => navigate('/login')}
      />
    );
  }
  const hover = t('topbar.account');
  return (
    <>
      {user.impersonator ? (
        <ImpersonationNotice user={user} impersonator={user.impersonator} />
      ) : null}
      <Tooltip content={hover} placement="bottom-end">
        <Link to="/account/edit" className="bp6-button bp6-minimal kontor-account-link">
          <Icon icon="user" />
          <span className="bp6-button-text">{user.name}</span>
        </Link>
      </Tooltip>
    </>
  );
}
