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

/** Visually hidden (a screen-reader-only label): no tab stop of its own, nothing to click. */
const isHidden = (el: Element) => {
  const style = getComputedStyle(el);
  return (style.clip !== '' && style.clip !== 'auto') || style.clipPath.startsWith('inset(50%');
};

function labelTarget(el: Element): Element {
  const target = el.closest(CONTROL) ?? el;
  // A hidden <label for> names a field the admin sees: the field is where its text is edited.
  if (target instanceof HTMLLabelElement && target.control && isHidden(target)) return target.control;
  return target;
}

/**
 * Watches `root` for marked labels: strips every mark (so what is read, copied or measured is the
 * label) and records which messages each element shows, per text node and attribute, so a text
 * that React later replaces by content (a count, a name) stops being a label.
 */
export interface LabelWatch {
  labelsOf(el: Element): ElementLabels | null;
  /** Regions (nav, main, a section) whose only labels are attributes: edited through a badge, not by a click inside them. */
  regions(): Element[];
  stop(): void;
}

export function watchLabels(root: Element, onChange: () => void): LabelWatch {
  const textKeys = new WeakMap<Text, MarkedMessage[]>();
  const textsOf = new Map<Element, Set<Text>>();
  const attrsOf = new Map<Element, ElementLabels['attributes']>();
  const tagged = new Set<Element>();
  const regions = new Set<Element>();

  const labelsOf = (el: Element): ElementLabels | null => {
    const text = new Map<string, MarkedMessage>();
    for (const node of textsOf.get(el) ?? []) {
      if (!el.contains(node)) continue;
      for (const m of textKeys.get(node) ?? []) text.set(m.key, m);
    }
    const attributes = (attrsOf.get(el) ?? []).filter((a) => el.getAttribute(a.attribute) !== null);
    return text.size || attributes.length ? { text: [...text.values()], attributes } : null;
  };
  const untag = (el: Element) => {
    tagged.delete(el);
    el.removeAttribute(LABEL_ATTR);
    if (el.getAttribute('tabindex') === '0' && !el.matches('button, a[href], input, select, textarea, summary')) el.removeAttribute('tabindex');
  };
  // Tags an element by what it shows now: a label (outlined, focusable, clicks edit), a region (a badge), or nothing.
  const retag = (el: Element) => {
    const labels = labelsOf(el);
    regions.delete(el);
    if (!labels) return void (tagged.has(el) && untag(el));
    // A region's aria-label: a click anywhere inside it must not open its editor.
    if (!labels.text.length && el.firstElementChild && !el.matches(`${CONTROL}, input, select, textarea, img`)) {
      regions.add(el);
      if (tagged.has(el)) untag(el);
      return;
    }
    if (tagged.has(el)) return;
    tagged.add(el);
    el.setAttribute(LABEL_ATTR, '');
    // Reachable by keyboard: a heading or paragraph gets a tab stop while the mode is on.
    if (!el.matches(FOCUSABLE) && !isHidden(el)) el.setAttribute('tabindex', '0');
  };
  const owner = new WeakMap<Text, Element>();
  const stripped = new WeakMap<Text, string>();
  const strippedAttrs = new WeakMap<Element, Record<string, string>>();
  const text = (node: Text) => {
    const value = node.nodeValue ?? '';
    if (!hasMarks(value)) {
      // Our own stripping comes back as a mutation: the label is still there.
      if (stripped.get(node) === value) return;
      // React wrote content where a label was: the element may no longer be a label.
      const was = owner.get(node);
      if (was && textKeys.delete(node)) retag(was);
      return;
    }
    const found = readMarks(value);
    stripped.set(node, stripMarks(value));
    node.nodeValue = stripMarks(value);
    const parent = node.parentElement;
    // A <title> or <option> cannot be edited in place; their marks are only stripped.
    if (!parent || parent.closest(`head, option, script, style, ${SKIP}`)) return;
    const target = labelTarget(parent);
    textKeys.set(node, found);
    owner.set(node, target);
    const set = textsOf.get(target) ?? new Set<Text>();
    set.add(node);
    textsOf.set(target, set);
    retag(target);
  };
  const attributes = (el: Element) => {
    let changed = false;
    for (const attribute of LABEL_ATTRIBUTES) {
      const value = el.getAttribute(attribute);
      const list = attrsOf.get(el);
      if (!value || !hasMarks(value)) {
        // Our own stripping comes back as a mutation: the label is still there.
        if (value && strippedAttrs.get(el)?.[attribute] === value) continue;
        if (list?.some((a) => a.attribute === attribute)) {
          attrsOf.set(
            el,
            list.filter((a) => a.attribute !== attribute),
          );
          changed = true;
        }
        continue;
      }
      strippedAttrs.set(el, { ...strippedAttrs.get(el), [attribute]: stripMarks(value) });
      el.setAttribute(attribute, stripMarks(value));
      if (el.closest(SKIP)) continue;
      attrsOf.set(el, [...(list ?? []).filter((a) => a.attribute !== attribute), ...readMarks(value).map((message) => ({ attribute, message }))]);
      changed = true;
    }
    if (changed) retag(el);
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
    if (records.every((r) => (r.target instanceof Element ? r.target : r.target.parentElement)?.closest(SKIP))) return;
    onChange();
    for (const r of records) {
      if (r.type === 'characterData') scan(r.target);
      else if (r.type === 'attributes') attributes(r.target as Element);
      else {
        r.addedNodes.forEach(scan);
        // A label's text removed (React put other children in): check the element again.
        if (r.removedNodes.length && r.target instanceof Element && textsOf.has(labelTarget(r.target))) retag(labelTarget(r.target));
      }
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [...LABEL_ATTRIBUTES] });
  return {
    labelsOf,
    regions: () => [...regions].filter((el) => el.isConnected),
    stop() {
      observer.disconnect();
      for (const el of [...tagged]) untag(el);
    },
  };
}

interface Editing {
  target: Element;
  /** Where focus goes back: the label's element, or the badge that opened a region's editor. */
  returnTo: Element;
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
  const [regions, setRegions] = useState<{ el: Element; rect: DOMRect }[]>([]);
  const openRef = useRef<(el: Element, returnTo?: Element) => boolean>(() => false);

  useLayoutEffect(() => {
    let frame = 0;
    // Badges follow their regions: once a frame at most, after page changes, scrolling or resizing.
    const refresh = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setRegions(w.regions().map((el) => ({ el, rect: el.getBoundingClientRect() })));
      });
    };
    const w = watchLabels(document.documentElement, refresh);
    refresh();
    window.addEventListener('scroll', refresh, true);
    window.addEventListener('resize', refresh);
    const open = (el: Element, returnTo: Element = el) => {
      const labels = w.labelsOf(el);
      if (!labels) return false;
      setEditing({ target: el, returnTo, labels, rect: el.getBoundingClientRect() });
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
    openRef.current = open;
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
      w.stop();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', refresh, true);
      window.removeEventListener('resize', refresh);
    };
  }, []);

  return (
    <>
      <p className="ts-visually-hidden" role="status" data-text-edit-skip="">
        {stripMarks(t('shell.textEdit.on'))}
      </p>
      {createPortal(
        <div className="ts-label-badges" data-text-edit-skip="">
          {regions
            .filter(({ rect }) => rect.width > 0 && rect.height > 0)
            .map(({ el, rect }, i) => (
              <button
                key={i}
                type="button"
                className="ts-label-badge"
                style={{ top: rect.top + window.scrollY, left: rect.left + window.scrollX }}
                aria-label={stripMarks(t('shell.textEdit.region', { label: el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '' }))}
                onClick={(e) => openRef.current(el, e.currentTarget)}
              >
                {el.getAttribute('aria-label') ?? el.getAttribute('title')}
              </button>
            ))}
        </div>,
        document.body,
      )}
      {editing &&
        createPortal(
          <LabelEditor
            editing={editing}
            onClose={(refocus) => {
              setEditing(null);
              if (refocus && editing.returnTo.isConnected) (editing.returnTo as HTMLElement).focus();
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
