import { Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import {
  CheckboxField,
  format,
  FormSection,
  SelectField,
  TextField,
  useTranslation,
  type FormState,
} from '../shared-session';
import type { HazmatValues, ProductValues } from './pages';
import {
  ADR_CLASSES,
  ADR_POINTS_LIMIT,
  adrPoints,
  PACKING_GROUPS,
  TRANSPORT_CATEGORY_FACTORS,
  TUNNEL_CODES,
} from '@kontor/contracts';
import { parseDecimal } from '@kontor/contracts';
import { formatDecimal } from './rules';

/** Empty hazmat fields (a product without hazmat, or after unticking it). */
export const NO_HAZMAT: HazmatValues = {
  unNumber: '',
  casNumber: '',
  shippingName: '',
  description: '',
  hazmatClass: '',
  riskClass: '',
  packingGroup: '',
  hazardIdNumber: '',
  classificationCode: '',
  packingIdCode: '',
  tunnelRestrictionCode: '',
  netWeightKg: '',
  grossWeightKg: '',
  factor: '',
  additional: '',
};

/** A number for people in the page's language (1.050,5 in German). */
function shown(value: number): string {
  return format.number(value, 2);
}

/**
 * The hazmat tab: "hazardous goods" ticked shows every field of docs/product.md §3; the factor can be
 * filled from the transport category; the ADR points per unit and for a typed quantity show
 * as the factor changes.
 */
export function HazmatTab({ form }: { form: FormState<ProductValues> }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const { methods } = form;
  const hasHazmat = methods.watch('hasHazmat');
  const factorText = methods.watch('hazmat.factor');
  const [quantity, setQuantity] = useState('');
  const quantityId = useId();
  const categoryId = useId();

  // Unticked: the hazmat data goes (saved as "no hazmat"), and its errors with it.
  useEffect(() => {
    if (hasHazmat) return;
    methods.setValue('hazmat', NO_HAZMAT);
    methods.clearErrors('hazmat');
  }, [hasHazmat, methods]);

  const factor = parseDecimal(factorText ?? '');
  const perUnit = typeof factor === 'number' && factor >= 0 ? factor : 0;
  const units = parseDecimal(quantity);
  const total = typeof units === 'number' && units >= 0 ? adrPoints(perUnit, units) : null;
  const category = TRANSPORT_CATEGORY_FACTORS.findIndex((f) => f === perUnit);
  const classes = ADR_CLASSES.map((c) => ({ value: c, label: c }));

  return (
    <>
      <CheckboxField name="hasHazmat" label={t('warehouse:products.fields.hasHazmat')} />
      {!hasHazmat ? (
        <Callout>{t('warehouse:products.noHazmat')}</Callout>
      ) : (
        <>
          <FormSection title={t('warehouse:products.sections.hazmat')}>
            <TextField
              name="hazmat.unNumber"
              label={t('warehouse:products.fields.unNumber')}
              required
            />
            <TextField name="hazmat.casNumber" label={t('warehouse:products.fields.casNumber')} />
            <TextField
              name="hazmat.shippingName"
              label={t('warehouse:products.fields.shippingName')}
              wide
            />
            <TextField
              name="hazmat.description"
              label={t('warehouse:products.fields.description')}
              wide
            />
            <SelectField
              name="hazmat.hazmatClass"
              label={t('warehouse:products.fields.hazmatClass')}
              options={classes}
              required
            />
            <SelectField
              name="hazmat.riskClass"
              label={t('warehouse:products.fields.riskClass')}
              options={classes}
            />
            <SelectField
              name="hazmat.packingGroup"
              label={t('warehouse:products.fields.packingGroup')}
              options={PACKING_GROUPS.map((g) => ({ value: g, label: g }))}
            />
            <TextField
              name="hazmat.hazardIdNumber"
              label={t('warehouse:products.fields.hazardIdNumber')}
            />
            <TextField
              name="hazmat.classificationCode"
              label={t('warehouse:products.fields.classificationCode')}
            />
            <TextField
              name="hazmat.packingIdCode"
              label={t('warehouse:products.fields.packingIdCode')}
            />
            <SelectField
              name="hazmat.tunnelRestrictionCode"
              label={t('warehouse:products.fields.tunnelRestrictionCode')}
              options={TUNNEL_CODES.map((c) => ({
                value: c,
                label: c === '-' ? t('warehouse:products.noTunnelRestriction') : c,
              }))}
            />
            <TextField
              name="hazmat.netWeightKg"
              label={t('warehouse:products.fields.netWeightKg')}
            />
            <TextField
              name="hazmat.grossWeightKg"
              label={t('warehouse:products.fields.grossWeightKg')}
            />
            <TextField
              name="hazmat.additional"
              label={t('warehouse:products.fields.additional')}
              wide
            />
          </FormSection>
          <FormSection title={t('warehouse:products.sections.points')}>
            <FormGroup
              label={t('warehouse:products.fields.transportCategory')}
              labelFor={categoryId}
            >
              <HTMLSelect
                id={categoryId}
                value={category >= 0 ? String(category) : ''}
                onChange={(event) => {
                  if (event.target.value === '') return;
                  const chosen = TRANSPORT_CATEGORY_FACTORS[Number(event.target.value)] ?? 0;
                  methods.setValue('hazmat.factor', formatDecimal(chosen), {
                    shouldValidate: true,
                    shouldDirty: true,
                  });
                }}
                options={[
                  { value: '', label: '—' },
                  ...TRANSPORT_CATEGORY_FACTORS.map((f, c) => ({
                    value: String(c),
                    label: t('warehouse:products.transportCategoryOption', {
                      category: c,
                      factor: f,
                    }),
                  })),
                ]}
                fill
              />
            </FormGroup>
            <TextField name="hazmat.factor" label={t('warehouse:products.fields.factor')} />
            <FormGroup label={t('warehouse:products.quantity')} labelFor={quantityId}>
              <InputGroup
                id={quantityId}
                inputMode="numeric"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                // Enter here computes, it does not save the form.
                onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
              />
            </FormGroup>
            <div className="kontor-adr-points" role="status" aria-live="polite">
              <p data-testid="adr-points-per-unit">
                {t('warehouse:products.pointsPerUnit', { points: shown(perUnit) })}
              </p>
              {total !== null ? (
                <Callout
                  intent={total > ADR_POINTS_LIMIT ? Intent.WARNING : Intent.SUCCESS}
                  data-testid="adr-points-total"
                >
                  {t('warehouse:products.pointsFor', {
                    quantity: shown(units as number),
                    points: shown(total),
                  })}{' '}
                  {t(
                    total > ADR_POINTS_LIMIT
                      ? 'warehouse:products.overLimit'
                      : 'warehouse:products.underLimit',
                    { limit: shown(ADR_POINTS_LIMIT) },
                  )}
                </Callout>
              ) : null}
            </div>
          </FormSection>
        </>
      )}
    </>
  );
}
