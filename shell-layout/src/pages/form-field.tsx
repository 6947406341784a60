import { FormGroup, InputGroup } from '@blueprintjs/core';

interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field in red: a required-field message or the server's field error. */
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
}

/** A labelled text field with its error below, as every shell form uses it. */
export function FormField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  required,
}: FormFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        intent={error ? 'danger' : 'none'}
        onValueChange={onChange}
      />
    </FormGroup>
  );
}

/** The first server message per field of a 422 answer. */
export function firstErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]]),
  );
}
