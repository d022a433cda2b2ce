import { useEffect, useState } from 'react';
import { ChildBlock, useChildBlocks, useEngine, type BlockProps } from '../../engine/block-api';
import type { CarouselOptions } from '../options.generated';

export type { CarouselOptions };

/**
 * Each child block is a slide. Auto-play never runs for a user whose profile meta sets
 * accessibility.noCarouselAutoPlay, and any user can pause it; hovering or focusing pauses too.
 */
export default function Carousel({ block, options }: BlockProps<CarouselOptions>) {
  const { ownProfile, t } = useEngine();
  const slides = useChildBlocks(block);
  const [index, setIndex] = useState(0);
  const noAutoPlay = ownProfile?.data?.meta?.accessibility?.noCarouselAutoPlay === true;
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const playing = options.autoPlay !== false && !noAutoPlay && !paused && !hovered && slides.length > 1;
  const loop = options.loop !== false;
  const count = slides.length;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1 < count ? i + 1 : loop ? 0 : i)), options.intervalMs ?? 5000);
    return () => clearInterval(timer);
  }, [playing, count, loop, options.intervalMs]);
  if (!count) return null;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex(loop ? (next + count) % count : Math.max(0, Math.min(count - 1, next)));
  return (
    <section
      className="t-carousel"
      aria-roledescription="carousel"
      aria-label={block.name}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('blocks.carousel.slide', { n: current + 1, m: count })}
        aria-live={playing ? 'off' : 'polite'}
      >
        <ChildBlock id={slides[current].id} />
      </div>
      <div className="t-carousel__controls">
        <button type="button" onClick={() => go(current - 1)} disabled={!loop && current === 0}>
          {t('blocks.carousel.previous')}
        </button>
        {options.autoPlay !== false && !noAutoPlay && (
          <button type="button" onClick={() => setPaused((p) => !p)}>
            {paused ? t('blocks.carousel.play') : t('blocks.carousel.pause')}
          </button>
        )}
        <button type="button" onClick={() => go(current + 1)} disabled={!loop && current === count - 1}>
          {t('blocks.carousel.next')}
        </button>
      </div>
    </section>
  );
}
