/**
 * A row of slides the browser lays out, scrolls and snaps (CSS scroll-snap): swiped on a phone,
 * scrolled by its dots, the arrow keys or a timer. It replaces antd's Carousel (react-slick), which
 * measured its slides and copied the first and last for an endless loop before it painted: here
 * every slide has its final size from CSS on the first paint, nothing is read from the layout
 * until the user or the timer moves to another slide, and no slide exists twice (so every link in
 * it is one a screen reader announces).
 */
import { theme } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { useT } from '@/hooks/useT';

export interface SnapCarouselProps {
  /** the region's accessible name */
  label: string;
  slides: React.ReactNode[];
  /** moves to the next slide every AUTOPLAY_MS, except while pointed at, focused or just touched */
  autoplay?: boolean;
  /** the frame: its size is the size of every slide */
  style?: React.CSSProperties;
}

export const AUTOPLAY_MS = 5000;

const TRACK: React.CSSProperties = {
  position: 'relative', // the slides' offsetLeft is measured from here
  display: 'flex',
  width: '100%',
  height: '100%',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
};
const SLIDE: React.CSSProperties = { flex: '0 0 100%', width: '100%', height: '100%', scrollSnapAlign: 'start', scrollSnapStop: 'always' };

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function SnapCarousel({ label, slides, autoplay = false, style }: SnapCarouselProps) {
  const t = useT();
  const { token } = theme.useToken();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  activeRef.current = active;
  // the timer waits while the user points at or focuses the carousel, and for a while after a touch
  const held = useRef({ hovered: false, focused: false, touchedAt: 0 });
  const count = slides.length;

  // the slide mostly in view is the active one (an IntersectionObserver: no layout read of ours)
  useEffect(() => {
    const element = track.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.slide));
        }
      },
      { root: element, threshold: 0.6 },
    );
    Array.from(element.children).forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [count]);

  const show = (index: number) => {
    const element = track.current;
    const slide = element?.children[index] as HTMLElement | undefined;
    if (!element || !slide) return;
    element.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  useEffect(() => {
    if (!autoplay || count < 2 || reducedMotion()) return undefined;
    const timer = setInterval(() => {
      const { hovered, focused, touchedAt } = held.current;
      if (hovered || focused || Date.now() - touchedAt < AUTOPLAY_MS || document.hidden) return;
      show((activeRef.current + 1) % count);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay, count]);

  return (
    <div
      role="region"
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      style={{ position: 'relative', ...style }}
      onPointerEnter={() => { held.current.hovered = true; }}
      onPointerLeave={() => { held.current.hovered = false; }}
      onPointerDown={() => { held.current.touchedAt = Date.now(); }}
      onFocus={() => { held.current.focused = true; }}
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) held.current.focused = false; }}
    >
      {/* focusable so that a keyboard scrolls it with the arrow keys */}
      <div ref={track} style={TRACK} tabIndex={0} data-testid="carousel-track">
        {slides.map((slide, index) => (
          <div
            // the slides are a fixed list for the carousel's life: their place is their identity
            key={index}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.position', { index: index + 1, count })}
            data-slide={index}
            style={SLIDE}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        // a 3 px bar 12 px above the bottom, like antd's, in a button a finger's 44 px square
        <div className="pf-carousel-dots" style={{ position: 'absolute', left: 0, right: 0, bottom: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              aria-label={t('carousel.show', { index: index + 1, count })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
              style={{ border: 0, padding: '0 0 12px', width: 44, height: 44, display: 'flex', alignItems: 'flex-end', justifyContent: 'center', background: 'none', cursor: 'pointer', pointerEvents: 'auto' }}
            >
              <span
                style={{
                  display: 'block',
                  width: index === active ? 24 : 16,
                  height: 3,
                  borderRadius: 1,
                  background: token.colorWhite,
                  opacity: index === active ? 1 : 0.4,
                  transition: `all ${token.motionDurationSlow}`,
                }}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
