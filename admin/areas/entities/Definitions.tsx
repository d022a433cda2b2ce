/**
 * The definitions (route `entities`): name, concept type and number of entities, searched by name
 * (GET entityDefinitions/search, page 1 limit 10); a definition's name opens its entities, Edit its
 * tabs. "New definition" (create on entityDefinitions) asks a name and a concept type; a refusal is
 * community §8's "Error creating entity definition" with the server's reason.
 */
import { DialogButtons } from '../../core/DialogButtons';
import { useCallback, useId, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { canEditDefinition, ENTITY_CONCEPT_TYPES, ENTITY_DEFINITION_NAME_MAX } from '../../../engine/core/entities';
import type { EntityConceptType, EntityDefinition } from '../../../schemas/model';
import { Dialog } from '../../core/Dialog';
import { useNavigateAfterClose } from '../../core/navigate-after-close';
import { ScrollRegion } from '../../core/ScrollRegion';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import { messageOf, type EntitiesApi } from './entities-api';
import { Failure, mayOpen, Pager, SearchFilter, useDebounced, useHolder } from './shared';

const LIMIT = 10;
type Row = EntityDefinition & { entityCount?: number };

export function Definitions({ api }: { api: EntitiesApi }) {
  const { t } = useAdminFrame();
  const holder = useHolder();
  const navigateAfterClose = useNavigateAfterClose();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const q = useDebounced(text);
  const loaded = useLoaded(
    useCallback(async () => {
      const found = await api.searchDefinitions(q, page);
      // The count of each shown definition's entities: its search's total (one row asked).
      const items: Row[] = await Promise.all(
        found.items.map(async (d) => ({
          ...d,
          entityCount: await api.searchEntities(d.id, '', 1, 1).then(
            (r) => r.total,
            () => undefined,
          ),
        })),
      );
      return { ...found, items };
    }, [api, q, page]),
  );
  return (
    <>
      <div className="t-membership-toolbar">
        <p className="t-admin-intro">{t('adminAreas.entities.intro')}</p>
        {canEditDefinition(holder) && (
          <button type="button" className="ts-button ts-button--primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
            {t('adminAreas.entities.definitions.create')}
          </button>
        )}
      </div>
      <div className="t-membership-toolbar">
        <SearchFilter
          label={t('adminAreas.entities.definitions.search')}
          text={text}
          onText={(value) => {
            setText(value);
            setPage(1);
          }}
        />
      </div>
      <LoadedStates loaded={loaded} keyPrefix="adminAreas.entities.definitions" isEmpty={(found) => !found.items.length} />
      {loaded.status === 'ready' && loaded.value.items.length > 0 && (
        <>
          <ScrollRegion label={t('adminAreas.entities.definitions.caption')}>
            <table className="t-admin-table">
              <caption>{t('adminAreas.entities.definitions.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminAreas.entities.definitions.columns.name')}</th>
                  <th scope="col">{t('adminAreas.entities.definitions.columns.conceptType')}</th>
                  <th scope="col" className="t-admin-num">
                    {t('adminAreas.entities.definitions.columns.entities')}
                  </th>
                  <th scope="col">
                    <span className="ts-visually-hidden">{t('adminAreas.entities.definitions.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.value.items.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">
                      {mayOpen(holder, 'viewEntities', { definitionId: d.id }) ? (
                        <Link href={adminHref('viewEntities', { definitionId: d.id })}>{d.name}</Link>
                      ) : (
                        d.name
                      )}
                    </th>
                    <td>{t(`adminAreas.entities.conceptTypes.${d.conceptType}`)}</td>
                    <td className="t-admin-num">{d.entityCount ?? '–'}</td>
                    <td>
                      {mayOpen(holder, 'editEntityDefinition', { definitionId: d.id, tab: 'fields' }) && (
                        <Link className="ts-button" href={adminHref('editEntityDefinition', { definitionId: d.id, tab: 'fields' })}>
                          {t('adminAreas.entities.definitions.edit')}
                          <span className="ts-visually-hidden"> {d.name}</span>
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager label={t('adminAreas.entities.definitions.pages')} page={loaded.value.page} total={loaded.value.total} limit={LIMIT} onPage={setPage} />
        </>
      )}
      {creating && (
        <CreateDefinition
          api={api}
          onClose={() => setCreating(false)}
          onCreated={(definitionId) => {
            setCreating(false);
            navigateAfterClose(adminHref('editEntityDefinition', { definitionId, tab: 'fields' }));
          }}
        />
      )}
    </>
  );
}

/** The server's reason without the §8 sentence it may already start with (shown as the title above it). */
const reasonOf = (message: string) => message.replace(/^Error creating entity definition:?\s*/i, '');

function CreateDefinition({ api, onClose, onCreated }: { api: EntitiesApi; onClose(): void; onCreated(id: string): void }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [name, setName] = useState('');
  const [conceptType, setConceptType] = useState<EntityConceptType>('group');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string>();
  const nameProblem = !name.trim() ? t('adminAreas.entities.definitions.nameRequired') : undefined;
  const create = async () => {
    setTouched(true);
    setFailure(undefined);
    if (nameProblem) return;
    setBusy(true);
    try {
      const created = await api.createDefinition({ name: name.trim(), conceptType });
      services.toast({ type: 'positive', message: t('adminAreas.entities.definitions.created', { name: created.name }) });
      onCreated(created.id);
    } catch (error) {
      setFailure(reasonOf(messageOf(error)));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('adminAreas.entities.definitions.createTitle')}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={create}
          cancelLabel={t('adminAreas.entities.cancel')}
          confirmLabel={t('adminAreas.entities.definitions.createConfirm')}
          busyLabel={t('adminAreas.entities.saving')}
          styled
        />
      }
    >
      <form
        className="t-membership-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label htmlFor={`${id}-name`}>{t('adminAreas.entities.definitions.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          maxLength={ENTITY_DEFINITION_NAME_MAX}
          value={name}
          aria-invalid={touched && nameProblem ? true : undefined}
          aria-describedby={touched && nameProblem ? `${id}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {touched && nameProblem && (
          <p id={`${id}-name-error`} className="t-admin-notice--error">
            {nameProblem}
          </p>
        )}
        <label htmlFor={`${id}-concept`}>{t('adminAreas.entities.definitions.conceptType')}</label>
        <select id={`${id}-concept`} value={conceptType} onChange={(e) => setConceptType(e.target.value as EntityConceptType)}>
          {ENTITY_CONCEPT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`adminAreas.entities.conceptTypes.${c}`)}
            </option>
          ))}
        </select>
        {failure !== undefined && <Failure title={t('adminAreas.entities.definitions.createFailed')} message={failure} />}
      </form>
    </Dialog>
  );
}
