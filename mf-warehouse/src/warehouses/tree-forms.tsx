import { parseDecimal } from '@kontor/contracts';
import { useRef } from 'react';
import {
  CreatePlaceDocument,
  CreatePlacesDocument,
  CreateRackDocument,
  CreateStorageDocument,
  UpdatePlaceDocument,
  UpdateRackDocument,
  UpdateStorageDocument,
} from '../graphql/generated';
import {
  FormActions,
  graphqlProblem,
  KontorForm,
  ruleMessage,
  rules,
  showToast,
  TextField,
  useKontorForm,
  useMutation,
  useTranslation,
} from '../shared-session';
import { T, type Editing } from './tree-parts';

// The warehouse tree's dialogs (tree.tsx): a storage's or a rack's name and code, one place,
// a series of places on a rack.

export function dialogTitle(editing: Editing, t: (key: string) => string): string {
  switch (editing.kind) {
    case 'storage':
      return t(`${T}.tree.${editing.record ? 'editStorage' : 'addStorage'}`);
    case 'rack':
      return t(`${T}.tree.${editing.record ? 'editRack' : 'addRack'}`);
    case 'place':
      return t(`${T}.tree.${editing.record ? 'editPlace' : 'addPlace'}`);
    case 'places':
      return t(`${T}.tree.addPlaces`);
  }
}

/** A number typed in a field ('12,5' or '12.5'); '' is null, anything else NaN. */
function numberOf(text: string): number | null {
  const value = parseDecimal(text);
  return value === undefined ? Number.NaN : value;
}

/** The browser's check of number fields (the server checks the same). */
function numberProblems(
  values: Record<string, string>,
  fields: { name: string; min: number; max: number; whole?: boolean; required?: boolean }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = numberOf(values[field.name] ?? '');
    if (value === null) {
      if (field.required) problems[field.name] = ruleMessage('required');
    } else if (Number.isNaN(value) || (field.whole && !Number.isInteger(value)))
      problems[field.name] = ruleMessage(field.whole ? 'wholeNumber' : 'format');
    else if (value < field.min) problems[field.name] = ruleMessage('numberMin', { min: field.min });
    else if (value > field.max) problems[field.name] = ruleMessage('numberMax', { max: field.max });
  }
  return problems;
}

const DIMENSIONS = [
  { name: 'widthCm', min: 0, max: 9_999_999.9 },
  { name: 'heightCm', min: 0, max: 9_999_999.9 },
  { name: 'lengthCm', min: 0, max: 9_999_999.9 },
];

export function TreeForm({ editing, done }: { editing: Editing; done: () => void }) {
  switch (editing.kind) {
    case 'storage':
    case 'rack':
      return <NodeForm editing={editing} done={done} />;
    case 'place':
      return <PlaceForm editing={editing} done={done} />;
    case 'places':
      return <PlacesForm editing={editing} done={done} />;
  }
}

/**
 * Runs a dialog's save and moves the server's field errors under `group` (`code` →
 * `node.code`): the dialog's values live in a group of their own, so their field ids never
 * meet the warehouse form's on the same page.
 */
async function underGroup<T>(group: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const problem = graphqlProblem(error);
    if (problem.code === 'NETWORK') throw error;
    const moved = <V,>(fields: Record<string, V>) =>
      Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [`${group}.${name}`, value]),
      );
    // The shape graphqlProblem reads, so the form shows each error beside its field.
    throw {
      errors: [
        {
          message: problem.message,
          extensions: {
            code: problem.code,
            reason: problem.reason,
            text: problem.text,
            fieldErrors: moved(problem.fieldErrors),
            fieldRules: moved(problem.fieldRules),
          },
        },
      ],
    };
  }
}

/** A check's problems under `group`. */
const inGroup = (group: string, problems: Record<string, string>) =>
  Object.fromEntries(Object.entries(problems).map(([name, text]) => [`${group}.${name}`, text]));

type NodeValues = { node: { name: string; code: string } };

/** A storage's or a rack's name and code. */
function NodeForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'storage' | 'rack' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createStorage] = useMutation(CreateStorageDocument);
  const [updateStorage] = useMutation(UpdateStorageDocument);
  const [createRack] = useMutation(CreateRackDocument);
  const [updateRack] = useMutation(UpdateRackDocument);
  const record = editing.record;
  const kind = editing.kind;
  const form = useKontorForm({
    initial: { node: { name: record?.name ?? '', code: record?.code ?? '' } },
    rules: { node: rules.group({ name: rules.text(), code: rules.text(20) }) },
    success: t(`${T}.toasts.${kind}${record ? 'Updated' : 'Created'}`),
    save: ({ node: input }: NodeValues) =>
      underGroup('node', async () => {
        if (editing.kind === 'storage') {
          if (record)
            await updateStorage({ variables: { id: record.id, version: record.version, input } });
          else await createStorage({ variables: { warehouseId: editing.warehouseId, input } });
        } else if (record) {
          await updateRack({ variables: { id: record.id, version: record.version, input } });
        } else {
          await createRack({ variables: { storageId: editing.storageId, input } });
        }
      }),
    onSaved: done,
  });
  return (
    <KontorForm form={form} className="kontor-record-form">
      <TextField name="node.code" label={t(`${T}.fields.code`)} />
      <TextField name="node.name" label={t(`${T}.fields.name`)} />
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

type PlaceValues = {
  place: {
    name: string;
    code: string;
    barcode: string;
    widthCm: string;
    heightCm: string;
    lengthCm: string;
  };
};

/** One place: name, code, barcode (empty: made from the path, W1.S2.R03.P12), dimensions. */
function PlaceForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'place' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createPlace] = useMutation(CreatePlaceDocument);
  const [updatePlace] = useMutation(UpdatePlaceDocument);
  const record = editing.record;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  const form = useKontorForm({
    initial: {
      place: {
        name: record?.name ?? '',
        code: record?.code ?? '',
        barcode: record?.barcode ?? '',
        widthCm: text(record?.widthCm),
        heightCm: text(record?.heightCm),
        lengthCm: text(record?.lengthCm),
      },
    },
    rules: {
      place: rules.group({
        name: rules.text(),
        code: rules.text(20),
        barcode: rules.optionalText(64),
        widthCm: rules.optionalText(),
        heightCm: rules.optionalText(),
        lengthCm: rules.optionalText(),
      }),
    },
    check: ({ place }: PlaceValues) => inGroup('place', numberProblems(place, DIMENSIONS)),
    success: t(`${T}.toasts.${record ? 'placeUpdated' : 'placeAdded'}`),
    save: ({ place }: PlaceValues) =>
      underGroup('place', async () => {
        const input = {
          name: place.name,
          code: place.code,
          barcode: place.barcode,
          widthCm: numberOf(place.widthCm),
          heightCm: numberOf(place.heightCm),
          lengthCm: numberOf(place.lengthCm),
        };
        if (record)
          await updatePlace({ variables: { id: record.id, version: record.version, input } });
        else await createPlace({ variables: { rackId: editing.rackId, input } });
      }),
    onSaved: done,
  });
  return (
    <KontorForm form={form} className="kontor-record-form">
      <p className="kontor-tree-dialog-path">{editing.prefix}</p>
      <TextField name="place.code" label={t(`${T}.fields.code`)} />
      <TextField name="place.name" label={t(`${T}.fields.name`)} />
      <TextField
        name="place.barcode"
        label={`${t(`${T}.fields.barcode`)} (${t(`${T}.fields.barcodeHint`)})`}
      />
      <TextField name="place.widthCm" label={t(`${T}.fields.widthCm`)} />
      <TextField name="place.heightCm" label={t(`${T}.fields.heightCm`)} />
      <TextField name="place.lengthCm" label={t(`${T}.fields.lengthCm`)} />
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

type SeriesValues = {
  series: {
    prefix: string;
    from: string;
    to: string;
    digits: string;
    widthCm: string;
    heightCm: string;
    lengthCm: string;
  };
};

/** A series of places on a rack: prefix P, 1 to 40, 2 digits → P01 … P40, in one transaction. */
function PlacesForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'places' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createPlaces] = useMutation(CreatePlacesDocument);
  const created = useRef(0);
  const form = useKontorForm({
    initial: {
      series: {
        prefix: 'P',
        from: '1',
        to: '40',
        digits: '2',
        widthCm: '',
        heightCm: '',
        lengthCm: '',
      },
    },
    rules: {
      series: rules.group({
        prefix: rules.optionalText(10),
        from: rules.text(),
        to: rules.text(),
        digits: rules.text(),
        widthCm: rules.optionalText(),
        heightCm: rules.optionalText(),
        lengthCm: rules.optionalText(),
      }),
    },
    check: ({ series }: SeriesValues) =>
      inGroup(
        'series',
        numberProblems(series, [
          { name: 'from', min: 0, max: 999_999, whole: true, required: true },
          { name: 'to', min: 0, max: 999_999, whole: true, required: true },
          { name: 'digits', min: 1, max: 6, whole: true, required: true },
          ...DIMENSIONS,
        ]),
      ),
    save: ({ series }: SeriesValues) =>
      underGroup('series', async () => {
        const answer = await createPlaces({
          variables: {
            rackId: editing.rackId,
            input: {
              prefix: series.prefix,
              from: numberOf(series.from) ?? 0,
              to: numberOf(series.to) ?? 0,
              digits: numberOf(series.digits) ?? 1,
              widthCm: numberOf(series.widthCm),
              heightCm: numberOf(series.heightCm),
              lengthCm: numberOf(series.lengthCm),
            },
          },
        });
        created.current = answer.data?.createPlaces.length ?? 0;
      }),
    onSaved: () => {
      showToast(t(`${T}.toasts.placesAdded`, { count: created.current }), 'success');
      done();
    },
  });
  const series = form.methods.watch('series');
  const from = numberOf(series.from);
  const to = numberOf(series.to);
  const digits = numberOf(series.digits);
  const valid = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 0;
  const code = (n: number) => `${series.prefix.trim()}${String(n).padStart(digits ?? 1, '0')}`;
  const preview =
    valid(from) && valid(to) && valid(digits) && to >= from
      ? to === from
        ? t(`${T}.tree.bulkPreviewOne`, { first: code(from) })
        : t(`${T}.tree.bulkPreview`, { count: to - from + 1, first: code(from), last: code(to) })
      : null;
  return (
    <KontorForm form={form} className="kontor-record-form">
      <p className="kontor-tree-dialog-path">{editing.prefix}</p>
      <TextField name="series.prefix" label={t(`${T}.fields.prefix`)} />
      <TextField name="series.digits" label={t(`${T}.fields.digits`)} />
      <TextField name="series.from" label={t(`${T}.fields.from`)} />
      <TextField name="series.to" label={t(`${T}.fields.to`)} />
      <TextField name="series.widthCm" label={t(`${T}.fields.widthCm`)} />
      <TextField name="series.heightCm" label={t(`${T}.fields.heightCm`)} />
      <TextField name="series.lengthCm" label={t(`${T}.fields.lengthCm`)} />
      {preview ? (
        <p className="kontor-tree-preview" role="status">
          {preview}
        </p>
      ) : null}
      <FormActions onCancel={done} />
    </KontorForm>
  );
}
