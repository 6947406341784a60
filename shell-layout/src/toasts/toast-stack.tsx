import { Intent, OverlayToaster, Position, ProgressBar } from '@blueprintjs/core';
import { i18n, toast$, type ToastMessage } from '@kontor/shared-session';
import { useEffect, useRef, type CSSProperties } from 'react';

/** The message, and while it counts down a bar shrinking over its timeout (styles in shell.css). */
function ToastBody({ toast }: { toast: ToastMessage }) {
  const countdown = { '--kontor-toast-timeout': `${toast.timeout}ms` } as CSSProperties;
  return (
    <>
      <span className="kontor-toast-message">{toast.message}</span>
      {toast.timeout > 0 ? (
        <ProgressBar
          className="kontor-toast-countdown"
          style={countdown}
          value={1}
          animate={false}
          stripes={false}
          intent={toast.intent === 'success' ? Intent.SUCCESS : Intent.DANGER}
        />
      ) : null}
    </>
  );
}

/** Renders every toast of `toast$` bottom-right: success green with a tick, errors red (docs/product.md §8). */
export function ToastStack() {
  const toaster = useRef<OverlayToaster>(null);
  useEffect(() => {
    const subscription = toast$.subscribe((toast) => {
      const stays = toast.timeout <= 0;
      toaster.current?.show(
        {
          message: <ToastBody toast={toast} />,
          intent: toast.intent === 'success' ? Intent.SUCCESS : Intent.DANGER,
          icon: toast.intent === 'success' ? 'tick' : 'error',
          timeout: stays ? 0 : toast.timeout,
          // A toast that stays gets a labelled close button; one that counts down needs none.
          isCloseButtonShown: false,
          action: stays ? { text: i18n.t('common:close') } : undefined,
          className: 'kontor-toast',
        },
        `toast-${toast.id}`,
      );
    });
    return () => subscription.unsubscribe();
  }, []);
  return <OverlayToaster ref={toaster} position={Position.BOTTOM_RIGHT} maxToasts={5} />;
}
