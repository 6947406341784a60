import { Button, Intent } from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  graphqlProblem,
  i18n,
  navigate,
  problemText,
  runGraphql,
  showToast,
  useConfirm,
} from './shared-session';

// What every administration list shares: the create button, edit links and the confirmed delete.

/** A button that opens the create page (shown only with the create permission). */
export function CreateButton({ to, allowed }: { to: string; allowed: boolean }) {
  if (!allowed) return null;
  return (
    <Button
      icon="add"
      intent={Intent.PRIMARY}
      text={i18n.t('ui:create')}
      onClick={() => navigate(to)}
    />
  );
}

/** A row's edit button. */
export function EditButton({ to, allowed = true }: { to: string; allowed?: boolean }) {
  if (!allowed) return null;
  return (
    <Button
      icon="edit"
      variant="minimal"
      aria-label={i18n.t('ui:edit')}
      title={i18n.t('ui:edit')}
      onClick={() => navigate(to)}
    />
  );
}

/**
 * A row's delete button: asks 'Bestätigung Erforderlich' first, then runs the mutation and
 * shows the success or error toast.
 */
export function useDelete<Variables extends Record<string, unknown>>(
  mutation: TypedDocumentNode<unknown, Variables>,
  success: string,
) {
  const { confirm, dialog } = useConfirm();
  const remove = async (
    name: string,
    variables: Variables,
    reload: () => void,
    question?: string,
  ) => {
    if (!(await confirm(question ?? i18n.t('ui:confirmDelete', { name })))) return;
    try {
      await runGraphql(mutation, variables);
      showToast(success, 'success');
      reload();
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  const button = (
    name: string,
    variables: Variables,
    reload: () => void,
    allowed = true,
    question?: string,
  ) =>
    allowed ? (
      <Button
        icon="trash"
        variant="minimal"
        intent={Intent.DANGER}
        aria-label={`${i18n.t('ui:delete')} ${name}`}
        title={i18n.t('ui:delete')}
        onClick={() => remove(name, variables, reload, question)}
      />
    ) : null;
  return { button, dialog };
}
