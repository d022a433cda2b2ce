import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChildBlock, useChildBlocks, useEngine, type BlockProps } from '../../engine/block-api';
import type { CarouselOptions } from '../options.generated';

export type { CarouselOptions };

/** A horizontal move of at least this many pixels on a touch screen or pen is a swipe. */
const SWIPE_PX = 40;

/**
 * Each child block is a slide; its position shows as "1 of 3" and a swipe (touch or pen) turns it. Auto-play never runs for a user whose profile meta sets
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
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  if (!count) return null;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex(loop ? (next + count) % count : Math.max(0, Math.min(count - 1, next)));
  const onPointerDown = (e: PointerEvent) => {
    swipeStart.current = e.pointerType === 'mouse' ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = e.clientX - start.x;
    // Mostly sideways: a vertical scroll that drifts is not a swipe.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(e.clientY - start.y)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };
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
        className="t-carousel__slide"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
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
        {/* The slide's label says it to assistive technology; this is for the eye. */}
        <span className="t-carousel__position" aria-hidden="true">
          {t('blocks.carousel.position', { n: current + 1, m: count })}
        </span>
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
