/** Renders a page in edit mode through the real engine, registry, block index and admin, against the in-memory AdminApi double; a second store plays another open client. */
import { render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { AdminProvider, renderAddBlock, renderBlockControls, type AdminApi, type PermissionUser } from '../../admin';
import { blockComponents, blockOptionValidators } from '../../blocks/index.generated';
import { applyItemsChangesAtom, EngineProvider, loadStructureAtom, moduleOrderAtom, PageRenderer, type RuntimeRegistryData } from '../../engine';
import { fullRegistry } from '../../registry/generated/registry';
import type { Block, Module, Page } from '../../schemas/model';
import { InMemoryAdminApi, type InMemoryStructure } from './admin-api';

export { fullRegistry };

export const adminUser: PermissionUser = { isAdmin: true, permissions: {} };

export interface AdminScene {
  modules?: Module[];
  pages?: Page[];
  blocks: Block[];
  lists?: InMemoryStructure['lists'];
}

/** One module `m1` with page `p1` (holding the top-level blocks given) unless modules and pages are given. */
export function sceneStructure(scene: AdminScene): InMemoryStructure {
  const nested = new Set(scene.blocks.flatMap((b) => b.children ?? []));
  const pages = scene.pages ?? [
    { id: 'p1', slug: 'home', name: 'Home', moduleId: 'm1', children: scene.blocks.filter((b) => !nested.has(b.id)).map((b) => b.id) },
  ];
  const modules = scene.modules ?? [{ id: 'm1', slug: 'main', name: 'Main', childIds: pages.map((p) => p.id) }];
  return { modules, pages, blocks: scene.blocks, lists: scene.lists };
}

export function loadInto(store: ReturnType<typeof createStore>, api: InMemoryAdminApi) {
  store.set(loadStructureAtom, api.snapshot());
  store.set(moduleOrderAtom, api.moduleOrder);
}

export interface RenderOptions {
  user?: PermissionUser;
  pageId?: string;
  extra?: ReactNode;
  onNotify?: (kind: string, message: string) => void;
  registry?: RuntimeRegistryData;
  imageToken?: string;
}

/** The page in edit mode through the real engine, registry, block index and admin, on `api`. */
export function renderEditablePage(api: AdminApi, store: ReturnType<typeof createStore>, pageId: string, options: RenderOptions = {}) {
  const registry = options.registry ?? fullRegistry;
  return render(
    <EngineProvider
      registry={registry}
      blockComponents={blockComponents}
      blockValidators={blockOptionValidators}
      store={store}
      isAdmin
      editMode
      renderAddBlock={renderAddBlock}
      renderBlockControls={renderBlockControls}
    >
      <AdminProvider
        api={api}
        registry={registry}
        user={options.user ?? adminUser}
        pageId={pageId}
        optionValidators={blockOptionValidators}
        onNotify={options.onNotify}
        imageToken={options.imageToken}
      >
        <PageRenderer pageId={pageId} />
        {options.extra}
      </AdminProvider>
    </EngineProvider>,
  );
}

export function renderAdmin(scene: AdminScene, options: RenderOptions = {}) {
  const registry = options.registry ?? fullRegistry;
  const api = new InMemoryAdminApi(sceneStructure(scene), registry);
  const store = createStore();
  loadInto(store, api);
  const member = createStore();
  loadInto(member, api);
  api.subscribe((changes) => member.set(applyItemsChangesAtom, changes));
  const result = renderEditablePage(api, store, options.pageId ?? 'p1', options);
  /** A fresh client after a reload: everything as the server now has it. */
  const reload = () => {
    const fresh = createStore();
    loadInto(fresh, api);
    return fresh;
  };
  return { ...result, api, store, member, reload };
}

/** axe-core over the document: serious or critical violations (colour contrast needs layout jsdom lacks). */
export async function seriousAxeViolations(): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(
    { include: [document.body], exclude: [['[data-floating-ui-focus-guard]']] },
    { rules: { 'color-contrast': { enabled: false } } },
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** Finds a dialog by name once floating-ui has moved focus into it (its initial focus is asynchronous). */
export async function findFocusedDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}
