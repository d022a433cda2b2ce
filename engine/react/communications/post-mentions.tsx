/**
 * `@` mentions in the post editor: tiptap's mention extension, its suggestions from
 * `GET communications/mentionable?q=` (members the writer may see), shown as a listbox below the
 * editor; arrows move, Enter or Tab picks, Escape closes. The node stores the account id and the
 * label shown (RICH_TEXT_NODES `mention`: id, label).
 */
import Mention from '@tiptap/extension-mention';
import { mergeAttributes } from '@tiptap/react';
import { useSyncExternalStore } from 'react';
import type { MentionCandidatesResponse } from '../../../schemas/model/api/communications';

type Candidate = MentionCandidatesResponse['items'][number];

interface SuggestState {
  items: Candidate[];
  index: number;
  pick(item: Candidate): void;
}

/** The open suggestion list of one editor (null when closed), as a tiny external store. */
export function createMentionStore() {
  let state: SuggestState | null = null;
  const listeners = new Set<() => void>();
  const set = (next: SuggestState | null) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    set,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type MentionStore = ReturnType<typeof createMentionStore>;

export function mentionExtension(search: (q: string) => Promise<Candidate[]>, store: MentionStore) {
  return Mention.configure({
    renderText: ({ node }) => `@${String(node.attrs.label ?? node.attrs.id ?? '')}`,
    renderHTML: ({ node }) => [
      'span',
      mergeAttributes({ class: 't-post__mention', 'data-mention': String(node.attrs.id ?? '') }),
      `@${String(node.attrs.label ?? node.attrs.id ?? '')}`,
    ],
    suggestion: {
      char: '@',
      items: async ({ query }: { query: string }) => {
        try {
          return (await search(query)).slice(0, 8);
        } catch {
          return [];
        }
      },
      render: () => {
        let latest: { items: Candidate[]; command(props: { id: string; label: string }): void } | undefined;
        const show = (index: number) => {
          if (!latest || !latest.items.length) return store.set(null);
          const command = latest.command;
          store.set({ items: latest.items, index, pick: (c) => command({ id: c.accountId, label: c.name }) });
        };
        return {
          onStart(props) {
            latest = props as typeof latest;
            show(0);
          },
          onUpdate(props) {
            latest = props as typeof latest;
            show(0);
          },
          onKeyDown({ event }) {
            const s = store.get();
            if (!s) return false;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              const step = event.key === 'ArrowDown' ? 1 : -1;
              store.set({ ...s, index: (s.index + step + s.items.length) % s.items.length });
              return true;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              s.pick(s.items[s.index]);
              return true;
            }
            if (event.key === 'Escape') {
              store.set(null);
              return true;
            }
            return false;
          },
          onExit() {
            latest = undefined;
            store.set(null);
          },
        };
      },
    },
  });
}

/** The suggestions under the editor. */
export function MentionList({ store, label, listId }: { store: MentionStore; label: string; listId: string }) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!state) return null;
  return (
    <ul id={listId} role="listbox" aria-label={label} className="t-post-editor__mentions">
      {state.items.map((c, i) => (
        <li
          key={c.accountId}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === state.index}
          className={i === state.index ? 't-post-editor__mention t-post-editor__mention--on' : 't-post-editor__mention'}
          onMouseDown={(e) => {
            e.preventDefault();
            state.pick(c);
          }}
        >
          {c.name}
        </li>
      ))}
    </ul>
  );
}
