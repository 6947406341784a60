import { Alert, Intent, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  CancelOrdersDocument,
  HoldOrdersDocument,
  ReleaseOrdersDocument,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  i18n,
  problemText,
  showToast,
  useMutation,
  useTranslation,
} from '../shared-session';

/** A status change of several orders at once: all or none (the server checks each). */
export type OrderAction = 'hold' | 'release' | 'cancel';

export const ORDER_ACTIONS: OrderAction[] = ['hold', 'release', 'cancel'];

const LOOK: Record<OrderAction, { icon: IconName; intent: Intent }> = {
  hold: { icon: 'pause', intent: Intent.WARNING },
  release: { icon: 'play', intent: Intent.PRIMARY },
  cancel: { icon: 'disable', intent: Intent.DANGER },
};

/**
 * What a refused status change or retry says: a known reason in the user's language, else the
 * server's own message, which names the order it refused (nothing changed for any of them).
 */
export function refusalText(error: unknown): string {
  const problem = graphqlProblem(error);
  if (problem.text) return problemText(problem);
  const key = problem.reason ?? problem.code;
  if (i18n.exists(`ui:errors.${key}`) && key !== 'BAD_USER_INPUT' && key !== 'CONFLICT')
    return problemText(problem);
  return problem.message || problemText(problem);
}

/** The button look of an action. */
export const actionLook = (action: OrderAction) => LOOK[action];

/** Whether the user may run an action (the server decides again). */
export const mayRun = (action: OrderAction) =>
  can(action === 'cancel' ? 'order:cancel' : 'order:update');

/** An order as an action names it. */
export interface ActionTarget {
  id: string | number;
  number: string;
}

/** An order as the server answered a status change: its new version. */
export interface Changed {
  id: string | number;
  version: number;
}

interface Question {
  action: OrderAction;
  orders: ActionTarget[];
  resolve: (done: boolean) => void;
}

/**
 * Hold, release and cancel with the confirmation 'Bestätigung Erforderlich' first, then the
 * success toast, or the server's refusal (naming the order it refused; nothing changed) as
 * the error toast. Render `dialog` once in the page. `run` resolves with the changed orders, null when not done.
 */
export function useOrderActions(): {
  run: (action: OrderAction, orders: ActionTarget[]) => Promise<Changed[] | null>;
  dialog: ReactNode;
} {
  const { t } = useTranslation(['orders', 'common', 'ui']);
  const [question, setQuestion] = useState<Question | null>(null);
  const [hold] = useMutation(HoldOrdersDocument);
  const [release] = useMutation(ReleaseOrdersDocument);
  const [cancel] = useMutation(CancelOrdersDocument);
  const mutations = { hold, release, cancel };

  const run = async (action: OrderAction, orders: ActionTarget[]) => {
    if (orders.length === 0) return null;
    const confirmed = await new Promise<boolean>((resolve) =>
      setQuestion({ action, orders, resolve }),
    );
    if (!confirmed) return null;
    try {
      const result = await mutations[action]({
        variables: { ids: orders.map((o) => String(o.id)) },
      });
      showToast(t(`orders:order.done.${action}`, { count: orders.length }), 'success');
      const data = (result.data ?? {}) as Record<string, Changed[]>;
      return Object.values(data)[0] ?? [];
    } catch (error) {
      showToast(refusalText(error), 'danger');
      return null;
    }
  };
  const answer = (confirmed: boolean) => {
    question?.resolve(confirmed);
    setQuestion(null);
  };
  const look = question ? LOOK[question.action] : LOOK.hold;
  return {
    run,
    dialog: (
      <Alert
        isOpen={question !== null}
        intent={look.intent}
        icon={look.icon}
        confirmButtonText={question ? t(`orders:order.${question.action}`) : ''}
        cancelButtonText={i18n.t('ui:cancel')}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
        canEscapeKeyCancel
      >
        <h4 className="bp6-heading">{i18n.t('common:confirmationRequired')}</h4>
        <p>
          {question
            ? t(`orders:order.confirm.${question.action}`, {
                count: question.orders.length,
                numbers: question.orders.map((o) => o.number).join(', '),
              })
            : null}
        </p>
      </Alert>
    ),
  };
}
