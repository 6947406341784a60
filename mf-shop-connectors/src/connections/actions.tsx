import { Button, Callout, Intent } from '@blueprintjs/core';
import {
  PauseShopConnectionDocument,
  ResumeShopConnectionDocument,
  SyncShopConnectionDocument,
  TestShopConnectionDocument,
  type ShopConnectionInput,
  type ShopConnectionRowFragment,
  type TestShopConnectionMutation,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  problemText,
  showToast,
  useMutation,
  useTranslation,
} from '../shared-session';

// What can be done to a connection besides editing it: pause, resume, sync now (each answered
// by the connection, which the cache shows everywhere) and test (changes nothing).

type Connection = Pick<ShopConnectionRowFragment, 'id' | 'name' | 'status'>;

/** Runs a mutation with its toast: the success text, or the server's reason. */
async function withToast(run: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await run();
    showToast(success, 'success');
    return true;
  } catch (error) {
    showToast(problemText(graphqlProblem(error)), 'danger');
    return false;
  }
}

/**
 * Pause or resume (shop:update) and 'Jetzt synchronisieren' (shop:sync) for a connection;
 * `compact` shows icon buttons (a table row), else buttons with their text.
 */
export function ConnectionActions({
  connection,
  compact = false,
}: {
  connection: Connection;
  compact?: boolean;
}) {
  const { t } = useTranslation('shops');
  const [pause, pausing] = useMutation(PauseShopConnectionDocument);
  const [resume, resuming] = useMutation(ResumeShopConnectionDocument);
  const [sync, syncing] = useMutation(SyncShopConnectionDocument);
  const variables = { id: String(connection.id) };
  const paused = connection.status === 'PAUSED';
  const named = (text: string) => (compact ? `${text}: ${connection.name}` : text);
  const look = (text: string) =>
    compact
      ? { variant: 'minimal' as const, 'aria-label': named(text), title: text }
      : { text, variant: 'outlined' as const };
  return (
    <>
      {can('shop:update') ? (
        paused ? (
          <Button
            icon="play"
            {...look(t('shops:actions.resume'))}
            loading={resuming.loading}
            onClick={() =>
              void withToast(
                () => resume({ variables }),
                t('shops:toasts.resumed', { name: connection.name }),
              )
            }
          />
        ) : (
          <Button
            icon="pause"
            {...look(t('shops:actions.pause'))}
            loading={pausing.loading}
            onClick={() =>
              void withToast(
                () => pause({ variables }),
                t('shops:toasts.paused', { name: connection.name }),
              )
            }
          />
        )
      ) : null}
      {can('shop:sync') ? (
        <Button
          icon="refresh"
          {...look(t('shops:actions.sync'))}
          loading={syncing.loading}
          disabled={paused}
          onClick={() =>
            void withToast(
              () => sync({ variables }),
              t('shops:toasts.syncQueued', { name: connection.name }),
            )
          }
        />
      ) : null}
    </>
  );
}

type TestResult = TestShopConnectionMutation['testShopConnection'] | { problem: string };

/**
 * 'Verbindung testen': asks the shop with these settings (a stored connection's secrets where
 * `input` gives none) and says what it answered. Changes nothing.
 */
export function useConnectionTest() {
  const [test, { loading }] = useMutation(TestShopConnectionDocument);
  const run = async (id: string | undefined, input: ShopConnectionInput): Promise<TestResult> => {
    try {
      const result = await test({ variables: { id: id ?? null, input } });
      return result.data!.testShopConnection;
    } catch (error) {
      return { problem: problemText(graphqlProblem(error)) };
    }
  };
  return { run, loading };
}

/** The answer of a connection test: ok, or the shop's reason ('401: The user credentials …'). */
export function ConnectionTestResult({ result }: { result: TestResult | null }) {
  const { t } = useTranslation('shops');
  if (!result) return null;
  if ('problem' in result) {
    return (
      <Callout intent={Intent.DANGER} role="status" title={t('shops:test.failed')}>
        {result.problem}
      </Callout>
    );
  }
  return result.ok ? (
    <Callout intent={Intent.SUCCESS} role="status" title={t('shops:test.ok')}>
      {result.message}
    </Callout>
  ) : (
    <Callout intent={Intent.DANGER} role="status" title={t('shops:test.failed')}>
      {result.status && !result.message.startsWith(String(result.status))
        ? `${result.status}: ${result.message}`
        : result.message}
    </Callout>
  );
}
