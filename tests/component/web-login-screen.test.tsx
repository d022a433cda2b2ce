import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen, loginRedirectUrl } from '../../web/startup/LoginScreen';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const renderLogin = (props: Partial<Parameters<typeof LoginScreen>[0]> = {}) => {
  const go = vi.fn();
  const reload = vi.fn();
  render(
    <Provider store={createStore()}>
      <LoginScreen autoRedirect={false} loginUrl="https://login.example/signin" go={go} reload={reload} {...props} />
    </Provider>,
  );
  return { go, reload };
};

describe('login screen (spec 2.6)', () => {
  it("shows Loading after Log in and, 5 s later, 'Taking longer than expected?' with Try again", () => {
    const { go, reload } = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(go).toHaveBeenCalledWith(loginRedirectUrl('https://login.example/signin', window.location.href));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Taking longer than expected?')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Taking longer than expected?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('redirects straight away with the current address as referrer, and offers help after 10 s', () => {
    const { go } = renderLogin({ autoRedirect: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(go).toHaveBeenCalledOnce();
    expect(new URL(go.mock.calls[0][0]).searchParams.get('referrer')).toBe(window.location.href);
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.queryByText('Taking longer than expected?')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the Log in button without redirecting when auto redirect is off', () => {
    const { go } = renderLogin();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByText('Taking longer than expected?')).toBeNull();
  });
});
