import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  AvisDocument,
  CancelAvisDocument,
  CloseAvisDocument,
  type AvisFieldsFragment,
} from '../graphql/generated';
import {
  can,
  editPage,
  graphqlProblem,
  navigate,
  Page,
  problemText,
  showToast,
  useApolloClient,
  useSearchParams,
  useTranslation,
  type RecordFormProps,
} from '../shared-session';
import { AvisBooking } from './book';
import { History, Lines, Receipts } from './details-tables';
import { AVIS_LIST, avisEditPath, bookable, dateTime, day, signed, StatusTag } from './common';

// /administration/avis/{id}/details: the avis's header and status, announced against received
// per line, the goods receipts (who, when, the PDF) and the history; the booking, closing with
// a difference and cancelling start here. Another user's booking (RecordChanged of Avis)
// evicts the cached avis, and the page refetches it without a reload.

type Avis = AvisFieldsFragment;

/** Asks for a reason (closing with a difference, cancelling) and runs `run` with it. */
function ReasonDialog({
  title,
  question,
  confirmLabel,
  required,
  onClose,
  run,
}: {
  title: string;
  question: string;
  confirmLabel: string;
  required: boolean;
  onClose: () => void;
  run: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (required && reason.trim() === '') {
      setError(t('ui:rules.required'));
      return;
    }
    setBusy(true);
    try {
      await run(reason.trim());
      onClose();
    } catch (failure) {
      const problem = graphqlProblem(failure);
      setError(problem.fieldErrors.reason?.[0] ?? problemText(problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={title}>
      <DialogBody>
        <p>{question}</p>
        <FormGroup
          label={t('warehouse:avis.fields.reason')}
          labelFor="avis-reason"
          labelInfo={required ? <span aria-hidden="true">*</span> : undefined}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? undefined}
        >
          <TextArea
            id="avis-reason"
            autoFocus
            fill
            value={reason}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('ui:cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={confirmLabel}
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** One fact of the header: its label over its value. */
const item = (label: string, value: ReactNode) => (
  <div className="kontor-avis-fact">
    <dt>{label}</dt>
    <dd>{value || '—'}</dd>
  </div>
);

function Header({ avis }: { avis: Avis }) {
  const { t } = useTranslation('warehouse');
  return (
    <dl className="kontor-avis-facts">
      {item(t('warehouse:avis.fields.number'), avis.number)}
      {item(t('warehouse:avis.fields.status'), <StatusTag status={avis.status} />)}
      {item(t('warehouse:avis.fields.deliveryNoteNumber'), avis.deliveryNoteNumber)}
      {item(t('warehouse:avis.fields.deliveryDate'), day(avis.deliveryDate))}
      {item(t('warehouse:avis.fields.supplier'), avis.supplier.name)}
      {item(t('warehouse:avis.fields.client'), avis.client.name)}
      {item(t('warehouse:avis.fields.warehouse'), avis.warehouse.name)}
      {item(
        t('warehouse:avis.fields.createdBy'),
        `${avis.createdByName ?? ''} · ${dateTime(avis.createdAt)}`,
      )}
      {avis.comment ? item(t('warehouse:avis.fields.comment'), avis.comment) : null}
      {avis.closeReason ? item(t('warehouse:avis.fields.closeReason'), avis.closeReason) : null}
    </dl>
  );
}

type Asking = 'close' | 'cancel' | null;

function Details({ avis, title }: { avis: Avis; title: string }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const [params, setParams] = useSearchParams();
  const [asking, setAsking] = useState<Asking>(null);
  const canBook = can('avis:book') && bookable(avis.status);
  const booking = canBook && params.get('book') === '1';
  const setBooking = (open: boolean) => setParams(open ? { book: '1' } : {}, { replace: true });
  const nothingBooked = avis.status === 'ANNOUNCED' && avis.receipts.length === 0;
  const difference = avis.receivedTotal - avis.announcedTotal;

  return (
    <Page
      title={`${title}: ${avis.number}`}
      back={{ to: AVIS_LIST, label: t('warehouse:avis.backToList') }}
      actions={
        <>
          {canBook && !booking ? (
            <Button
              icon="log-in"
              intent={Intent.PRIMARY}
              text={t('warehouse:avis.book')}
              onClick={() => setBooking(true)}
            />
          ) : null}
          {can('avis:book') && avis.status === 'PARTIALLY_BOOKED' ? (
            <Button
              icon="tick-circle"
              text={t('warehouse:avis.close')}
              onClick={() => setAsking('close')}
            />
          ) : null}
          {can('avis:update') && nothingBooked ? (
            <>
              <Button
                icon="edit"
                text={t('warehouse:avis.edit')}
                onClick={() => navigate(avisEditPath(avis.id))}
              />
              <Button
                icon="disable"
                intent={Intent.DANGER}
                variant="outlined"
                text={t('warehouse:avis.cancel')}
                onClick={() => setAsking('cancel')}
              />
            </>
          ) : null}
        </>
      }
    >
      <Header avis={avis} />
      {booking ? <AvisBooking key={avis.id} avis={avis} onClose={() => setBooking(false)} /> : null}
      <Lines avis={avis} />
      <Receipts avis={avis} />
      <History avis={avis} />
      {asking === 'close' ? (
        <ReasonDialog
          title={t('warehouse:avis.close')}
          question={t('warehouse:avis.closeQuestion', {
            number: avis.number,
            difference: signed(difference),
          })}
          confirmLabel={t('warehouse:avis.closeConfirm')}
          required={difference !== 0}
          onClose={() => setAsking(null)}
          run={async (reason) => {
            await client.mutate({
              mutation: CloseAvisDocument,
              variables: { id: String(avis.id), version: avis.version, reason },
            });
            showToast(t('warehouse:avis.closed'), 'success');
          }}
        />
      ) : null}
      {asking === 'cancel' ? (
        <ReasonDialog
          title={t('warehouse:avis.cancel')}
          question={t('warehouse:avis.cancelQuestion', { number: avis.number })}
          confirmLabel={t('warehouse:avis.cancelConfirm')}
          required={false}
          onClose={() => setAsking(null)}
          run={async (reason) => {
            await client.mutate({
              mutation: CancelAvisDocument,
              variables: { id: String(avis.id), version: avis.version, reason: reason || null },
            });
            showToast(t('warehouse:avis.cancelled'), 'success');
          }}
        />
      ) : null}
    </Page>
  );
}

/** The details page: the avis of the route's id (spinner meanwhile, 'not found' when gone). */
export const AvisDetails = editPage(
  ({ record, title }: RecordFormProps<Avis>) => <Details avis={record!} title={title} />,
  AvisDocument,
  (data) => data.avis,
);
