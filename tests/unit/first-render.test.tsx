/**
 * `startFirstRender` (src/prerender/firstRender.ts): React hydrates a prerendered page in slices,
 * letting the browser run between them, so that a tap is not held up by the whole hydration; a
 * render over the document stays one task (slowPage.harness.tsx says how a slice is seen).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startFirstRender } from '@/prerender/firstRender';
import { IN_ONE_TASK, PARTS, SlowPage, slowPageEvents, slowPageMarkup } from './slowPage.harness';

test('a prerendered page hydrates in slices: the timer set by its first part runs before its last part renders', async () => {
  const container = document.createElement('div');
  container.innerHTML = slowPageMarkup();
  const markup = container.innerHTML;
  const errors = jest.spyOn(console, 'error');
  const order = await slowPageEvents(() => startFirstRender(() => void hydrateRoot(container, <SlowPage />), true));
  expect(order.indexOf('timer')).toBeGreaterThan(0);
  expect(order.indexOf('timer')).toBeLessThan(PARTS);
  // hydrated: the markup kept, nothing reported
  expect(container.innerHTML).toBe(markup);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('a render over the document is one task, not made in a transition', async () => {
  const container = document.createElement('div');
  const order = await slowPageEvents(() => startFirstRender(() => createRoot(container).render(<SlowPage />), false));
  expect(order).toEqual(IN_ONE_TASK);
  expect(container.querySelectorAll('li')).toHaveLength(PARTS);
});
