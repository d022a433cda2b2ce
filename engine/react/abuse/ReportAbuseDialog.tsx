/**
 * "Report" (community §3 Abuse report, §7 reportAbuse): a member reports a post, comment, profile
 * or chat message with a category (ABUSE_CATEGORIES, a radio group) and optional words
 * (ABUSE_REASON_MAX). An accessible modal dialog (ModalDialog: labelled, focus kept inside, Escape
 * closes, focus back on the trigger); a refusal shows the server's message, a success says the
 * moderators will look at it. The call is the abuse slice's (engine/data/abuse.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AbuseCategory, AbuseReportedType } from '../../../schemas/model/api/abuse';
import { ABUSE_CATEGORIES, ABUSE_REASON_MAX } from '../../core/abuse';
import { abuseSlice } from '../../data/abuse';
import { useDataLayer } from '../../data/hooks';
import { messageOf } from '../../data/transport';
import { useEngine } from '../engine-context';
import { ModalDialog } from '../modal';

export interface ReportAbuseDialogProps {
  reportedId: string;
  reportedType: AbuseReportedType;
  open: boolean;
  onClose(): void;
}

/** Closes on Escape and outside presses (a modal is persistent unless told). */
const DIALOG = { persistent: false, width: 520 } as const;

type State = { step: 'idle' } | { step: 'sending' } | { step: 'sent' } | { step: 'failed'; message: string };

export function ReportAbuseDialog({ reportedId, reportedType, open, onClose }: ReportAbuseDialogProps) {
  if (!open) return null;
  return <ReportForm key={`${reportedType}:${reportedId}`} reportedId={reportedId} reportedType={reportedType} onClose={onClose} />;
}

function ReportForm({ reportedId, reportedType, onClose }: Omit<ReportAbuseDialogProps, 'open'>) {
  const { t } = useEngine();
  const abuse = useDataLayer().slice(abuseSlice);
  const [category, setCategory] = useState<AbuseCategory | ''>('');
  const [reason, setReason] = useState('');
  const [state, setState] = useState<State>({ step: 'idle' });
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const legendId = useId();
  const errorId = useId();
  useEffect(() => setMissing(false), [category]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.step === 'sending') return;
    if (!category) {
      setMissing(true);
      return;
    }
    setState({ step: 'sending' });
    const words = reason.trim();
    abuse.report({ reportedId, reportedType, category, ...(words ? { data: { reason: words } } : {}) }).then(
      () => setState({ step: 'sent' }),
      (error: unknown) => setState({ step: 'failed', message: messageOf(error) }),
    );
  };

  return (
    <ModalDialog title={t(`abuse.title.${reportedType}`)} modalProps={DIALOG} onDismiss={onClose}>
      {state.step === 'sent' ? (
        <div className="t-abuse-report">
          <p role="status">{t('abuse.sent')}</p>
          <div className="t-abuse-report__actions">
            <button type="button" className="ts-button ts-button--primary" onClick={onClose}>
              {t('abuse.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="t-abuse-report" onSubmit={submit} noValidate>
          <fieldset className="t-abuse-report__categories" aria-describedby={missing ? errorId : undefined}>
            <legend id={legendId}>{t('abuse.category')}</legend>
            {ABUSE_CATEGORIES.map((c) => (
              <label key={c} className="t-abuse-report__category">
                <input type="radio" name="abuse-category" value={c} checked={category === c} onChange={() => setCategory(c)} required />
                <span>{t(`abuse.categories.${c}`)}</span>
              </label>
            ))}
          </fieldset>
          {missing && (
            <p id={errorId} role="alert" className="t-abuse-report__error">
              {t('abuse.chooseCategory')}
            </p>
          )}
          <label htmlFor={reasonId}>{t('abuse.reason')}</label>
          <textarea id={reasonId} rows={3} maxLength={ABUSE_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
          {state.step === 'failed' && (
            <p role="alert" className="t-abuse-report__error">
              {t('abuse.failed', { message: state.message })}
            </p>
          )}
          <div className="t-abuse-report__actions">
            <button type="submit" className="ts-button ts-button--primary" aria-disabled={state.step === 'sending'}>
              {state.step === 'sending' ? t('abuse.sending') : t('abuse.send')}
            </button>
            <button type="button" className="ts-button" onClick={onClose}>
              {t('abuse.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
