import { Callout, Icon, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@kontor/shared-session';
import type { ScanMessageValue } from './feedback';
import { revealInScanScreen } from './reveal';
import './texts';
import './scan.css';

const INTENT_OF = { ok: Intent.SUCCESS, wrong: Intent.DANGER, info: Intent.PRIMARY } as const;

/** The current place, product or order of a scanner screen: large, green once confirmed. */
export function ScanTarget({
  label,
  value,
  detail,
  state = 'waiting',
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  state?: 'waiting' | 'confirmed' | 'wrong';
}) {
  const { t } = useTranslation('ui');
  return (
    <div className={`kontor-scan-target kontor-scan-target-${state}`} data-state={state}>
      <span className="kontor-scan-target-label">{label}</span>
      <span className="kontor-scan-target-value">
        {state === 'confirmed' ? (
          <Icon icon="tick-circle" intent={Intent.SUCCESS} title={t('ui:scan.confirmed')} />
        ) : null}
        {state === 'wrong' ? (
          <Icon icon="error" intent={Intent.DANGER} title={t('ui:scan.wrong')} />
        ) : null}
        {value}
      </span>
      {detail ? <span className="kontor-scan-target-detail">{detail}</span> : null}
    </div>
  );
}

export interface ScanScreenProps {
  /** The screen's name for a screen reader (the page heading says it for the eye). */
  label: string;
  /** The steps of the work, the current one marked (`step`): "1. Bestellung scannen" … */
  steps?: { key: string; title: string }[];
  step?: string;
  /** The current place / product / order (ScanTargets). */
  targets?: ReactNode;
  /** The scan field (a ScannerField in a ScanFieldGroup), or the step's typed fields. */
  field: ReactNode;
  /** The last scan's outcome, said once; its slot keeps its height, so the field never moves. */
  message: ScanMessageValue | null;
  /** The next step, spelled out ("Menge eingeben und Enter drücken"). */
  next?: ReactNode;
  /** The keyboard path, as the screen really takes it ("Enter: weiter · Strg+Enter: buchen"). */
  hint?: ReactNode;
  /** The work itself: the lines, the packages. */
  children?: ReactNode;
  /** The main actions, in a bar that stays at the bottom of the screen. */
  actions?: ReactNode;
  /** Destructive actions (cancel the picklist), apart from the main ones at the very end. */
  danger?: ReactNode;
}

/**
 * The one layout of every scanner screen (packing, picking, counting, stock change, avis
 * booking), made for a 390-px handheld whose scanner types a code and Enter: at the top and
 * always in view the steps, the current place/product/order, the scan field, the last scan's
 * message (in a slot of its own height, so the field never moves) and the next step; then the
 * work and the keyboard path; the main actions in a bar at the bottom; destructive ones apart
 * at the end. Every
 * control inside is at least 44 px tall (scan.css).
 */
export function ScanScreen({
  label,
  steps,
  step,
  targets,
  field,
  message,
  next,
  hint,
  children,
  actions,
  danger,
}: ScanScreenProps) {
  const { t } = useTranslation('ui');
  const current = steps ? steps.findIndex((s) => s.key === step) : -1;
  return (
    <section
      className="kontor-scan-screen"
      aria-label={label}
      // A field the focus moves to (the next step's) never stays under the sticky top block
      // or the action bar: the screen scrolls it into the gap between them.
      onFocusCapture={(event) => revealInScanScreen(event.target)}
    >
      <div className="kontor-scan-top">
        {steps && steps.length > 0 ? (
          <ol className="kontor-scan-steps" aria-label={t('ui:scan.steps')}>
            {steps.map((s, index) => (
              <li key={s.key} aria-current={index === current ? 'step' : undefined}>
                <span className="kontor-scan-step-number">{index + 1}</span>
                <span className="kontor-scan-step-title">{s.title}</span>
              </li>
            ))}
          </ol>
        ) : null}
        {targets ? <div className="kontor-scan-targets">{targets}</div> : null}
        <div className="kontor-scan-field">{field}</div>
        {/* Always present, so a screen reader hears every scan's outcome. */}
        <div className="kontor-scan-message" aria-live="assertive">
          {message ? (
            <Callout
              key={message.serial}
              intent={INTENT_OF[message.kind]}
              role={message.kind === 'wrong' ? 'alert' : 'status'}
              className={
                message.kind === 'wrong'
                  ? 'kontor-scan-wrong'
                  : message.kind === 'ok'
                    ? 'kontor-scan-right'
                    : 'kontor-scan-info'
              }
            >
              {message.text}
            </Callout>
          ) : null}
        </div>
        {next ? (
          <p className="kontor-scan-next">
            <span className="kontor-scan-next-label">{t('ui:scan.next')}:</span> {next}
          </p>
        ) : null}
      </div>
      {children ? <div className="kontor-scan-work">{children}</div> : null}
      {hint ? (
        <p className="kontor-scan-hint">
          <Icon icon="key" size={12} aria-hidden /> {hint}
        </p>
      ) : null}
      {actions ? (
        <div className="kontor-scan-actions" role="group" aria-label={t('ui:scan.actions')}>
          {actions}
        </div>
      ) : null}
      {danger ? (
        <div className="kontor-scan-danger" role="group" aria-label={t('ui:scan.danger')}>
          {danger}
        </div>
      ) : null}
    </section>
  );
}
