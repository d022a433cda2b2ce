/**
 * "Report" on a post or comment: the abuse domain's dialog (engine/react/abuse/ReportAbuseDialog,
 * its own chunk, loaded on the first press). The menu item opens it; the dialog lives beside the
 * menu (which closes), so `PostReport` is rendered by the item and `open` set from its menu.
 */
import { lazy, Suspense } from 'react';
import type { Communication } from '../../../schemas/model/api/communications';

const ReportAbuseDialog = lazy(() => import('../abuse/ReportAbuseDialog').then((m) => ({ default: m.ReportAbuseDialog })));

export function PostReport({ item, open, onClose }: { item: Communication; open: boolean; onClose(): void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportAbuseDialog reportedId={item.id} reportedType={item.kind === 'post' ? 'post' : 'comment'} open={open} onClose={onClose} />
    </Suspense>
  );
}
