/**
 * Text-edit mode (alt+shift+j, spec 1 and 2.6): every translated label of the shell, the engine
 * and the blocks is editable where it stands. The translators mark each message in this mode
 * (engine/core/i18n/text-marks); this layer, loaded with import() only for users who may edit
 * texts, finds the marks in the page (text, aria-label, placeholder, title, alt), strips them and
 * makes the element that shows the label editable: a click, or Enter on it, opens a small editor
 * over it with the label's text and its attribute labels. Space (a keyboard click) still uses a
 * control, and the editor offers _Use control_ for mouse users. Saving sends POST i18n?iso with
 * the changed keys; the server stores them for the language and tells every client (i18n:update).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { hasMarks, readMarks, stripMarks, type MarkedMessage } from '../../engine/core/i18n/text-marks';
import { useApi } from '../shell/services';
import { i18nOverridesAtom, localeAtom, pushToastAtom } from '../shell/shell-state';
import { useT } from './use-t';

/** Attributes whose labels are edited through the editor's fields. */
export const LABEL_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;
type LabelAttribute = (typeof LABEL_ATTRIBUTES)[number];

/** What an element shows of translated messages: its text's and its attributes'. */
export interface ElementLabels {
  text: MarkedMessage[];
  attributes: { attribute: LabelAttribute; message: MarkedMessage }[];
}

/** Where the layer never edits: its own editor and the admin bars (their toggles must keep working). */
const SKIP = '[data-text-edit-skip]';
/** The element a label in `el` belongs to: the control around it, else the element itself. */
const CONTROL = 'button, a[href], label, summary, [role="button"], [role="tab"], [role="link"], [role="menuitem"], [role="option"]';
const FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]';
export const LABEL_ATTR = 'data-text-label';

function labelTarget(el: Element): Element {
  return el.closest(CONTROL) ?? el;
}

/**
 * Watches `root` for marked labels: strips every mark (so what is read, copied or measured is the
 * label) and records which messages each element shows. Returns the record and a stop function
 * that takes its attributes off again.
 */
export function watchLabels(root: Element): { labels: WeakMap<Element, ElementLabels>; stop(): void } {
  const labels = new WeakMap<Element, ElementLabels>();
  const tagged = new Set<Element>();
  const entry = (el: Element): ElementLabels | null => {
    if (el.closest(SKIP)) return null;
    let e = labels.get(el);
    if (!e) {
      e = { text: [], attributes: [] };
      labels.set(el, e);
    }
    if (!tagged.has(el)) {
      tagged.add(el);
      el.setAttribute(LABEL_ATTR, '');
      // Reachable by keyboard: a heading or paragraph gets a tab stop while the mode is on.
      if (!el.matches(FOCUSABLE)) el.setAttribute('tabindex', '0');
    }
    return e;
  };
  const add = (list: MarkedMessage[], found: MarkedMessage[]) => {
    for (const m of found) {
      const i = list.findIndex((x) => x.key === m.key);
      if (i >= 0) list[i] = m;
      else list.push(m);
    }
  };
  const text = (node: Text) => {
    const value = node.nodeValue ?? '';
    if (!hasMarks(value)) return;
    const found = readMarks(value);
    node.nodeValue = stripMarks(value);
    const parent = node.parentElement;
    // A <title> or <option> cannot be edited in place; their marks are only stripped.
    if (!parent || parent.closest('head, option, script, style')) return;
    const e = entry(labelTarget(parent));
    if (e) add(e.text, found);
  };
  const attributes = (el: Element) => {
    for (const attribute of LABEL_ATTRIBUTES) {
      const value = el.getAttribute(attribute);
      if (!value || !hasMarks(value)) continue;
      const found = readMarks(value);
      el.setAttribute(attribute, stripMarks(value));
      const e = entry(el);
      if (!e) continue;
      e.attributes = e.attributes.filter((a) => a.attribute !== attribute);
      for (const message of found) e.attributes.push({ attribute, message });
    }
  };
  const scan = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return text(node as Text);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    attributes(node as Element);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) text(n as Text);
      else attributes(n as Element);
    }
  };
  scan(root);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') scan(r.target);
      else if (r.type === 'attributes') attributes(r.target as Element);
      else r.addedNodes.forEach(scan);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [...LABEL_ATTRIBUTES] });
  return {
    labels,
    stop() {
      observer.disconnect();
      for (const el of tagged) {
        el.removeAttribute(LABEL_ATTR);
        if (el.getAttribute('tabindex') === '0' && !el.matches('button, a[href], input, select, textarea, summary')) el.removeAttribute('tabindex');
      }
    },
  };
}

interface Editing {
  target: Element;
  labels: ElementLabels;
  rect: DOMRect;
}

export default function TextEditLayer() {
  const t = useT();
  const api = useApi();
  const locale = useAtomValue(localeAtom);
  const setOverrides = useSetAtom(i18nOverridesAtom);
  const toast = useSetAtom(pushToastAtom);
  const [editing, setEditing] = useState<Editing | null>(null);

  useLayoutEffect(() => {
    const w = watchLabels(document.documentElement);
    const open = (el: Element) => {
      const labels = w.labels.get(el);
      if (!labels || (!labels.text.length && !labels.attributes.length)) return false;
      setEditing({ target: el, labels: { text: [...labels.text], attributes: [...labels.attributes] }, rect: el.getBoundingClientRect() });
      return true;
    };
    const labelled = (e: Event) => {
      const el = (e.target as Element | null)?.closest?.(`[${LABEL_ATTR}]`);
      return el && !el.closest(SKIP) ? el : null;
    };
    // A pointer click edits the label; a keyboard click (Space, detail 0) still uses the control.
    const onClick = (e: MouseEvent) => {
      const el = labelled(e);
      if (!el || e.detail === 0) return;
      if (open(el)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const el = labelled(e);
      if (el && e.target === el && open(el)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
      w.stop();
    };
  }, []);

  return (
    <>
      <p className="ts-visually-hidden" role="status" data-text-edit-skip="">
        {stripMarks(t('shell.textEdit.on'))}
      </p>
      {editing &&
        createPortal(
          <LabelEditor
            editing={editing}
            onClose={(refocus) => {
              setEditing(null);
              if (refocus && editing.target.isConnected) (editing.target as HTMLElement).focus();
            }}
            onSave={async (changes) => {
              await api.post('i18n', changes, { query: { iso: locale } });
              setOverrides((o) => {
                const next = { ...o };
                for (const { key, data } of changes) {
                  if (data === null) delete next[key];
                  else next[key] = data;
                }
                return next;
              });
              toast({ type: 'positive', message: stripMarks(t('shell.textEdit.saved')) });
            }}
          />,
          document.body,
        )}
    </>
  );
}

interface LabelEditorProps {
  editing: Editing;
  onClose(refocus: boolean): void;
  onSave(changes: { key: string; data: string | null }[]): Promise<void>;
}

/** The editor over a label: one field per message (text first, then attributes), Save, Cancel and Use control. */
function LabelEditor({ editing, onClose, onSave }: LabelEditorProps) {
  const raw = useT();
  const t = (key: string, params?: Record<string, string>) => stripMarks(raw(key, params));
  const fields = [
    ...editing.labels.text.map((message) => ({ message, name: t('shell.textEdit.label', { key: message.key }) })),
    ...editing.labels.attributes.map(({ attribute, message }) => ({ message, name: t('shell.textEdit.attribute', { attribute, key: message.key }) })),
  ];
  const [values, setValues] = useState(() => fields.map((f) => f.message.template));
  const [busy, setBusy] = useState(false);
  const control = editing.target.matches('button, a[href], summary, [role="button"], [role="tab"], [role="link"], [role="menuitem"]');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // An emptied field gives the catalogue's text back (the override is removed).
    const changes = fields
      .map((f, i) => ({ key: f.message.key, data: values[i].trim() ? values[i] : null, before: f.message.template }))
      .filter((c) => c.data !== c.before)
      .map(({ key, data }) => ({ key, data }));
    if (!changes.length) return onClose(true);
    setBusy(true);
    try {
      await onSave(changes);
      onClose(true);
    } catch {
      // The API client already showed the failure; the editor stays open with the typed text.
      setBusy(false);
    }
  };
  const { top, left, width } = editing.rect;
  const dialog = useRef<HTMLDivElement>(null);
  // Escape anywhere in the editor cancels (a listener: JSX's a11y rules keep key handlers off a dialog).
  useEffect(() => {
    const el = dialog.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose(true);
    };
    el?.addEventListener('keydown', onKey);
    return () => el?.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      ref={dialog}
      className="ts-label-editor"
      role="dialog"
      aria-label={t('shell.textEdit.dialog')}
      data-text-edit-skip=""
      style={{ top: top + window.scrollY, left: Math.max(4, Math.min(left + window.scrollX, window.innerWidth - 288)), minWidth: Math.min(width, 320) }}
    >
      <form onSubmit={(e) => void submit(e)}>
        {fields.map((f, i) => (
          <label key={`${f.message.key}-${i}`} className="ts-label-editor__field">
            <span className="ts-label-editor__name">{f.name}</span>
            <input value={values[i]} autoFocus={i === 0} onChange={(e) => setValues((v) => v.map((x, j) => (j === i ? e.target.value : x)))} />
          </label>
        ))}
        <p className="ts-label-editor__hint">{t('shell.textEdit.hint')}</p>
        <div className="ts-label-editor__actions">
          <button type="submit" disabled={busy}>
            {t('shell.textEdit.save')}
          </button>
          <button type="button" onClick={() => onClose(true)}>
            {t('common.actions.cancel')}
          </button>
          {control && (
            <button
              type="button"
              onClick={() => {
                onClose(false);
                // detail 0: the layer lets this click through to the control.
                (editing.target as HTMLElement).click();
              }}
            >
              {t('shell.textEdit.use')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
