/**
 * A date said relative to now ("5 minutes ago") that keeps being true: every shown one reads one
 * shared clock, which ticks each 30 s while at least one is on screen (and not at all otherwise),
 * so a feed of a hundred posts costs one timer, not a hundred.
 */
import { useSyncExternalStore } from 'react';
import { relativeTime } from '../core/relative-time';

export const RELATIVE_TIME_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, RELATIVE_TIME_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The shared clock's time (epoch ms), re-rendering its reader at each tick. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

export interface RelativeTimeProps {
  /** Epoch ms. */
  at: number;
  locale: string;
  className?: string;
}

/** `<time>` with the relative text, the machine date, and the full date as its tooltip. */
export function RelativeTime({ at, locale, className }: RelativeTimeProps) {
  // The clock only re-renders; the text reads the time now (the shared one may be older after an idle spell).
  useNow();
  const current = Date.now();
  const date = new Date(at);
  return (
    <time className={className} dateTime={date.toISOString()} title={date.toLocaleString(locale)}>
      {relativeTime(at, current, locale)}
    </time>
  );
}
