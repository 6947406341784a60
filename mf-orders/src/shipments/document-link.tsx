import { Classes, Icon, type IconName } from '@blueprintjs/core';

/**
 * A document (PDF) to open in a new tab, looking like a button but announced as the link it is
 * (Blueprint's AnchorButton says "button"): Enter follows it, a screen reader names it a link.
 */
export function DocumentLink({
  href,
  text,
  icon,
  variant,
}: {
  href: string;
  text: string;
  icon: IconName;
  variant?: 'outlined';
}) {
  return (
    <a
      className={`${Classes.BUTTON}${variant === 'outlined' ? ` ${Classes.OUTLINED}` : ''}`}
      href={href}
      target="_blank"
      rel="noopener"
    >
      <Icon icon={icon} />
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </a>
  );
}
