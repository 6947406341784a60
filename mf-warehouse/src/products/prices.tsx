import { grossFromNet, netFromGross, parseDecimal } from '@kontor/contracts';
import {
  FormSection,
  SelectField,
  TextField,
  useFormat,
  useTranslation,
  type FormState,
} from '../shared-session';
import { formatDecimal } from './rules';

// The product form's prices: net, gross, VAT rate. A price left empty is computed by the
// server from the other and the VAT rate (docs/domain.md "VAT"); the empty field shows what
// it will be, with the same rule (contracts' grossFromNet, netFromGross).

/** The values the prices need (the product form's). */
interface PriceValues {
  priceNet: string;
  priceGross: string;
  vatRate: string;
}

/** Cents of a typed price; null when empty or not a price. */
function centsOf(text: string): number | null {
  const value = parseDecimal(text);
  return value === null || value === undefined || value < 0 ? null : Math.round(value * 100);
}

/** The net, gross and VAT rate fields, the empty price with the value it will get. */
export function PriceFields<V extends PriceValues>({ form }: { form: FormState<V> }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const format = useFormat();
  const values = form.methods.watch() as PriceValues;
  const rate = Number(values.vatRate);
  const net = centsOf(values.priceNet);
  const gross = centsOf(values.priceGross);
  const netEmpty = values.priceNet.trim() === '';
  const grossEmpty = values.priceGross.trim() === '';
  const computed = (cents: number) => formatDecimal(cents / 100, 2);
  // Both empty: each says it follows from the other.
  const hint = (empty: boolean, other: number | null, compute: (c: number, r: number) => number) =>
    !empty
      ? undefined
      : other === null
        ? t('warehouse:products.priceComputedLater')
        : t('warehouse:products.priceComputed', {
            value: format.cents(compute(other, rate)),
            rate,
          });
  const grossHint = hint(grossEmpty, netEmpty ? null : net, grossFromNet);
  const netHint = hint(netEmpty, grossEmpty ? null : gross, netFromGross);
  const vatOptions = ['19', '7', '0'].map((r) => ({ value: r, label: `${r} %` }));
  return (
    <FormSection title={t('warehouse:products.sections.prices')}>
      <TextField
        name="priceNet"
        label={t('warehouse:products.fields.priceNet')}
        hint={netHint}
        placeholder={netEmpty && gross !== null ? computed(netFromGross(gross, rate)) : undefined}
      />
      <TextField
        name="priceGross"
        label={t('warehouse:products.fields.priceGross')}
        hint={grossHint}
        placeholder={grossEmpty && net !== null ? computed(grossFromNet(net, rate)) : undefined}
      />
      <SelectField
        name="vatRate"
        label={t('warehouse:products.fields.vatRate')}
        options={vatOptions}
      />
    </FormSection>
  );
}
