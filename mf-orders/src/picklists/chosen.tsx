import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { CreatePicklistDocument } from '../graphql/generated';
import {
  graphqlProblem,
  problemText,
  showToast,
  useApolloClient,
  useTranslation,
} from '../shared-session';
import { PicklistCreated, type Created } from './created';

/**
 * 'Picklist erstellen' for the orders chosen in the orders list: the server makes a picklist
 * of exactly those orders (PicklistInput.orderIds; it checks picklist:create) and the dialog
 * shows its answer (PicklistCreated: the picklist, or why each chosen order was left out).
 * `make` resolves true when a picklist was made (the choice may be cleared).
 */
export function useChosenPicklist(): {
  make: (orderIds: string[]) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const [state, setState] = useState<'closed' | 'busy' | Created>('closed');
  const make = async (orderIds: string[]) => {
    setState('busy');
    try {
      const { data } = await client.mutate({
        mutation: CreatePicklistDocument,
        variables: { input: { orderIds } },
      });
      setState(data ? data.createPicklist : 'closed');
      return Boolean(data?.createPicklist.picklist);
    } catch (error) {
      setState('closed');
      showToast(problemText(graphqlProblem(error)), 'danger');
      return false;
    }
  };
  const close = () => setState('closed');
  const dialog =
    state === 'closed' ? null : (
      <Dialog
        isOpen
        title={t('orders:picklist.forChosenTitle')}
        onClose={close}
        canEscapeKeyClose
        className="kontor-pick-create"
      >
        {state === 'busy' ? (
          <DialogBody>
            <Spinner size={24} />
          </DialogBody>
        ) : (
          <PicklistCreated created={state} onClose={close} />
        )}
      </Dialog>
    );
  return { make, dialog };
}
