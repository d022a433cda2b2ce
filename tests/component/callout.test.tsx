import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Callout from '../../blocks/callout';

describe('callout block (the integrators guide example)', () => {
  it('renders title and body, labelled by its title', () => {
    render(<Callout block={{ id: 'c1', type: 'callout' }} options={{ tone: 'info', title: 'Heads up', body: 'Doors open at six.' }} />);
    const note = screen.getByRole('note', { name: 'Heads up' });
    expect(note).toHaveTextContent('Doors open at six.');
    expect(note).toHaveClass('t-callout--info');
  });

  it('announces warnings and dangers as alerts', () => {
    render(<Callout block={{ id: 'c2', type: 'callout' }} options={{ tone: 'danger', body: 'Venue changed.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Venue changed.');
  });

  it('never interprets the body as HTML', () => {
    const { container } = render(<Callout block={{ id: 'c3', type: 'callout' }} options={{ tone: 'info', body: '<img src=x onerror=alert(1)>' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
