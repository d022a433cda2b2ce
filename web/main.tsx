// Interim entry until the app shell lands: renders the shipped example blocks through the
// generated lazy index, proving the registry -> build -> browser path end to end.
import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { blockComponents } from '../blocks/index.generated';
import type { BlockProps } from '../engine';

const demo: { id: string; type: string; options: Record<string, string> }[] = [
  { id: 'b1', type: 'plainText', options: { text: 'Welcome to Tessera.' } },
  { id: 'b2', type: 'callout', options: { tone: 'info', title: 'Every page is data', body: 'This page is rendered from block JSON through the registry.' } },
];

const lazyBlocks = new Map<string, ComponentType<BlockProps>>();
function component(type: string) {
  if (!lazyBlocks.has(type)) lazyBlocks.set(type, lazy(blockComponents[type] as () => Promise<{ default: ComponentType<BlockProps> }>));
  return lazyBlocks.get(type)!;
}

function App() {
  return (
    <main>
      <h1>Tessera</h1>
      {demo.map((b) => {
        const Block = component(b.type);
        return (
          <Suspense key={b.id} fallback={null}>
            <Block block={{ id: b.id, type: b.type }} options={b.options} />
          </Suspense>
        );
      })}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
