import type { ConnectorFields } from '../connectors/connectors';
import { CheckboxField, i18n, SelectField, TextField, useTranslation } from '../shared-session';

// The fields a connector's settings form places (connectors/connectors.ts, ConnectorFields),
// bound to the connection form: `baseUrl`, `settings.<name>` and `secrets.<name>`, the names
// the server's field errors use, so a refused save shows its reason beside the field.

function ShopUrl({
  label,
  placeholder,
  hint,
}: {
  label: string;
  placeholder?: string;
  hint?: string;
}) {
  return (
    <TextField
      name="baseUrl"
      label={label}
      type="url"
      autoComplete="url"
      placeholder={placeholder}
      hint={hint}
      wide
    />
  );
}

function Setting({
  name,
  label,
  hint,
  placeholder,
}: {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <TextField name={`settings.${name}`} label={label} hint={hint} placeholder={placeholder} />
  );
}

function SettingChoice({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  return <SelectField name={`settings.${name}`} label={label} options={options} />;
}

function SettingFlag({ name, label }: { name: string; label: string }) {
  return (
    <div className="kontor-field kontor-field--wide">
      <CheckboxField name={`settings.${name}`} label={label} />
    </div>
  );
}

/** The kit with the secrets the connection has stored: their fields say empty keeps them. */
export function settingsKit(secretsSet: readonly string[]): ConnectorFields {
  function Secret({ name, label, required }: { name: string; label: string; required?: boolean }) {
    useTranslation('shops');
    const stored = secretsSet.includes(name);
    return (
      <TextField
        name={`secrets.${name}`}
        label={label}
        required={Boolean(required) && !stored}
        type="password"
        // Never the browser's saved password of Kontor itself, never prefilled.
        autoComplete="new-password"
        hint={stored ? i18n.t('shops:form.secretStored') : undefined}
      />
    );
  }
  return { ShopUrl, Setting, SettingChoice, SettingFlag, Secret };
}
