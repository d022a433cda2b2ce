/**
 * Pieces the entity blocks share (entityHero, entityOverview, the event and job cards and
 * overviews, entitySearch's cards): the entity a block shows, its picture, its favourite and share
 * buttons, its dates in its time zone, "Add to calendar", contact details and labelled field
 * values. Imported by path by those blocks only.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Entity, EntityDefinition, EntityFieldDefinition, JsonObject } from '../../../schemas/model';
import type { EntitySummary } from '../../../schemas/model/api/entities';
import type { ContactPowerUpData, DurationsPowerUpData, PowerUp } from '../../../schemas/model/entity';
import { calendarLinks, type CalendarService } from '../../core/calendar-links';
import { formatDay, formatDayAndTime, formatDayAndTimeInZone, formatDayInZone, timeZoneLabel } from '../../core/date-display';
import { ENTITY_FAVOURITE_TYPE } from '../../core/favourites';
import { geoPointOf } from '../../core/geo';
import { checkExternalUrl } from '../../core/url-check';
import { useEntityEntry } from '../../data/entities';
import { useEntityDefinition } from '../../data/entity-search';
import { useFavourites } from '../../data/hooks';
import type { ResourceEntry } from '../../data/resource';
import { entityDefinitionNameKey } from '../../core/i18n/content-keys';
import { AppLink } from '../app-link';
import { useContentLookup } from '../content-text';
import { useEngine, type EngineValue } from '../engine-context';
import { loadingAttributes, type ImageLoading } from '../image-loading';

/**
 * Data keys the event and job blocks read besides the definition's image and location fields (the
 * demo's definitions use them): the description is `description`, else `summary`; a job closes on
 * `closingDate`, else at the end of its durations.
 */
export const ENTITY_TEXT_KEYS = {
  description: 'description',
  summary: 'summary',
  employer: 'employer',
  salary: 'salary',
  venue: 'venue',
  closingDate: 'closingDate',
} as const;

/** The entity's description text (markup dropped): `description`, else `summary`. */
export function descriptionOf(entity: Entity): string | undefined {
  const value = text(entity.data?.[ENTITY_TEXT_KEYS.description]) ?? text(entity.data?.[ENTITY_TEXT_KEYS.summary]);
  return value?.replace(/<[^>]*>/g, ' ').trim() || undefined;
}

/** The in-app path of an entity's space (core §2.2: its slug, else its id). */
export const entitySpacePath = (entity: Pick<Entity, 'id' | 'slug'>) => `/space/${encodeURIComponent(entity.slug || entity.id)}`;

export const hasPowerUp = (entity: Pick<Entity, 'powerUps'>, powerUp: PowerUp) => Array.isArray(entity.powerUps) && entity.powerUps.includes(powerUp);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const plainObject = (v: unknown): JsonObject | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : undefined);

/**
 * The entity a block shows: the one its `entityId` option names, else the page's target entity;
 * either read through the entities slice (one atom per entity, its room joined), so it follows
 * every change live whoever hosts the page. Undefined when there is neither (the block says it
 * needs one).
 */
export function useShownEntity(entityId: string | undefined): ResourceEntry<Entity> | undefined {
  const { entity } = useEngine();
  const ref = entityId || entity?.id;
  const live = useEntityEntry(ref);
  if (!ref) return undefined;
  // The page's entity is shown as the page has it until the slice holds it.
  if (!entityId && entity && live?.state !== 'ready') return { state: 'ready', value: entity };
  return live;
}

/** The page's target entity, live (see useShownEntity). */
export function usePageEntity(): Entity | undefined {
  const entry = useShownEntity(undefined);
  return entry?.state === 'ready' ? entry.value : undefined;
}

/** The durations power-up's data, read tolerantly (a start that is not a date is none). */
export function durationsOf(entity: Entity): (DurationsPowerUpData & { startMs?: number; endMs?: number }) | undefined {
  if (!hasPowerUp(entity, 'durations')) return undefined;
  const d = plainObject(entity.powerUpData?.durations) as DurationsPowerUpData | undefined;
  const startMs = d?.start ? Date.parse(d.start) : NaN;
  if (!d || !Number.isFinite(startMs)) return undefined;
  const endMs = d.end ? Date.parse(d.end) : NaN;
  return { ...d, startMs, endMs: Number.isFinite(endMs) ? endMs : undefined, timeZone: text(d.timeZone) };
}

export function contactOf(entity: Entity): ContactPowerUpData | undefined {
  if (!hasPowerUp(entity, 'contact')) return undefined;
  const c = plainObject(entity.powerUpData?.contact) as ContactPowerUpData | undefined;
  return c && (text(c.name) || text(c.email) || text(c.phone) || text(c.website)) ? c : undefined;
}

/** The image file id of the definition's imageField. */
export function imageIdOf(entity: Entity, definition: EntityDefinition | undefined): string | undefined {
  const key = definition?.settings?.imageField;
  const value = key ? entity.data?.[key] : undefined;
  return typeof value === 'number' ? String(value) : text(value);
}

/** The place: the venue text, else the label of the definition's locationField value. */
export function placeOf(entity: Entity, definition: EntityDefinition | undefined): string | undefined {
  const venue = text(entity.data?.[ENTITY_TEXT_KEYS.venue]);
  if (venue) return venue;
  const key = definition?.settings?.locationField;
  const geo = plainObject(key ? entity.data?.[key] : undefined);
  return text(geo?.label) ?? text(geo?.address);
}

export function EntityImage({
  imageId,
  width,
  ratio,
  loading,
  className,
}: {
  imageId: string | undefined;
  width: number;
  ratio?: '16:9' | '3:2' | '1:1';
  loading?: ImageLoading;
  className: string;
}) {
  const { services } = useEngine();
  const src = imageId ? services.mediaUrl?.({ kind: 'image', id: imageId, thumb: true, width, ratio }) : undefined;
  // Decorative: the title next to it names the entity.
  if (!src) return <div className={`${className} ${className}--empty`} aria-hidden="true" />;
  return <img className={className} src={src} alt="" {...loadingAttributes(loading)} />;
}

/** The block options' "16/9" as the media service's "16:9". */
export const mediaRatio = (ratio: string | undefined): '16:9' | '3:2' | '1:1' => (ratio === '3/2' ? '3:2' : ratio === '1' ? '1:1' : '16:9');

/**
 * Adds the entity to the member's favourites or removes it (the entities type of profile meta),
 * with its count: the entity's favouriteCount, live through its room (`entities:favourites`).
 */
export function EntityFavouriteButton({ entity, showCount = true }: { entity: Entity; showCount?: boolean }) {
  const { t, user } = useEngine();
  const favourites = useFavourites(ENTITY_FAVOURITE_TYPE);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const on = favourites.ids.includes(entity.id);
  const shown = entity.favouriteCount;
  return (
    <span className="t-entity-favourite">
      <button
        type="button"
        className="t-button t-entity-favourite__button"
        aria-pressed={on}
        disabled={busy || !favourites.loaded}
        onClick={() => {
          setBusy(true);
          // A refusal is toasted by the shell; the state stays as the server has it.
          favourites
            .set(entity.id, !on)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <span aria-hidden="true">{on ? '♥' : '♡'}</span> {t(on ? 'entityBlocks.unfavourite' : 'entityBlocks.favourite')}
      </button>
      {showCount && typeof shown === 'number' && (
        <span className="t-entity-favourite__count" role="status">
          {t(shown === 1 ? 'entityBlocks.favouriteCountOne' : 'entityBlocks.favouriteCount', { n: shown })}
        </span>
      )}
    </span>
  );
}

/** Shares the entity's address: the system share sheet where there is one, else the address is copied. */
export function EntityShareButton({ entity }: { entity: Entity }) {
  const { t } = useEngine();
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const url = typeof window === 'undefined' ? entitySpacePath(entity) : new URL(`/app${entitySpacePath(entity)}`, window.location.origin).toString();
  return (
    <span className="t-entity-share">
      <button
        type="button"
        className="t-button t-entity-share__button"
        onClick={() => {
          if (typeof navigator.share === 'function') {
            navigator.share({ title: entity.title, url }).catch(() => undefined); // closing the sheet is no error
            return;
          }
          if (!navigator.clipboard) return setCopied('failed');
          navigator.clipboard.writeText(url).then(
            () => setCopied('copied'),
            () => setCopied('failed'),
          );
        }}
      >
        <span aria-hidden="true">↗</span> {t('entityBlocks.share')}
      </button>
      <span className="t-entity-share__status" role="status">
        {copied === 'copied' ? t('entityBlocks.linkCopied') : copied === 'failed' ? t('entityBlocks.linkCopyFailed', { url }) : ''}
      </span>
    </span>
  );
}

/** The favourite and share buttons the entity's power-ups and the block's options allow. */
export function EntityActions({ entity, favourite, share }: { entity: Entity; favourite?: boolean; share?: boolean }) {
  const showFavourite = favourite !== false && hasPowerUp(entity, 'addToFavorites');
  const showShare = share !== false && hasPowerUp(entity, 'socialShare');
  if (!showFavourite && !showShare) return null;
  return (
    <div className="t-entity-actions">
      {showFavourite && <EntityFavouriteButton entity={entity} />}
      {showShare && <EntityShareButton entity={entity} />}
    </div>
  );
}

/** Start and end of the durations power-up in its time zone (the viewer's when it has none), with the zone named. */
export function EntityDates({ entity, label }: { entity: Entity; label?: boolean }) {
  const { t } = useEngine();
  const d = durationsOf(entity);
  if (!d?.startMs) return null;
  const format = (ms: number) => (d.allDay ? formatDayInZone(ms, d.timeZone) : formatDayAndTimeInZone(ms, d.timeZone));
  const zone = d.timeZone && !d.allDay ? timeZoneLabel(d.startMs, d.timeZone) : undefined;
  const start = format(d.startMs);
  const end = d.endMs !== undefined && d.endMs > d.startMs ? format(d.endMs) : undefined;
  return (
    <p className="t-entity-dates">
      {label && <span className="t-entity-dates__label">{t('entityBlocks.when')} </span>}
      <time dateTime={new Date(d.startMs).toISOString()}>{start}</time>
      {end && (
        <>
          {' – '}
          <time dateTime={new Date(d.endMs ?? d.startMs).toISOString()}>{end}</time>
        </>
      )}
      {zone && <span className="t-entity-dates__zone"> ({zone})</span>}
    </p>
  );
}

const SERVICE_KEYS: Record<CalendarService, string> = {
  google: 'entityBlocks.calendarGoogle',
  outlook: 'entityBlocks.calendarOutlook',
  yahoo: 'entityBlocks.calendarYahoo',
};

/** "Add to calendar" links (core §7.5): title, place, details, start and end, to three services. */
export function AddToCalendar({ entity, place }: { entity: Entity; place?: string }) {
  const { t } = useEngine();
  const d = durationsOf(entity);
  if (!d?.start) return null;
  const links = calendarLinks({
    title: entity.title,
    location: place,
    details: descriptionOf(entity),
    start: d.start,
    end: d.end,
    allDay: d.allDay,
  });
  if (!links.length) return null;
  return (
    <nav className="t-entity-calendar" aria-label={t('entityBlocks.addToCalendar')}>
      <span className="t-entity-calendar__label" aria-hidden="true">
        {t('entityBlocks.addToCalendar')}
      </span>
      <ul>
        {links.map((l) => (
          <li key={l.service}>
            <a className="t-button" href={l.url} target="_blank" rel="noopener noreferrer">
              {t(SERVICE_KEYS[l.service])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The contact power-up's details: name, e-mail, phone, website (an http(s) address only). */
export function ContactDetails({ entity }: { entity: Entity }) {
  const { t } = useEngine();
  const c = contactOf(entity);
  if (!c) return null;
  const website = checkExternalUrl(c.website);
  const rows: [string, ReactNode][] = [];
  if (text(c.name)) rows.push([t('entityBlocks.contactName'), c.name]);
  if (text(c.email)) rows.push([t('entityBlocks.contactEmail'), <a href={`mailto:${c.email}`}>{c.email}</a>]);
  if (text(c.phone)) rows.push([t('entityBlocks.contactPhone'), <a href={`tel:${String(c.phone).replace(/[^+\d]/g, '')}`}>{c.phone}</a>]);
  if (website.ok)
    rows.push([
      t('entityBlocks.contactWebsite'),
      <a href={website.url.toString()} target="_blank" rel="noopener noreferrer">
        {website.url.hostname}
      </a>,
    ]);
  return <LabelledList className="t-entity-contact" title={t('entityBlocks.contact')} rows={rows} />;
}

/** A titled description list; the title names the list for assistive technology. */
export function LabelledList({
  title,
  rows,
  className,
  layout = 'list',
}: {
  title?: string;
  rows: [string, ReactNode][];
  className?: string;
  layout?: string;
}) {
  const id = useId();
  if (!rows.length) return null;
  return (
    <div className={`t-entity-fields t-entity-fields--${layout} ${className ?? ''}`}>
      {title && (
        <h3 id={id} className="t-entity-fields__title">
          {title}
        </h3>
      )}
      <dl aria-labelledby={title ? id : undefined}>
        {rows.map(([label, value], i) => (
          <div key={i} className="t-entity-fields__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One field value as text or a link, by the field's type; undefined when there is nothing to show. */
export function fieldValue(field: EntityFieldDefinition, value: unknown, { t, services }: Pick<EngineValue, 't' | 'services'>): ReactNode {
  if (value === undefined || value === null || value === '') return undefined;
  const optionLabel = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? (typeof v === 'string' ? v : undefined);
  switch (field.type) {
    case 'options':
    case 'radio':
    case 'tags': {
      const labels = (Array.isArray(value) ? value : [value]).map(optionLabel).filter((l): l is string => !!l);
      return labels.length ? labels.join(', ') : undefined;
    }
    case 'checkbox':
    case 'toggle':
      return typeof value === 'boolean' ? t(value ? 'entityBlocks.yes' : 'entityBlocks.no') : undefined;
    case 'date': {
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isFinite(ms) ? <time dateTime={String(value)}>{formatDay(ms)}</time> : undefined;
    }
    case 'geoLocation': {
      const place = plainObject(value);
      const point = geoPointOf(value);
      return text(place?.label) ?? text(place?.address) ?? (point ? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}` : undefined);
    }
    case 'imageUploader': {
      const src = typeof value === 'string' ? services.mediaUrl?.({ kind: 'image', id: value, thumb: true, width: 300 }) : undefined;
      return src ? <img className="t-entity-fields__image" src={src} alt={field.label} loading="lazy" /> : undefined;
    }
    case 'wysiwyg':
    case 'textarea':
      // Shown as text: stored markup is not trusted here, its words are.
      return typeof value === 'string' ? <span className="t-entity-fields__text">{value.replace(/<[^>]*>/g, ' ').trim()}</span> : undefined;
    default: {
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (typeof value !== 'string') return undefined;
      const url = /^https?:\/\//i.test(value) ? checkExternalUrl(value) : undefined;
      return url?.ok ? (
        <a href={url.url.toString()} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        value
      );
    }
  }
}

/** Label and value rows of the chosen fields (every field but the cover when `keys` is empty, unless not `everyWhenEmpty`); empty ones only with `showEmpty`. */
export function useFieldRows(
  entity: Entity | undefined,
  definition: EntityDefinition | undefined,
  keys: readonly string[],
  { showEmpty = false, everyWhenEmpty = true }: { showEmpty?: boolean; everyWhenEmpty?: boolean } = {},
): [string, ReactNode][] {
  const engine = useEngine();
  const fields = entity ? (definition?.fields ?? []) : [];
  const chosen = keys.length
    ? keys.flatMap((k) => fields.filter((f) => f.key === k))
    : everyWhenEmpty
      ? fields.filter((f) => f.key !== definition?.settings?.imageField)
      : [];
  return chosen.flatMap((field): [string, ReactNode][] => {
    const value = fieldValue(field, entity?.data?.[field.key], engine);
    if (value === undefined) return showEmpty ? [[field.label, <span className="t-entity-fields__empty">{engine.t('entityBlocks.noValue')}</span>]] : [];
    return [[field.label, value]];
  });
}

/** A search result or map entry: picture, title, kind, start and place, linking to the entity's space. */
export function EntitySummaryCard({
  summary,
  definitionName,
  ratio,
  loading,
}: {
  summary: EntitySummary;
  definitionName?: string;
  ratio?: '16:9' | '3:2' | '1:1';
  loading?: ImageLoading;
}) {
  const startMs = summary.start ? Date.parse(summary.start) : NaN;
  // The definition's name is a label of the site: shown in the reader's language when translated.
  const lookup = useContentLookup();
  return (
    <article className="t-entity-card">
      <EntityImage imageId={summary.imageId} width={500} ratio={ratio} loading={loading} className="t-entity-card__image" />
      <div className="t-entity-card__body">
        <h3 className="t-entity-card__title">
          <AppLink path={entitySpacePath(summary)} className="t-entity-card__link">
            {summary.title}
          </AppLink>
        </h3>
        {definitionName && <p className="t-entity-card__kind">{lookup(entityDefinitionNameKey(summary.definition), definitionName) ?? definitionName}</p>}
        {Number.isFinite(startMs) && (
          <p className="t-entity-card__date">
            <time dateTime={summary.start}>{formatDayAndTime(startMs)}</time>
          </p>
        )}
        {summary.geo?.label && <p className="t-entity-card__place">{summary.geo.label}</p>}
      </div>
    </article>
  );
}

/** The plain words of a stored text (markup dropped), cut to `max` characters with an ellipsis; undefined when empty or `max` is 0. */
export function excerpt(value: unknown, max: number | undefined): string | undefined {
  const words = text(value)
    ?.replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words || !max) return undefined;
  return words.length > max ? `${words.slice(0, max).trimEnd()}…` : words;
}

/** The text of a data key (strings and numbers). */
export const dataText = (entity: Entity, key: string): string | undefined => {
  const v = entity.data?.[key];
  return typeof v === 'number' ? String(v) : text(v);
};

/**
 * The frame of the event and job cards: the entity's picture, its title linking to its space,
 * the card's own lines and its favourite and share buttons. Without an entity (none named, none on
 * the page) or while it loads, a state in words.
 */
export function EntityCardFrame({
  entry,
  kind,
  layout,
  ratio,
  loading,
  favourite,
  share,
  children,
}: {
  entry: ResourceEntry<Entity> | undefined;
  kind: 'event' | 'job';
  layout?: string;
  ratio?: '16:9' | '3:2' | '1:1';
  loading?: ImageLoading;
  favourite?: boolean;
  share?: boolean;
  children: (entity: Entity, definition: EntityDefinition | undefined) => ReactNode;
}) {
  const { t } = useEngine();
  const entity = entry?.state === 'ready' ? entry.value : undefined;
  const definition = useEntityDefinition(entity?.definition);
  const titleId = useId();
  if (!entry) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  if (entry.state === 'loading')
    return (
      <p className="t-entity-state" role="status">
        {t('entityBlocks.loading')}
      </p>
    );
  if (!entity)
    return <p className="t-entity-state">{t(entry.state === 'error' && entry.error === 'notFound' ? 'entityBlocks.notFound' : 'entityBlocks.loadFailed')}</p>;
  return (
    <article className={`t-entity-card t-entity-card--${kind} t-entity-card--${layout ?? 'vertical'}`} aria-labelledby={titleId}>
      {/* A card without a picture is its text only (a placeholder as wide as the page says nothing). */}
      {imageIdOf(entity, definition) && (
        <EntityImage
          imageId={imageIdOf(entity, definition)}
          width={layout === 'horizontal' ? 300 : 600}
          ratio={ratio}
          loading={loading}
          className="t-entity-card__image"
        />
      )}
      <div className="t-entity-card__body">
        <h3 id={titleId} className="t-entity-card__title">
          <AppLink path={entitySpacePath(entity)} className="t-entity-card__link">
            {entity.title}
          </AppLink>
        </h3>
        {children(entity, definition)}
        <EntityActions entity={entity} favourite={favourite} share={share} />
      </div>
    </article>
  );
}
