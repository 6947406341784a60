// The sections of a shop connection's form beyond its name and credentials: the department,
// the shop states taken, webhooks and the shipping methods' mapping.
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  ShopDepartmentChoicesDocument,
  ShopShippingMethodChoicesDocument,
} from '../graphql/generated';
import {
  can,
  CheckboxField,
  CheckboxList,
  errorText,
  FormSection,
  SelectField,
  TextField,
  useQuery,
  useTranslation,
  type FormState,
} from '../shared-session';
import type { Connection, ConnectionValues, ConnectorInfo } from './form-values';

/** The department the shop's orders go to: one of the chosen client's; another client clears it. */
export function DepartmentField({ form }: { form: FormState<ConnectionValues> }) {
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
export function ImportStates({
  form,
  info,
}: {
  form: FormState<ConnectionValues>;
  info: ConnectorInfo;
}) {
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
export function Webhooks({ connection }: { connection?: Connection }) {
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
export function ShippingMappings({ form }: { form: FormState<ConnectionValues> }) {
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
