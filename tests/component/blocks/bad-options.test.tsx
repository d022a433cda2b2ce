import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block, JsonObject } from '../../../engine';
import { renderPage } from '../engine/helpers';

/** For every core block type: options that break its schema in several ways. */
const BAD: Record<string, JsonObject[]> = {
  htmlBlock: [{}, { html: 7 }, { html: '<p/>', bogus: true }],
  handlebars: [{}, { template: '' }, { template: 'x', source: 'planet' }],
  iFrame: [{ url: 'https://a.example' }, { url: 'https://a.example', title: 'T', heightPx: 5 }],
  columns: [{ gapPx: -1 }, { bogus: 1 }],
  container: [{ maxWidthPx: 'wide' }],
  card: [{ elevated: 'yes' }],
  tabs: [{ style: 'diagonal' }],
  stepper: [{ linear: 1 }],
  carousel: [{ intervalMs: 10 }],
  modal: [{ buttonLabel: 3 }],
  modalChain: [{ extra: true }],
  dismissible: [{ dismissLabel: false }],
  actionButton: [{ label: 'Go' }, { label: '', action: 'link' }, { label: 'Go', action: 'teleport' }],
  clickable: [{ action: 'route' }],
  qrCode: [{}, { value: 'x', level: 'Z' }, { value: 'x', background: 'white' }, { value: 'x', size: 5000 }],
  masonry: [{ columns: 9 }],
  portal: [{}, { targetId: '1-bad id' }],
  parent: [{ headingLevel: 1 }],
};

describe('every core block type gives bad options the configuration-needed state, and the page keeps rendering', () => {
  for (const [type, cases] of Object.entries(BAD)) {
    it(type, async () => {
      const blocks: Block[] = cases.map((options, i) => ({ id: `${type}-${i}`, type, options }));
      blocks.push({ id: 'ok', type: 'plainText', options: { text: 'Sibling still renders' } });
      renderPage({ blocks });
      expect(await screen.findByText('Sibling still renders')).toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByText('This block needs configuring.')).toHaveLength(cases.length));
    });
  }
});
