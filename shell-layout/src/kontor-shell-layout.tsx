import { createLifecycles } from '@kontor/shared-session';
import { ShellRoot } from './shell-root';

export const { bootstrap, mount, unmount } = createLifecycles('@kontor/shell-layout', ShellRoot);
