/** A job's closing date: the end of its durations (the start when it has no end), in its time zone. */
import { useEngine } from '../../engine/block-api';
import { formatDayInZone } from '../../engine/core/date-display';
import { durationsOf } from '../../engine/react/entities/parts';
import type { Entity } from '../../schemas/model';

export function ClosingDate({ entity }: { entity: Entity }) {
  const { t } = useEngine();
  const d = durationsOf(entity);
  const closes = d?.endMs ?? d?.startMs;
  if (closes === undefined) return null;
  const date = formatDayInZone(closes, d?.timeZone);
  return (
    <p className="t-entity-closing">
      <time dateTime={new Date(closes).toISOString()}>{t(closes < Date.now() ? 'entityBlocks.closed' : 'entityBlocks.closes', { date })}</time>
    </p>
  );
}
