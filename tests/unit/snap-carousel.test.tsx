/**
 * No layout work left to the carousel: SnapCarousel is a CSS scroll-snap row. Each
 * slide exists once; the dots and the timer scroll the row to a slide; the timer waits while the
 * user points at, focuses or has just touched it, and does not run for one slide or for a user who
 * asked for reduced motion. jsdom lays nothing out: a slide's offsetLeft is given as its place ×
 * 300 px, and scrollTo is recorded.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import React from 'react';
import SnapCarousel, { AUTOPLAY_MS } from '@/components/SnapCarousel';
import ZhCnIntl from './pages.intl';

const SLIDE_WIDTH = 300;
let scrolledTo: number[] = [];
let reduceMotion = false;
/** the IntersectionObserver callbacks of the mounted carousels, to say which slide is in view */
let observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return Number(this.dataset.slide ?? 0) * SLIDE_WIDTH;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    scrolledTo.push(typeof options === 'object' ? options.left ?? 0 : Number(options));
  } as typeof HTMLElement.prototype.scrollTo;
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') && reduceMotion, media: query })) as unknown as typeof window.matchMedia;
  window.IntersectionObserver = class {
    entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      observers = observers.filter((entry) => entry !== this.entry);
    }
  } as unknown as typeof IntersectionObserver;
});

beforeEach(() => {
  jest.useFakeTimers();
  scrolledTo = [];
  reduceMotion = false;
});
afterEach(() => jest.useRealTimers());

/** The browser scrolled slide `index` into view (a swipe, a dot, the timer). */
function inView(index: number) {
  act(() => {
    for (const { callback, targets } of observers) {
      callback([{ target: targets[index], isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

function tick(ms = AUTOPLAY_MS) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

function renderCarousel(slides = ['甲', '乙', '丙'], autoplay = true) {
  return render(
    <ZhCnIntl>
      <SnapCarousel label="活动横幅" autoplay={autoplay} slides={slides.map((text) => <a key={text} href={`/${text}`}>{text}</a>)} />
    </ZhCnIntl>,
  );
}

const dot = (index: number) => screen.getByRole('button', { name: `显示第 ${index} 张，共 3 张` });

it('shows each slide once, named for a screen reader, with a dot for each', () => {
  renderCarousel();
  const region = screen.getByRole('region', { name: '活动横幅' });
  expect(region).toHaveAttribute('aria-roledescription', '轮播');
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['甲', '乙', '丙']);
  expect(screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual(['第 1 张，共 3 张', '第 2 张，共 3 张', '第 3 张，共 3 张']);
  expect(dot(1)).toHaveAttribute('aria-current', 'true');
  expect(dot(2)).not.toHaveAttribute('aria-current');
});

it('a dot scrolls the row to its slide; the slide in view becomes the current dot', () => {
  renderCarousel();
  fireEvent.click(dot(3));
  expect(scrolledTo).toEqual([2 * SLIDE_WIDTH]);
  inView(2);
  expect(dot(3)).toHaveAttribute('aria-current', 'true');
  expect(dot(1)).not.toHaveAttribute('aria-current');
});

it('the timer moves to the next slide every AUTOPLAY_MS and from the last back to the first', () => {
  renderCarousel();
  tick(AUTOPLAY_MS - 1);
  expect(scrolledTo).toEqual([]);
  tick(1);
  expect(scrolledTo).toEqual([SLIDE_WIDTH]);
  inView(1);
  tick();
  inView(2);
  tick();
  expect(scrolledTo).toEqual([SLIDE_WIDTH, 2 * SLIDE_WIDTH, 0]);
});

it('the timer waits while the mouse is over it, while it has the focus, and for a while after a touch', () => {
  renderCarousel();
  const region = screen.getByRole('region');
  fireEvent.pointerEnter(region);
  tick();
  tick();
  expect(scrolledTo).toEqual([]);
  fireEvent.pointerLeave(region);

  fireEvent.focus(screen.getByText('乙'));
  tick();
  expect(scrolledTo).toEqual([]);
  fireEvent.blur(screen.getByText('乙'), { relatedTarget: document.body });

  fireEvent.pointerDown(region);
  tick(AUTOPLAY_MS - 1);
  expect(scrolledTo).toEqual([]);
  tick(AUTOPLAY_MS);
  expect(scrolledTo).toEqual([SLIDE_WIDTH]);
});

it('no timer and no dots for a single slide; no timer for a user who asked for reduced motion', () => {
  const { unmount } = renderCarousel(['甲']);
  expect(screen.queryAllByRole('button')).toHaveLength(0);
  tick();
  expect(scrolledTo).toEqual([]);
  unmount();

  reduceMotion = true;
  renderCarousel();
  tick();
  tick();
  expect(scrolledTo).toEqual([]);
  // a dot still scrolls, without the smooth animation
  fireEvent.click(dot(2));
  expect(scrolledTo).toEqual([SLIDE_WIDTH]);
});
