/** QR code options (spec core 9): levels L, M, Q, H with their capacities, and the defaults. */
import { QR_CAPACITY, QR_DEFAULTS, QR_LEVELS } from '../constants';

export type QrLevel = (typeof QR_LEVELS)[number];

export interface QrSettings {
  value: string;
  level: QrLevel;
  background: string;
  foreground: string;
  size: number;
}

export type QrCheck = { ok: true; settings: QrSettings } | { ok: false; problem: 'empty' | 'tooLong' | 'level'; capacity?: number };

export function resolveQrSettings(options: { value?: string; level?: string; background?: string; foreground?: string; size?: number }): QrCheck {
  const level = (options.level ?? QR_DEFAULTS.level) as QrLevel;
  if (!QR_LEVELS.includes(level)) return { ok: false, problem: 'level' };
  const value = options.value ?? '';
  if (!value) return { ok: false, problem: 'empty' };
  if (value.length > QR_CAPACITY[level]) return { ok: false, problem: 'tooLong', capacity: QR_CAPACITY[level] };
  return {
    ok: true,
    settings: {
      value,
      level,
      background: options.background ?? QR_DEFAULTS.background,
      foreground: options.foreground ?? QR_DEFAULTS.foreground,
      size: options.size ?? QR_DEFAULTS.size,
    },
  };
}
