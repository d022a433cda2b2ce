// The member app's entry: providers, start-up, shell and router. Admin, the form libraries,
// handlebars and the blocks are never imported from here; they load lazily when a page needs them.
import './styles/shell.css';
import './styles/blocks.css';
import './styles/entity-blocks.css';
import { createStore } from 'jotai';
import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createServices } from './create-services';

// The engine (page renderer, registry, rule engine) and the realtime client are one chunk
// (member-chunk.ts): start fetching it now, in parallel with start-up, so it is usually there by
// the time init answers.
const memberChunk = import('./member-chunk');
const slots = {
  page: lazy(() => memberChunk.then((m) => ({ default: m.EnginePage }))),
  settings: lazy(() => import('./settings/SettingsPage')),
  // Its own chunk: members who never open /chat never download it.
  chat: lazy(() => import('./chat/ChatPage')),
  admin: lazy(() => import('./admin-area/AdminArea')),
};

const store = createStore();
const services = createServices(store);
services.audit.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} services={services} slots={slots} serviceWorker={process.env.NODE_ENV === 'production'} />
  </StrictMode>,
);
