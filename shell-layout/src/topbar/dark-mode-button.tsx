import { Button, Tooltip } from '@blueprintjs/core';
import { useTranslation } from '@kontor/shared-session';

/** Switches dark mode; the state lives in ShellRoot so it applies in every layout. */
export function DarkModeButton({ dark, onToggle }: { dark: boolean; onToggle: () => void }) {
  const { t } = useTranslation('shell');
  const text = t(dark ? 'topbar.darkOff' : 'topbar.darkOn');
  return (
    <Tooltip content={text} placement="bottom">
      <Button
        variant="minimal"
        icon={dark ? 'flash' : 'moon'}
        aria-label={text}
        aria-pressed={dark}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
