/** What the entities area's screens share: the holder, route checks, the pager, a debounced search text, the power-up and structure lookups, and the delete that asks first. */
import { useEffect, useId, useState } from 'react';
import { adminArea, mayOpenAdminRoute, type AdminRouteName } from '../../../engine/core/admin-areas';
import type { PermissionHolder } from '../../../engine/core/permissions';
import type { Id, PowerUp } from '../../../schemas/model';
import type { PowerUpInfo } from '../../../schemas/model/api/entities';
import type { StructureResponse } from '../../../schemas/model/api/structure';
import { messageOf, type EntitiesApi } from './entities-api';
import { Dialog } from '../../core/Dialog';
import { useAdminFrame } from '../../frame/frame-context';

export type Holder = PermissionHolder & { accountId?: Id };

/** The session's grants (from init, as the frame's guards read them); the server checks every call again. */
export function useHolder(): Holder | undefined {
  return useAdminFrame().services.holder as Holder | undefined;
}

/** Whether the holder may open one of the area's named routes with these parameters (links are shown only then). */
export function mayOpen(holder: Holder | undefined, name: AdminRouteName, params: Record<string, string>): boolean {
  const route = adminArea('entities').routes.find((r) => r.name === name);
  return !!route && mayOpenAdminRoute(holder, route, params);
}

/** The text after `ms` of quiet: a search asks once the admin stops typing. */
export function useDebounced(text: string, ms = 300): string {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return value;
}

/** The search box over a list (at most 200 characters); `onText` has each change. */
export function SearchFilter({ label, text, onText }: { label: string; text: string; onText(text: string): void }) {
  const id = useId();
  return (
    <div className="t-membership-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={200} onChange={(e) => onText(e.target.value)} />
    </div>
  );
}

/** Previous and next over a search's pages, with where we are. */
export function Pager({ page, total, limit, onPage, label }: { page: number; total: number; limit: number; onPage(page: number): void; label: string }) {
  const { t } = useAdminFrame();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="t-admin-actions t-entities__pager" aria-label={label}>
      <button type="button" className="ts-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('adminAreas.entities.pager.previous')}
      </button>
      <span aria-live="polite">{t('adminAreas.entities.pager.at', { page, pages })}</span>
      <button type="button" className="ts-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('adminAreas.entities.pager.next')}
      </button>
    </nav>
  );
}

/** A refusal or failure under a form: the §8 sentence or title, the server's words under it. */
export function Failure({ title, message, id }: { title: string; message?: string; id?: string }) {
  return (
    <div role="alert" id={id} className="t-admin-notice--error">
      <p>{title}</p>
      {message && <p className="t-admin-meta">{message}</p>}
    </div>
  );
}

/** A form's submit button: disabled and marked busy while the form's work runs, saying so with `busyLabel` ("Saving…" unless told). */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  primary = true,
  disabled = false,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  primary?: boolean;
  disabled?: boolean;
}) {
  const { t } = useAdminFrame();
  return (
    <button type="submit" className={primary ? 'ts-button ts-button--primary' : 'ts-button'} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (busyLabel ?? t('adminAreas.entities.saving')) : label}
    </button>
  );
}

/** A page of the location module that belongs to a space (type entity). */
export interface ModulePage {
  id: string;
  slug: string;
  name: string;
}

/** The power-up catalogue (GET structure/powerUp); our own names and no block list when it cannot be read. */
export function usePowerUpCatalogue(api: EntitiesApi): Map<PowerUp, PowerUpInfo> {
  const [catalogue, setCatalogue] = useState(new Map<PowerUp, PowerUpInfo>());
  useEffect(() => {
    let live = true;
    api.powerUps().then(
      (all) => live && setCatalogue(new Map(all.map((p) => [p.id, p]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return catalogue;
}

/** Modules and their entity pages (GET structure), for where new entities live and which pages they show. */
export function useStructure(api: EntitiesApi): StructureResponse | undefined {
  const [structure, setStructure] = useState<StructureResponse>();
  useEffect(() => {
    let live = true;
    api.structure().then(
      (found) => live && setStructure(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return structure;
}

/**
 * A save or send in flight: `run` marks it busy and clears the last failure, keeps the new one
 * (the server's words) when the work throws, and is no longer busy after. `setFailure` says what
 * a check before the work refused.
 */
export function useBusyAction(): {
  busy: boolean;
  failure: string | undefined;
  setFailure(failure: string | undefined): void;
  run(work: () => Promise<void>): Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}

/** The words of a delete that asks first: the opening button, the dialog's title and body, its confirm button, and the title over a failure. */
export interface DeleteTexts {
  open: string;
  title: string;
  body: string;
  confirm: string;
  failed: string;
}

/**
 * A button that asks in a small dialog, then deletes: `onDelete` does the deletion (and says so);
 * the dialog closes and `onDeleted` follows (it leaves the page). A failure stays in the dialog,
 * which stays open to try again.
 */
export function DeleteWithConfirm({ texts, onDelete, onDeleted }: { texts: DeleteTexts; onDelete(): Promise<void>; onDeleted(): void }) {
  const { t } = useAdminFrame();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await onDelete();
      setAsking(false);
      onDeleted();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {texts.open}
      </button>
      {asking && (
        <Dialog
          title={texts.title}
          size="small"
          busy={busy}
          onClose={() => setAsking(false)}
          className="t-admin-area"
          description={texts.body}
          actions={
            <>
              <button type="button" className="ts-button" disabled={busy} onClick={() => setAsking(false)}>
                {t('adminAreas.entities.cancel')}
              </button>
              <button type="button" className="ts-button ts-button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void remove()}>
                {busy ? t('adminAreas.entities.delete.deleting') : texts.confirm}
              </button>
            </>
          }
        >
          {failure !== undefined && <Failure title={texts.failed} message={failure} />}
        </Dialog>
      )}
    </>
  );
}
