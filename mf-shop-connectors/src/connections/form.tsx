import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CreateShopConnectionDocument,
  ShopClientChoicesDocument,
  ShopDepartmentChoicesDocument,
  ShopShippingMethodChoicesDocument,
  UpdateShopConnectionDocument,
  type ShopConnectionInput,
  type ShopConnectionSetupFragment,
  type ShopConnectorsQuery,
} from '../graphql/generated';
import type { RegisteredShopConnector } from '../connectors/connectors';
import {
  can,
  CheckboxField,
  CheckboxList,
  errorText,
  FormActions,
  FormSection,
  KontorForm,
  navigate,
  Page,
  RecordPicker,
  rules,
  ruleMessage,
  SelectField,
  TextField,
  useKontorForm,
  useMutation,
  useQuery,
  useTranslation,
  type FormState,
} from '../shared-session';
import { ConnectionTestResult, useConnectionTest } from './actions';
import { connectionPath, LIST_PATH } from './paths';
import { settingsKit } from './settings-kit';

/** What the server says a connector needs (`shopConnectors`). */
export type ConnectorInfo = ShopConnectorsQuery['shopConnectors'][number];
type Connection = ShopConnectionSetupFragment;

interface MappingValues {
  shopKey: string;
  shippingMethodId: string;
}

/** The form's values: the connection, its connector's settings and the secrets typed anew. */
export interface ConnectionValues {
  name: string;
  clientId: string;
  departmentId: string;
  baseUrl: string;
  /** By setting name; a yes/no setting is a boolean here, `true`/`false` on the server. */
  settings: Record<string, string | boolean>;
  /** By secret name; empty keeps a stored one (never prefilled). */
  secrets: Record<string, string>;
  importStates: string[];
  webhooksEnabled: boolean;
  shippingMappings: MappingValues[];
}

/** The browser's rules (the server's decide); settings and secrets are checked in `check`. */
const CONNECTION_RULES = {
  name: rules.text(100),
  clientId: rules.choice(),
  baseUrl: rules.text(500),
};

/** A connection's values: stored ones when editing, the connector's defaults when new. */
export function initialValues(
  info: ConnectorInfo,
  connector: RegisteredShopConnector | undefined,
  connection?: Connection,
): ConnectionValues {
  const stored = new Map(connection?.settings.map((s) => [s.key, s.value]) ?? []);
  const defaults = connector?.settings ?? {};
  const names = new Set([...info.settingNames, ...Object.keys(defaults), ...stored.keys()]);
  const settings: ConnectionValues['settings'] = {};
  for (const name of names) {
    const fallback = defaults[name];
    const value = stored.get(name);
    settings[name] =
      typeof fallback === 'boolean'
        ? value === undefined
          ? fallback
          : value === 'true'
        : (value ?? fallback ?? '');
  }
  return {
    name: connection?.name ?? '',
    clientId: connection ? String(connection.client.id) : '',
    departmentId: connection?.department ? String(connection.department.id) : '',
    baseUrl: connection?.baseUrl ?? '',
    settings,
    secrets: Object.fromEntries(info.secretNames.map((name) => [name, ''])),
    importStates: connection?.importStates ?? info.defaultImportStates,
    webhooksEnabled: connection?.webhooksEnabled ?? false,
    shippingMappings:
      connection?.shippingMappings.map((m) => ({
        shopKey: m.shopKey,
        shippingMethodId: String(m.shippingMethod.id),
      })) ?? [],
  };
}

/** The mutation's input: secrets only when typed (an empty one keeps the stored one). */
export function inputOf(values: ConnectionValues, connector: string): ShopConnectionInput {
  return {
    name: values.name.trim(),
    connector,
    clientId: values.clientId,
    departmentId: values.departmentId || null,
    baseUrl: values.baseUrl.trim(),
    settings: Object.entries(values.settings).map(([key, value]) => ({
      key,
      value: typeof value === 'boolean' ? String(value) : value.trim(),
    })),
    secrets: Object.entries(values.secrets)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => ({ key, value })),
    importStates: values.importStates,
    webhooksEnabled: values.webhooksEnabled,
    shippingMappings: values.shippingMappings
      .filter((m) => m.shopKey.trim() !== '' || m.shippingMethodId !== '')
      .map((m) => ({ shopKey: m.shopKey.trim(), shippingMethodId: m.shippingMethodId })),
  };
}

/**
 * Rules across fields: some import state, complete mapping rows. Which credentials a connector
 * needs is the server's to say (its field errors show beside the secrets' fields).
 */
function checkConnection(values: ConnectionValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.importStates.length === 0)
    errors.importStates = ruleMessage('shops:form.importStatesRequired');
  values.shippingMappings.forEach((m, i) => {
    if (m.shopKey.trim() === '' && m.shippingMethodId !== '')
      errors[`shippingMappings.${i}.shopKey`] = ruleMessage('required');
    if (m.shopKey.trim() !== '' && m.shippingMethodId === '')
      errors[`shippingMappings.${i}.shippingMethodId`] = ruleMessage('required');
  });
  return errors;
}

/** The department the shop's orders go to: one of the chosen client's; another client clears it. */
function DepartmentField({ form }: { form: FormState<ConnectionValues> }) {
  const { t } = useTranslation('shops');
  const { watch, setValue } = form.methods;
  const clientId = watch('clientId');
  const shownFor = useRef(clientId);
  useEffect(() => {
    if (shownFor.current === clientId) return;
    shownFor.current = clientId;
    setValue('departmentId', '', { shouldDirty: true });
  }, [clientId, setValue]);
  const departments = useQuery(ShopDepartmentChoicesDocument, {
    variables: { clientId },
    skip: !clientId || !can('department:view'),
  }).data?.departments.items;
  return (
    <SelectField
      name="departmentId"
      label={t('shops:fields.department')}
      options={(departments ?? []).map((d) => ({
        value: String(d.id),
        label: `${d.name} (${d.customerNumber})`,
      }))}
    />
  );
}

/** Which shop states are taken: the connector's states, its defaults chosen on a new one. */
function ImportStates({ form, info }: { form: FormState<ConnectionValues>; info: ConnectorInfo }) {
  const { t } = useTranslation('shops');
  const error = form.methods.formState.errors.importStates;
  return (
    <FormSection title={t('shops:form.sections.import')} description={t('shops:form.importHelp')}>
      <div
        className={`kontor-field kontor-field--wide bp6-form-group${error ? ' bp6-intent-danger' : ''}`}
        role="group"
        aria-label={t('shops:fields.importStates')}
      >
        <div className="kontor-shop-states">
          <CheckboxList
            name="importStates"
            options={info.states.map((state) => ({
              value: state,
              label: t(`shops:states.${state}`, { defaultValue: state }),
            }))}
          />
        </div>
        {error ? (
          <div className="bp6-form-helper-text" role="alert">
            {errorText(error.message)}
          </div>
        ) : null}
      </div>
    </FormSection>
  );
}

/** Webhooks on or off, and the address to paste into the shop (known once saved). */
function Webhooks({ connection }: { connection?: Connection }) {
  const { t } = useTranslation('shops');
  const url = connection ? `${window.location.origin}${connection.webhookPath}` : null;
  const [copied, setCopied] = useState(false);
  return (
    <FormSection
      title={t('shops:form.sections.webhooks')}
      description={t('shops:form.webhooksHelp')}
    >
      <div className="kontor-field kontor-field--wide">
        <CheckboxField name="webhooksEnabled" label={t('shops:fields.webhooksEnabled')} />
      </div>
      {url ? (
        <div className="kontor-field kontor-field--wide bp6-form-group">
          <label className="bp6-label" htmlFor="shop-webhook-url">
            {t('shops:fields.webhookUrl')}
          </label>
          <div className="kontor-shop-webhook">
            <InputGroup
              id="shop-webhook-url"
              value={url}
              readOnly
              fill
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              icon={copied ? 'tick' : 'clipboard'}
              text={copied ? t('shops:form.copied') : t('shops:form.copy')}
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            />
          </div>
        </div>
      ) : (
        <p className="kontor-field kontor-field--wide bp6-text-muted">
          {t('shops:form.webhookAfterSave')}
        </p>
      )}
    </FormSection>
  );
}

/** Shop shipping method (its key) → our shipping method, one row each; add and remove rows. */
function ShippingMappings({ form }: { form: FormState<ConnectionValues> }) {
  const { t } = useTranslation(['shops', 'ui']);
  const { watch, setValue, getValues } = form.methods;
  const mappings = watch('shippingMappings');
  const methods = useQuery(ShopShippingMethodChoicesDocument, { skip: !can('shipping:view') }).data
    ?.shippingMethods.items;
  const options = (methods ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.shipper.name} – ${m.name}`,
  }));
  const add = () =>
    setValue(
      'shippingMappings',
      [...getValues('shippingMappings'), { shopKey: '', shippingMethodId: '' }],
      {
        shouldDirty: true,
      },
    );
  const remove = (index: number) =>
    setValue(
      'shippingMappings',
      getValues('shippingMappings').filter((_, i) => i !== index),
      { shouldDirty: true },
    );
  return (
    <FormSection
      title={t('shops:form.sections.shipping')}
      description={t('shops:form.shippingHelp')}
    >
      <div className="kontor-field kontor-field--wide">
        {mappings.length === 0 ? (
          <p className="bp6-text-muted">{t('shops:form.noMappings')}</p>
        ) : null}
        <ol className="kontor-shop-mappings" aria-label={t('shops:form.sections.shipping')}>
          {mappings.map((_, i) => (
            <li key={i} className="kontor-shop-mapping">
              <TextField
                name={`shippingMappings.${i}.shopKey`}
                label={t('shops:fields.shopKey')}
                required
              />
              <SelectField
                name={`shippingMappings.${i}.shippingMethodId`}
                label={t('shops:fields.shippingMethod')}
                options={options}
                required
              />
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t('shops:form.removeMapping', { row: i + 1 })}
                title={t('shops:form.removeMapping', { row: i + 1 })}
                onClick={() => remove(i)}
              />
            </li>
          ))}
        </ol>
        <Button icon="add" variant="outlined" text={t('shops:form.addMapping')} onClick={add} />
      </div>
    </FormSection>
  );
}

/**
 * A shop connection's form: name, client and department, the connector's own fields (its
 * settings form, bound to this form), the shop states taken, webhooks and the shipping
 * methods' mapping; 'Verbindung testen' asks the shop with what is typed before saving.
 * Saved, it goes to the connection's page.
 */
export function ConnectionForm({
  title,
  info,
  connector,
  connection,
}: {
  title: string;
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
    <Page title={title}>
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
