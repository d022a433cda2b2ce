import { describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime } from '../../engine/core/date-display';

const at = new Date(2026, 10, 29, 9, 5).getTime();

describe('dates as the site shows them (engine/core/date-display)', () => {
  it('uses the spec format unless the settings name another', () => {
    expect(formatDay(at)).toBe('2026-11-29');
    expect(formatDayAndTime(at)).toBe('2026-11-29 09:05');
    expect(formatDay(at, { dateFormat: 'dd.MM.yyyy' })).toBe('29.11.2026');
    expect(formatDayAndTime(at, { dateAndTimeFormat: 'd MMM yyyy, HH:mm' })).toBe('29 Nov 2026, 09:05');
  });

  it('reads a malformed stored pattern or time tolerantly', () => {
    expect(formatDay(at, { dateFormat: 'yyyy-MM-dd bogus' })).toBe('2026-11-29');
    expect(formatDay(at, { dateFormat: '  ' })).toBe('2026-11-29');
    expect(formatDay(Number.NaN)).toBe('');
  });
});

describe('sizes as people read them (engine/core/validation/values)', () => {
  it('labels limits in MB or GB, and a file under a megabyte in KB', async () => {
    const { formatBytes, formatFileSize } = await import('../../engine/core/validation/values');
    expect([formatBytes(25 * 1_048_576), formatBytes(2 * 1_073_741_824), formatBytes(3000)]).toEqual(['25 MB', '2 GB', '< 0.01 MB']);
    expect([0, 1, 10_240, 1_048_575, 1_572_864, 1_073_741_824].map(formatFileSize)).toEqual(['0 KB', '1 KB', '10 KB', '1 MB', '1.5 MB', '1 GB']);
  });
});
