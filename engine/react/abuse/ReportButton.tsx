/**
 * "Report" beside an item another member made (a profile's actions row): opens the report dialog.
 * Loaded lazily by the block that shows it, so its code comes with the first profile shown.
 */
import { useState } from 'react';
import type { AbuseReportedType } from '../../../schemas/model/api/abuse';
import { useEngine } from '../engine-context';
import { ReportAbuseDialog } from './ReportAbuseDialog';

export interface ReportButtonProps {
  reportedId: string;
  reportedType: AbuseReportedType;
  /** The accessible name names what is reported ("Report Maya"). */
  label?: string;
}

export default function ReportButton({ reportedId, reportedType, label }: ReportButtonProps) {
  const { t } = useEngine();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ts-button t-abuse-report-button" aria-label={label} onClick={() => setOpen(true)}>
        {t('abuse.report')}
      </button>
      <ReportAbuseDialog reportedId={reportedId} reportedType={reportedType} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
