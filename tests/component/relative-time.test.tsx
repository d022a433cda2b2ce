import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '../../engine/react/relative-time';

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps being true as time passes, on one shared timer that stops when none is shown', () => {
    const at = Date.now() - 20_000;
    const view = render(
      <>
        <RelativeTime at={at} locale="en" />
        <RelativeTime at={at - 3_600_000} locale="en" />
      </>,
    );
    const [first, second] = screen.getAllByText(/now|ago/);
    expect(first).toHaveTextContent('now');
    expect(second).toHaveTextContent('1 hour ago');
    expect(first).toHaveAttribute('datetime', new Date(at).toISOString());
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(90_000));
    expect(first).toHaveTextContent('2 minutes ago');
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
