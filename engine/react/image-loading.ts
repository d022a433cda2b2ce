/** How a block's `imageLoading` option (eager, lazy, async decoding, high/low/auto priority) reads as img attributes. */
export type ImageLoading = 'eager' | 'async' | 'high' | 'lazy' | 'auto' | 'low';

export function loadingAttributes(mode: ImageLoading | undefined) {
  if (mode === 'eager' || mode === 'lazy') return { loading: mode } as const;
  if (mode === 'async') return { decoding: 'async' } as const;
  if (mode === 'high' || mode === 'low' || mode === 'auto') return { fetchPriority: mode } as const;
  return {};
}
