import { Button, Callout, Intent } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import {
  CreateShopConnectionDocument,
  ShopClientChoicesDocument,
  UpdateShopConnectionDocument,
} from '../graphql/generated';
import type { RegisteredShopConnector } from '../connectors/connectors';
import {
  can,
  FormActions,
  FormSection,
  KontorForm,
  navigate,
  Page,
  RecordPicker,
  TextField,
  useKontorForm,
  useMutation,
  useTranslation,
} from '../shared-session';
import { ConnectionTestResult, useConnectionTest } from './actions';
import { DepartmentField, ImportStates, ShippingMappings, Webhooks } from './form-sections';
import {
  checkConnection,
  CONNECTION_RULES,
  initialValues,
  inputOf,
  type Connection,
  type ConnectionValues,
  type ConnectorInfo,
} from './form-values';
import { connectionPath, LIST_PATH } from './paths';
import { settingsKit } from './settings-kit';

export type { ConnectorInfo } from './form-values';

/**
 * A shop connection's form: name, client and department, the connector's own fields (its
 * settings form, bound to this form), the shop states taken, webhooks and the shipping
 * methods' mapping; 'Verbindung testen' asks the shop with what is typed before saving.
 * Saved, it goes to the connection's page.
 */
export function ConnectionForm({
  title,
  back,
  info,
  connector,
  connection,
}: {
  title: string;
  /** The link above the title: the list (a new connection) or the connection's page. */
  back: { to: string; label: string };
  info: ConnectorInfo;
  /** The registered connector (its settings form); undefined when its module is not loaded. */
  connector: RegisteredShopConnector | undefined;
  connection?: Connection;
}) {
  const { t } = useTranslation(['shops', 'ui']);
  const [create] = useMutation(CreateShopConnectionDocument);
  const [update] = useMutation(UpdateShopConnectionDocument);
  const latest = useRef(connection);
  latest.current = connection;
  // The rules' parse keeps only the fields they name: the save reads every value as typed.
  const typed = useRef<() => ConnectionValues>(() => initialValues(info, connector, connection));
  const form = useKontorForm<ConnectionValues>({
    initial: initialValues(info, connector, connection),
    rules: CONNECTION_RULES,
    check: checkConnection,
    success: connection ? t('shops:toasts.updated') : t('shops:toasts.created'),
    save: async () => {
      const current = latest.current;
      const input = inputOf(typed.current(), info.name);
      if (current) {
        await update({ variables: { id: String(current.id), version: current.version, input } });
        navigate(connectionPath(current.id));
      } else {
        const result = await create({ variables: { input } });
        const id = result.data?.createShopConnection.id;
        navigate(id ? connectionPath(id) : LIST_PATH);
      }
    },
  });
  typed.current = () => form.methods.getValues();
  const secretsSet = connection?.secretsSet.join(',') ?? '';
  // One kit per stored secrets: a new kit each render would remount the fields (and lose focus).
  const fields = useMemo(() => settingsKit(secretsSet ? secretsSet.split(',') : []), [secretsSet]);
  const Settings = connector?.settingsForm;
  const test = useConnectionTest();
  const [tested, setTested] = useState<Awaited<ReturnType<typeof test.run>> | null>(null);
  const runTest = async () => {
    setTested(null);
    setTested(await test.run(connection?.id, inputOf(form.methods.getValues(), info.name)));
  };
  const cancelPath = connection ? connectionPath(connection.id) : LIST_PATH;

  return (
    <Page title={title} back={back}>
      <KontorForm form={form} className="kontor-record-form kontor-shop-form">
        <FormSection title={t('shops:form.sections.connection')}>
          <TextField name="name" label={t('shops:fields.name')} />
          <p className="kontor-shop-connector-name">
            <span className="bp6-text-muted">{t('shops:fields.connector')}:</span>{' '}
            <strong>{info.label}</strong>
          </p>
          <RecordPicker
            name="clientId"
            label={t('shops:fields.client')}
            query={ShopClientChoicesDocument}
            initial={
              connection ? { id: String(connection.client.id), name: connection.client.name } : null
            }
          />
          <DepartmentField form={form} />
        </FormSection>
        <FormSection
          title={t('shops:form.sections.shop', { connector: info.label })}
          description={t('shops:form.secretsHelp')}
        >
          {Settings ? (
            <Settings
              fields={fields}
              connection={
                connection
                  ? { id: String(connection.id), secretsSet: connection.secretsSet }
                  : undefined
              }
            />
          ) : (
            <Callout intent={Intent.WARNING} className="kontor-field kontor-field--wide">
              {t('shops:form.connectorMissing', { connector: info.label })}
            </Callout>
          )}
          {can('shop:sync') ? (
            <div className="kontor-field kontor-field--wide kontor-shop-test">
              <Button
                icon="exchange"
                text={t('shops:actions.test')}
                loading={test.loading}
                onClick={() => void runTest()}
              />
              <ConnectionTestResult result={tested} />
            </div>
          ) : null}
        </FormSection>
        <ImportStates form={form} info={info} />
        <Webhooks connection={connection} />
        <ShippingMappings form={form} />
        <FormActions onCancel={() => navigate(cancelPath)} />
      </KontorForm>
    </Page>
  );
}
