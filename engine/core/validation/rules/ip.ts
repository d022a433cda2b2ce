import type { SyncRule } from '../types';
import { asText } from '../values';

/** An IPv4 or IPv6 address. */
export const ip: SyncRule = {
  name: 'ip',
  validate: (value) => (isIp(asText(value)) ? null : { key: 'validation.ip' }),
};

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIp(text: string): boolean {
  if (V4.test(text)) return true;
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h ? h.split(':') : []));
  const last = groups[groups.length - 1] ?? '';
  const v4Tail = last.includes('.') ? (V4.test(last) ? 2 : -99) : 0;
  const hex = v4Tail ? groups.slice(0, -1) : groups;
  if (v4Tail < 0 || !hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + v4Tail;
  return halves.length === 2 ? count < 8 : count === 8;
}
