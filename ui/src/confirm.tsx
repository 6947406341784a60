import { Alert, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { i18n, useTranslation } from '@kontor/shared-session';
import './toolkit-i18n';

/** What a confirmation asks. */
interface Question {
  text: ReactNode;
  confirmLabel?: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The confirmation 'Bestätigung Erforderlich' every delete asks first: `confirm(text)`
 * resolves true when the user confirms; render `dialog` once in the page.
 */
export function useConfirm(): {
  confirm: (text: ReactNode, confirmLabel?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  useTranslation('ui');
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = (confirmed: boolean) => {
    question?.resolve(confirmed);
    setQuestion(null);
  };
  return {
    confirm: (text, confirmLabel) =>
      new Promise<boolean>((resolve) => setQuestion({ text, confirmLabel, resolve })),
    dialog: (
      <Alert
        isOpen={question !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={question?.confirmLabel ?? i18n.t('ui:delete')}
        cancelButtonText={i18n.t('ui:cancel')}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
        canEscapeKeyCancel
      >
        <h4 className="bp6-heading">{i18n.t('common:confirmationRequired')}</h4>
        <p>{question?.text}</p>
      </Alert>
    ),
  };
}
