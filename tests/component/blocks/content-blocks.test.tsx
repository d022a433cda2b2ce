import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Block, Profile } from '../../../engine';
import { renderPage } from '../engine/helpers';

const profile: Profile = { accountId: '7', data: { profile: { firstName: 'Ada', lastName: 'Lovelace' }, meta: {} } };

describe('htmlBlock', () => {
  it('renders HTML with scripts, handlers and javascript: links removed', async () => {
    const { container } = renderPage({
      blocks: [
        {
          id: 'h',
          type: 'htmlBlock',
          options: { html: '<p>Hi <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' },
        },
      ],
    });
    await screen.findByText('there');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')!.getAttribute('href')).toBeNull();
  });
});

describe('handlebars', () => {
  it('renders the template over the target profile, escaped and sanitised', async () => {
    renderPage({
      profile: { ...profile, data: { ...profile.data, profile: { firstName: '<i>Ada</i>' } } },
      blocks: [{ id: 't', type: 'handlebars', options: { template: '<p>Hello {{profile.firstName}}</p>{{{profile.firstName}}}<script>x</script>' } }],
    });
    expect(await screen.findByText('Hello <i>Ada</i>')).toBeInTheDocument();
    expect(document.querySelector('.t-handlebars script')).toBeNull();
    expect(document.querySelector('.t-handlebars i')).toHaveTextContent('Ada');
  });

  it('renders over the entity', async () => {
    renderPage({
      entity: { id: 'e1', title: 'Chess club', data: { city: 'Paris' } },
      blocks: [{ id: 't', type: 'handlebars', options: { template: '{{entity.title}} in {{entity.city}}', source: 'entity' } }],
    });
    expect(await screen.findByText('Chess club in Paris')).toBeInTheDocument();
  });

  it('shows template errors to admins and nothing to members', async () => {
    const blocks: Block[] = [
      { id: 't', type: 'handlebars', options: { template: 'Hi {{#if}}' } },
      { id: 'ok', type: 'plainText', options: { text: 'after' } },
    ];
    const first = renderPage({ profile, blocks });
    await screen.findByText('after');
    expect(screen.queryByText(/Template error/)).toBeNull();
    first.unmount();
    renderPage({ profile, isAdmin: true, blocks });
    expect(await screen.findByText(/Template error: /)).toBeInTheDocument();
  });

  it('shows a loading overlay while the target data is missing, for at most 2000 ms', async () => {
    vi.useFakeTimers();
    try {
      const { preloadBlockTypes } = await import('../../../engine');
      const { blockComponents } = await import('../../../blocks/index.generated');
      const { blockOptionValidators } = await import('../../../blocks/_validators.generated/index');
      await preloadBlockTypes(['handlebars'], blockComponents, blockOptionValidators);
      renderPage({ blocks: [{ id: 't', type: 'handlebars', options: { template: 'Name: {{profile.firstName}}.' } }] });
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByText('Name: .')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('iFrame', () => {
  it('embeds an https page in a sandbox without same-origin by default', async () => {
    renderPage({ blocks: [{ id: 'f', type: 'iFrame', options: { url: 'https://maps.example.org/embed', title: 'Map' } }] });
    const frame = await screen.findByTitle('Map');
    expect(frame).toHaveAttribute('src', 'https://maps.example.org/embed');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
  });

  it('refuses javascript:, data: and plain http addresses', async () => {
    renderPage({
      blocks: ['javascript:alert(1)', 'data:text/html,hi', 'http://insecure.example', 'not a url'].map((url, i) => ({
        id: `f${i}`,
        type: 'iFrame',
        options: { url, title: 'x' },
      })),
    });
    await waitFor(() => expect(screen.getAllByText('This block needs configuring.')).toHaveLength(4));
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('qrCode', () => {
  it('draws the code at the default size and colours', async () => {
    renderPage({ blocks: [{ id: 'q', type: 'qrCode', options: { value: 'https://example.org' } }] });
    const svg = await screen.findByRole('img', { name: 'QR code: https://example.org' });
    expect(svg).toHaveAttribute('width', '100');
    expect(svg.querySelector('rect')).toHaveAttribute('fill', '#ffffff');
    expect(svg.querySelector('path')).toHaveAttribute('fill', '#000000');
    expect(svg.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
  });

  it('refuses a value over the level capacity (H holds 500 characters)', async () => {
    renderPage({ blocks: [{ id: 'q', type: 'qrCode', options: { value: 'x'.repeat(501), level: 'H' } }] });
    expect(await screen.findByText('This block needs configuring.')).toBeInTheDocument();
  });
});

describe('actionButton and clickable', () => {
  it('navigates to an app path through the navigate service', async () => {
    const navigate = vi.fn();
    renderPage({ services: { navigate }, blocks: [{ id: 'a', type: 'actionButton', options: { label: 'Members', action: 'route', path: '/members' } }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Members' }));
    expect(navigate).toHaveBeenCalledWith('/members');
  });

  it('opens an external link in a new tab safely, and refuses javascript:', async () => {
    renderPage({
      blocks: [
        { id: 'a', type: 'actionButton', options: { label: 'Site', action: 'link', url: 'https://example.org', newTab: true } },
        { id: 'b', type: 'actionButton', options: { label: 'Bad', action: 'link', url: 'javascript:alert(1)' } },
      ],
    });
    const link = await screen.findByRole('button', { name: 'Site' });
    expect(link).toHaveAttribute('href', 'https://example.org/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await screen.findByText('This block needs configuring.')).toBeInTheDocument();
  });

  it('makes its children one labelled link', async () => {
    renderPage({
      blocks: [
        { id: 'c', type: 'clickable', options: { label: 'Open the event', action: 'route', path: '/events/1' }, children: ['c.t'] },
        { id: 'c.t', type: 'plainText', options: { text: 'Summer fair' } },
      ],
    });
    const link = await screen.findByRole('link', { name: 'Open the event' });
    await waitFor(() => expect(link).toHaveTextContent('Summer fair'));
  });
});
