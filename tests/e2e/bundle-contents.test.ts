import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import { initialFiles } from '../../scripts/initial-files';

describe('the member bundle (dist/app/meta.json)', () => {
  const metaPath = path.join(projectRoot, 'dist/app/meta.json');
  it('keeps admin, rjsf, handlebars, blocks, the realtime client, floating-ui, the rule engine, the form engine and the page renderer out of the initial files', () => {
    if (!fs.existsSync(metaPath)) throw new Error('dist/app/meta.json is missing: run `npm run build` first');
    const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
    const inputs = initialFiles(meta).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    expect(inputs.some((i) => i.includes('web/main.tsx'))).toBe(true);
    // admin/edit-mode (atoms, shortcuts, guard) and the permission checks it uses are the shell's static part by design.
    const forbidden = [
      /(^|\/)admin\/(?!edit-mode\/|core\/permissions\.ts$)/,
      /@rjsf\//,
      /handlebars/,
      /(^|\/)blocks\//,
      /web\/realtime\/realtime-client\.ts$/,
      /socket\.io-client|engine\.io-client/,
      /@floating-ui\//,
      /dompurify/,
      /json-logic/,
      /engine\/forms\//,
      /engine\/core\/rules\//,
      /engine\/react\/page-renderer/,
      /registry\/generated\//,
      /i18n\/messages\/[a-z]+\/(rules|validation|form|fields)\.json/,
    ];
    for (const pattern of forbidden)
      expect(
        inputs.filter((i) => pattern.test(i)),
        String(pattern),
      ).toEqual([]);
  });

  it('loads the data layer collections only with the blocks whose slices use them (the file blocks), not with every page or block', () => {
    const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
    const reached = (entry: string) => initialFiles(meta, entry).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    const collections = (inputs: string[]) => inputs.filter((i) => /engine\/data\/(collection|files)\.ts$/.test(i)).sort();
    expect(collections(reached('web/member-chunk.ts'))).toEqual([]);
    expect(collections(reached('blocks/_chunks.generated/userSearch.ts?lazy-entry'))).toEqual([]);
    expect(collections(reached('blocks/_chunks.generated/viewFiles.ts?lazy-entry'))).toEqual(['engine/data/collection.ts', 'engine/data/files.ts']);
  });

  it('loads the chat code only on /chat, with the messages block, or on a profile (its Message button; the conversation on its first press)', () => {
    const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
    const reached = (entry: string) => initialFiles(meta, entry).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    const chat = (inputs: string[]) =>
      [...new Set(inputs.map((i) => i.replace(/\?lazy-entry$/, '')).filter((i) => /engine\/data\/chat\.ts$|engine\/react\/chat\//.test(i)))].sort();
    expect(chat(initialFiles(meta).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {})))).toEqual([]);
    expect(chat(reached('web/member-chunk.ts'))).toEqual([]);
    expect(chat(reached('blocks/_chunks.generated/userSearch.ts?lazy-entry'))).toEqual([]);
    expect(chat(reached('blocks/_chunks.generated/profileHero.ts?lazy-entry'))).toEqual([]);
    expect(chat(reached('engine/react/chat/MessageButton.tsx?lazy-entry'))).toEqual([
      'engine/data/chat.ts',
      'engine/react/chat/MessageButton.tsx',
      'engine/react/chat/chat-common.tsx',
    ]);
    expect(chat(reached('web/chat/ChatPage.tsx?lazy-entry'))).toContain('engine/react/chat/Conversation.tsx');
    expect(chat(reached('blocks/_chunks.generated/messages.ts?lazy-entry'))).toContain('engine/react/chat/ChatList.tsx');
  });

  it('loads the posts code only with the post blocks, and tiptap only with the post editor', () => {
    const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
    const reached = (entry: string) => [...new Set(initialFiles(meta, entry).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {})))];
    const posts = (inputs: string[]) => inputs.filter((i) => /engine\/data\/communications|engine\/react\/communications\//.test(i));
    const tiptap = (inputs: string[]) => inputs.filter((i) => /@tiptap\/|prosemirror/.test(i));
    expect(posts(initialFiles(meta).flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {})))).toEqual([]);
    expect(posts(reached('web/member-chunk.ts'))).toEqual([]);
    expect(posts(reached('blocks/_chunks.generated/userSearch.ts?lazy-entry'))).toEqual([]);
    expect(posts(reached('blocks/_chunks.generated/messages.ts?lazy-entry'))).toEqual([]);
    for (const type of ['userPost', 'discussionThreads', 'cardWall', 'createUserPost']) {
      const inputs = reached(`blocks/_chunks.generated/${type}.ts?lazy-entry`);
      // createUserPost's own chunk is the block only: the form is the composer's chunk.
      expect(posts(inputs).length > 0, type).toBe(type !== 'createUserPost');
      // The editor (tiptap) comes with the first "New thread", "New card" or post form shown, in its own chunk.
      expect(tiptap(inputs), type).toEqual([]);
    }
    expect(tiptap(reached('engine/react/communications/PostComposer.tsx?lazy-entry')).length).toBeGreaterThan(0);
  });

  it('carries socket.io-client in the lazy member chunk, its browser build without debug', () => {
    const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
    const reached = initialFiles(meta, 'web/member-chunk.ts').flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    expect(reached.filter((i) => /socket\.io-client\/build\/esm\/index\.js$/.test(i))).toHaveLength(1);
    expect(reached.some((i) => i.endsWith('web/realtime/realtime-client.ts'))).toBe(true);
    expect(reached.filter((i) => /esm-debug|node_modules\/debug\//.test(i))).toEqual([]);
  });
});
