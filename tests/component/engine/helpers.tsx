import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { blockComponents } from '../../../blocks/index.generated';
import { blockOptionValidators } from '../../../blocks/_validators.generated/index';
import { EngineProvider, loadStructureAtom, PageRenderer, type EngineProviderProps, type LazyModuleIndex } from '../../../engine';
import { DataLayerProvider, type DataLayer } from '../../../engine/data';
import type { Block, Page } from '../../../schemas/model';
import { runtimeRegistry } from '../../../registry/generated/runtime';

export { runtimeRegistry };

export interface RenderPageOptions extends Partial<Omit<EngineProviderProps, 'children'>> {
  blocks: Block[];
  page?: Partial<Page>;
  extra?: ReactNode;
  /** A data layer for community blocks (made over `store`, so pass that store too). */
  dataLayer?: DataLayer;
}

/** Renders a page of the given blocks through the real engine, registry and generated block index. */
export function renderPage({ blocks, page, extra, dataLayer, ...props }: RenderPageOptions) {
  const store = props.store ?? createStore();
  store.set(loadStructureAtom, {
    pages: [{ id: 'p1', slug: 'p', name: 'Test page', children: blocks.filter((b) => !b.id.includes('.')).map((b) => b.id), ...page }],
    blocks,
  });
  const components: LazyModuleIndex = props.blockComponents ?? blockComponents;
  const result = render(
    <EngineProvider registry={runtimeRegistry} blockComponents={components} blockValidators={blockOptionValidators} {...props} store={store}>
      {dataLayer ? (
        <DataLayerProvider value={dataLayer}>
          <PageRenderer pageId="p1" />
          {extra}
        </DataLayerProvider>
      ) : (
        <>
          <PageRenderer pageId="p1" />
          {extra}
        </>
      )}
    </EngineProvider>,
  );
  return { ...result, store };
}
