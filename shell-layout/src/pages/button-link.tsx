import { Icon, type IconName } from '@blueprintjs/core';
import { Link } from '@kontor/shared-session';

/** A link to a Kontor path that looks like a Blueprint button (AnchorButton would say "button"). */
export function ButtonLink({
  to,
  icon,
  text,
  primary,
}: {
  to: string;
  icon: IconName;
  text: string;
  primary?: boolean;
}) {
  return (
    <Link to={to} className={primary ? 'bp6-button bp6-intent-primary' : 'bp6-button'}>
      <Icon icon={icon} />
      <span className="bp6-button-text">{text}</span>
    </Link>
  );
}
