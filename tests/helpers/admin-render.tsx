/** Renders a page in edit mode through the real engine, registry, block index and admin, on the AdminApi given (the real one, against the server started in-process: admin-server.tsx). */
import { render, screen, waitFor, within } from '@testing-library/react';
import type { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { AdminProvider, renderAddBlock, renderBlockControls, renderInlineText, type AdminApi, type PermissionUser } from '../../admin';
import { blockComponents } from '../../blocks/index.generated';
import { blockOptionValidators } from '../../blocks/_validators.generated/index';
import { EngineProvider, PageRenderer, type FileService } from '../../engine';
import { fullRegistry } from '../../registry/generated/registry';
import type { RegistryData } from '../../schemas/model';

export { fullRegistry };

export const adminUser: PermissionUser = { isAdmin: true, permissions: {} };

export interface RenderOptions {
  user?: PermissionUser;
  pageId?: string;
  extra?: ReactNode;
  onNotify?: (kind: string, message: string) => void;
  registry?: RegistryData;
  imageToken?: string;
  /** The files calls for the file pickers of block options. */
  files?: FileService;
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
      renderInlineText={renderInlineText}
    >
      <AdminProvider
        api={api}
        registry={registry}
        user={options.user ?? adminUser}
        pageId={pageId}
        optionValidators={blockOptionValidators}
        onNotify={options.onNotify}
        imageToken={options.imageToken}
        files={options.files}
      >
        <PageRenderer pageId={pageId} />
        {options.extra}
      </AdminProvider>
    </EngineProvider>,
  );
}

/** axe-core over the document (not inside frames): serious or critical violations (colour contrast needs layout jsdom lacks). */
export async function seriousAxeViolations(): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(
    { include: [document.body], exclude: [['[data-floating-ui-focus-guard]']] },
    // Frames are not entered: the only ones are sandboxed email previews, which jsdom's axe cannot reach.
    { rules: { 'color-contrast': { enabled: false } }, iframes: false },
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** Finds a dialog by name once floating-ui has moved focus into it (its initial focus is asynchronous). */
export async function findFocusedDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

/** Opens the selected block's More menu in `toolbar` (the menu is portalled to the body) and returns its entry named `name` (the capture toggle is a menuitemcheckbox). */
export async function blockMenuItem(
  user: { click(el: Element): Promise<void> },
  toolbar: HTMLElement,
  name: string | RegExp,
  role: 'menuitem' | 'menuitemcheckbox' = 'menuitem',
): Promise<HTMLElement> {
  await user.click(within(toolbar).getByRole('button', { name: 'More' }));
  const menu = await screen.findByRole('menu');
  return within(menu).getByRole(role, { name });
}
