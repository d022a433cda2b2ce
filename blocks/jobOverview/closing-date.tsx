/** A job's closing date: its `closingDate` field (a day), else the end of its durations in its time zone. */
import { useEngine } from '../../engine/block-api';
import { formatDay, formatDayInZone } from '../../engine/core/date-display';
import { ENTITY_TEXT_KEYS, durationsOf } from '../../engine/react/entities/parts';
import type { Entity } from '../../schemas/model';

const DAY_MS = 86_400_000;

function closingOf(entity: Entity): { date: string; iso: string; closed: boolean } | undefined {
  const day = entity.data?.[ENTITY_TEXT_KEYS.closingDate];
  const dayMs = typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00`) : NaN;
  // A closing day stays open until that day is over.
  if (Number.isFinite(dayMs)) return { date: formatDay(dayMs), iso: day as string, closed: dayMs + DAY_MS <= Date.now() };
  const d = durationsOf(entity);
  const closes = d?.endMs ?? d?.startMs;
  if (closes === undefined) return undefined;
  return { date: formatDayInZone(closes, d?.timeZone), iso: new Date(closes).toISOString(), closed: closes <= Date.now() };
}

export function ClosingDate({ entity }: { entity: Entity }) {
  const { t } = useEngine();
  const closing = closingOf(entity);
  if (!closing) return null;
  return (
    <p className="t-entity-closing">
      <time dateTime={closing.iso}>{t(closing.closed ? 'entityBlocks.closed' : 'entityBlocks.closes', { date: closing.date })}</time>
    </p>
  );
}
