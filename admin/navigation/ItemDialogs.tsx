/**
 * New module, new page, edit module and edit page dialogs. Edit dialogs show only the settings
 * tabs the user's permissions open (spec 6); slugs are checked for forbidden characters, then for
 * uniqueness by the server, before saving.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { moduleAtom, moduleOrderAtom, pageAtom } from '../../engine';
import type { Id, Module, Page } from '../../schemas/model';
import type { StructureWriteResult, UserListSummary } from '../core/api';
import { Dialog } from '../core/Dialog';
import { DialogActions } from '../core/DialogActions';
import { errorMessage, useAdmin } from '../core/context';
import { MODULES_SUBJECT, PAGES_SUBJECT, settingsTabs, type SettingsTab } from '../core/permissions';
import { TabPanel, Tabs } from '../core/Tabs';
import { PermissionsEditor } from '../access/PermissionsEditor';
import { checkSlug, slugFromName, type SlugProblem } from './slug';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="t-admin-field">
      {label}
      {children}
    </label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean | undefined; onChange(v: boolean): void }) {
  return (
    <label className="t-admin-check">
      <input type="checkbox" checked={checked === true} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function SlugField({ value, onChange, problem, errorId }: { value: string; onChange(v: string): void; problem: SlugProblem | null; errorId: string }) {
  const { t } = useAdmin();
  return (
    <>
      <Field label={t('admin.module.slug')}>
        <input
          type="text"
          value={value}
          required
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </Field>
      {problem && (
        <p id={errorId} role="alert" className="t-admin-error">
          {t(problem.key, problem.key === 'admin.slug.taken' ? { suggestion: problem.suggestion } : undefined)}
        </p>
      )}
    </>
  );
}

/** Tabs whose content this dialog has (style: no stylable fields on modules and pages yet). */
const WITH_CONTENT: SettingsTab[] = ['settings', 'visibility', 'permissions', 'design'];

/** New module or new page: name and slug (proposed from the name), the slug checked before creating. */
function NewItemDialog({ kind, moduleId, onClose, onOpen }: { kind: 'module' | 'page'; moduleId?: Id; onClose(): void; onOpen?(path: string): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [problem, setProblem] = useState<SlugProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const effectiveSlug = slugTouched ? slug : slugFromName(name);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const p = await checkSlug(admin.api, kind, 'new', effectiveSlug, moduleId);
      setProblem(p);
      if (p) return;
      let path = '';
      if (kind === 'module' || !moduleId) {
        // A new module starts usable: with a first page, and opened on it.
        const created = await admin.api.createModule({ name, slug: effectiveSlug, childIds: [] });
        admin.apply(created);
        const mod = created.modules?.find((m) => m.slug === effectiveSlug) ?? created.modules?.[0];
        if (mod) {
          const first = await admin.api.createPage(mod.id, { name: t('admin.module.firstPage'), slug: 'home', moduleId: mod.id, children: [], type: 'other' });
          admin.apply(first);
          path = `/${mod.slug}/${first.pages?.[0]?.slug ?? 'home'}`;
        }
      } else {
        const created = await admin.api.createPage(moduleId, { name, slug: effectiveSlug, moduleId, children: [], type: 'other' });
        admin.apply(created);
        const mod = created.modules?.find((m) => m.id === moduleId);
        if (mod) path = `/${mod.slug}/${created.pages?.[0]?.slug ?? effectiveSlug}`;
      }
      admin.notify('positive', t('admin.structure.created', { name }));
      onClose();
      if (path) onOpen?.(path);
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(`admin.${kind}.new`)}
      onClose={onClose}
      busy={busy}
      size="small"
      actions={<DialogActions busy={busy} disabled={!name.trim()} onCancel={onClose} onConfirm={save} />}
    >
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      <Field label={t(`admin.${kind}.name`)}>
        <input type="text" value={name} required autoFocus onChange={(e) => setName(e.target.value)} />
      </Field>
      <SlugField value={effectiveSlug} onChange={(v) => (setSlugTouched(true), setSlug(v))} problem={problem} errorId={`new-${kind}-slug-error`} />
    </Dialog>
  );
}

/** New module: created with a first page, which `onOpen` is told to open. */
export function NewModuleDialog({ onClose, onOpen }: { onClose(): void; onOpen?(path: string): void }) {
  return <NewItemDialog kind="module" onClose={onClose} onOpen={onOpen} />;
}

/** New page at the end of the module; `onOpen` is told to open it. */
export function NewPageDialog({ moduleId, onClose, onOpen }: { moduleId: Id; onClose(): void; onOpen?(path: string): void }) {
  return <NewItemDialog kind="page" moduleId={moduleId} onClose={onClose} onOpen={onOpen} />;
}

/** State and save of an edit dialog: the draft, the permitted tabs, the slug check (only when the slug changed), then the write. */
function useItemEditor<T extends { slug: string; name: string }>(opts: {
  source: 'module' | 'page';
  itemId: Id;
  contextId?: Id;
  stored: T | undefined;
  persist(draft: T): Promise<StructureWriteResult>;
  onClose(): void;
}) {
  const admin = useAdmin();
  const { t } = admin;
  const tabs = settingsTabs(admin.user, opts.source === 'module' ? MODULES_SUBJECT : PAGES_SUBJECT, opts.itemId).filter((x) => WITH_CONTENT.includes(x));
  const [tab, setTab] = useState<SettingsTab>(tabs[0] ?? 'settings');
  const [draft, setDraft] = useState<T | undefined>(opts.stored);
  const [problem, setProblem] = useState<SlugProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = (patch: Partial<T>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setError('');
    try {
      if (draft.slug !== opts.stored?.slug) {
        const p = await checkSlug(admin.api, opts.source, opts.itemId, draft.slug, opts.contextId);
        setProblem(p);
        if (p) {
          setTab('settings');
          return;
        }
      }
      admin.apply(await opts.persist(draft));
      admin.notify('positive', t('admin.structure.saved', { name: draft.name }));
      opts.onClose();
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setBusy(false);
    }
  };
  return { tabs, tab, setTab, draft, set, problem, busy, error, save };
}

/** The frame of an edit dialog: title, error, the permitted tabs (or a no-access note) and their panels. */
interface ItemEditorFrame {
  tabs: SettingsTab[];
  tab: SettingsTab;
  setTab(tab: SettingsTab): void;
  busy: boolean;
  error: string;
  save(): Promise<void>;
}

function ItemSettingsDialog({
  title,
  label,
  idPrefix,
  editor,
  onClose,
  children,
}: {
  title: string;
  label: string;
  idPrefix: string;
  editor: ItemEditorFrame;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useAdmin();
  const { tabs, tab, setTab, busy, error, save } = editor;
  return (
    <Dialog
      title={title}
      description={label}
      onClose={onClose}
      busy={busy}
      actions={tab !== 'permissions' ? <DialogActions busy={busy} onCancel={onClose} onConfirm={save} /> : undefined}
    >
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      {tabs.length === 0 ? (
        <p>{t('admin.settingsTabs.noAccess')}</p>
      ) : (
        <>
          <Tabs<SettingsTab> tabs={tabs} current={tab} onChange={setTab} label={label} idPrefix={idPrefix} labelOf={(x) => t(`admin.settingsTabs.${x}`)} />
          {children}
        </>
      )}
    </Dialog>
  );
}

export function EditModuleDialog({ moduleId, onClose }: { moduleId: Id; onClose(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const stored = useAtomValue(moduleAtom(moduleId));
  const editor = useItemEditor<Module>({ source: 'module', itemId: moduleId, stored, persist: (d) => admin.api.updateModule(moduleId, d), onClose });
  const { tabs, tab, draft, set, problem } = editor;
  if (!draft) return null;
  const prefix = `module-${moduleId}`;
  return (
    <ItemSettingsDialog
      title={t('admin.module.edit')}
      label={t('admin.module.settingsOf', { name: stored?.name ?? '' })}
      idPrefix={prefix}
      editor={editor}
      onClose={onClose}
    >
      {tabs.includes('settings') && (
        <TabPanel tab="settings" current={tab} idPrefix={prefix}>
          <Field label={t('admin.module.name')}>
            <input type="text" value={draft.name} required onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <SlugField value={draft.slug} onChange={(slug) => set({ slug })} problem={problem} errorId={`${prefix}-slug-error`} />
          <Check label={t('admin.module.isAbstract')} checked={draft.isAbstract} onChange={(isAbstract) => set({ isAbstract })} />
          <Check label={t('admin.module.archived')} checked={draft.archived} onChange={(archived) => set({ archived })} />
          <Field label={t('admin.module.customI18NKey')}>
            <input type="text" value={draft.customI18NKey ?? ''} onChange={(e) => set({ customI18NKey: e.target.value || undefined })} />
          </Field>
        </TabPanel>
      )}
      {tabs.includes('visibility') && (
        <TabPanel tab="visibility" current={tab} idPrefix={prefix}>
          <Check label={t('admin.module.hideFromNav')} checked={draft.hideFromNav} onChange={(hideFromNav) => set({ hideFromNav })} />
        </TabPanel>
      )}
      {tabs.includes('permissions') && (
        <TabPanel tab="permissions" current={tab} idPrefix={prefix}>
          {tab === 'permissions' && <PermissionsEditor itemId={moduleId} onCancel={onClose} />}
        </TabPanel>
      )}
      {tabs.includes('design') && (
        <TabPanel tab="design" current={tab} idPrefix={prefix}>
          <Check label={t('admin.module.hideSubNav')} checked={draft.hideSubNav} onChange={(hideSubNav) => set({ hideSubNav })} />
        </TabPanel>
      )}
    </ItemSettingsDialog>
  );
}

export function EditPageDialog({
  pageId,
  moduleId,
  onClose,
  onMoveToModule,
}: {
  pageId: Id;
  moduleId: Id;
  onClose(): void;
  onMoveToModule(pageId: Id, targetModuleId: Id): void;
}) {
  const admin = useAdmin();
  const { t, store } = admin;
  const stored = useAtomValue(pageAtom(pageId));
  const order = useAtomValue(moduleOrderAtom);
  const editor = useItemEditor<Page>({
    source: 'page',
    itemId: pageId,
    contextId: moduleId,
    stored,
    persist: (d) => admin.api.updatePage(pageId, moduleId, d),
    onClose,
  });
  const { tabs, tab, draft, set, problem } = editor;
  const [lists, setLists] = useState<UserListSummary[]>([]);
  const showsLists = tabs.includes('visibility');
  useEffect(() => {
    let live = true;
    if (showsLists)
      admin.api.listUserLists().then(
        (l) => live && setLists(l),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [admin.api, showsLists]);
  if (!draft) return null;
  const prefix = `page-${pageId}`;
  const listIds = draft.visibility?.userListIds ?? [];
  return (
    <ItemSettingsDialog
      title={t('admin.page.edit')}
      label={t('admin.page.settingsOf', { name: stored?.name ?? '' })}
      idPrefix={prefix}
      editor={editor}
      onClose={onClose}
    >
      {tabs.includes('settings') && (
        <TabPanel tab="settings" current={tab} idPrefix={prefix}>
          <Field label={t('admin.page.name')}>
            <input type="text" value={draft.name} required onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <SlugField value={draft.slug} onChange={(slug) => set({ slug })} problem={problem} errorId={`${prefix}-slug-error`} />
          <Field label={t('admin.page.type')}>
            <select value={draft.type ?? 'other'} onChange={(e) => set({ type: e.target.value as Page['type'] })}>
              {(['other', 'profile', 'entity'] as const).map((x) => (
                <option key={x} value={x}>
                  {t(`admin.page.types.${x}`)}
                </option>
              ))}
            </select>
          </Field>
          <Check label={t('admin.page.isAbstract')} checked={draft.isAbstract} onChange={(isAbstract) => set({ isAbstract })} />
          <Field label={t('admin.page.module')}>
            <select
              value={moduleId}
              onChange={(e) => {
                // Moving to another module goes through the same confirmation as a drop on its tab.
                if (e.target.value !== moduleId) onMoveToModule(pageId, e.target.value);
              }}
            >
              {order.map((id) => (
                <option key={id} value={id}>
                  {store.get(moduleAtom(id))?.name ?? id}
                </option>
              ))}
            </select>
          </Field>
        </TabPanel>
      )}
      {tabs.includes('visibility') && (
        <TabPanel tab="visibility" current={tab} idPrefix={prefix}>
          <Check label={t('admin.page.hideFromNav')} checked={draft.hideFromNav} onChange={(hideFromNav) => set({ hideFromNav })} />
          <Check label={t('admin.page.showOnlyThis')} checked={draft.showOnlyThis} onChange={(showOnlyThis) => set({ showOnlyThis })} />
          <fieldset>
            <legend>{t('admin.page.userLists')}</legend>
            {lists.map((l) => (
              <Check
                key={l.id}
                label={l.name}
                checked={listIds.includes(l.id)}
                onChange={(on) => set({ visibility: { ...draft.visibility, userListIds: on ? [...listIds, l.id] : listIds.filter((x) => x !== l.id) } })}
              />
            ))}
          </fieldset>
        </TabPanel>
      )}
      {tabs.includes('permissions') && (
        <TabPanel tab="permissions" current={tab} idPrefix={prefix}>
          {tab === 'permissions' && <PermissionsEditor itemId={pageId} onCancel={onClose} />}
        </TabPanel>
      )}
      {tabs.includes('design') && (
        <TabPanel tab="design" current={tab} idPrefix={prefix}>
          <Field label={t('admin.page.width')}>
            <select value={draft.width ?? 'fixed'} onChange={(e) => set({ width: e.target.value as Page['width'] })}>
              <option value="fixed">{t('admin.page.widths.fixed')}</option>
              <option value="fluid">{t('admin.page.widths.fluid')}</option>
            </select>
          </Field>
        </TabPanel>
      )}
    </ItemSettingsDialog>
  );
}
