/**
 * What React renders once a prerendered page has hydrated, for the visitor it was rendered for (a
 * light phone in zh-CN, signed out): on a phone each needless render right after hydration is a
 * long task before the page answers a tap. The visitor's initial state arriving renders none of
 * the layout again (src/prerender/seededInitialState.ts), and /shopping's goods, fetched again and
 * unchanged, render none of the rows or the page again (src/components/InfiniteList.tsx); nor do the
 * power products of / and /calculate, which carry no market price (it moves with every poll).
 */
import type { Page } from 'puppeteer-core';
import { useE2E, PHONE } from './support/environment';
import { waitForNetworkQuiet } from './support/page';
import { hydratedMarkup, rendersAfterHydration, waitForHydration, watchRendersAfterHydration } from './support/reactRenders';

const e2e = useE2E({}, { waitForLiveDocuments: true });

/** The app's layout: the element its layout components' markup starts at. */
const LAYOUT = '#root > [data-testid="base-text"] > .ant-layout';
const POWER_CARD = '[data-testid="power-product-card"]';

async function hydrated(path: string): Promise<Page> {
  const page = await e2e.newPage({ viewport: PHONE });
  await watchRendersAfterHydration(page);
  await page.goto(e2e.url(path), { waitUntil: 'domcontentloaded' });
  await waitForHydration(page);
  // the initial state and the page's own requests answered, and what they set rendered
  await waitForNetworkQuiet(page, 1000);
  expect(await hydratedMarkup(page)).toBe(true);
  return page;
}

describe('after hydration, for the visitor the page was rendered for', () => {
  test.each(['/login', '/', '/calculate', '/shopping'])("%s: the visitor's state arriving renders none of the layout again", async (path) => {
    const page = await hydrated(path);
    expect(await rendersAfterHydration(page, { at: LAYOUT })).toBe(0);
  });

  test("/shopping: the goods fetched again, unchanged, render none of the page's rows again", async () => {
    const page = await hydrated('/shopping');
    // the check counts: antd's tabs and list measure themselves after hydration, and render for it
    expect(await rendersAfterHydration(page)).toBeGreaterThan(0);
    expect(await rendersAfterHydration(page, { within: '.ant-list-item' })).toBe(0);
  });

  test.each(['/', '/calculate'])("%s: the power products fetched again, with the market's price moved since, render none of their cards again", async (path) => {
    const page = await hydrated(path);
    expect(await page.$$eval(POWER_CARD, (cards) => cards.length)).toBeGreaterThan(0);
    // nor do their terms (FieldList, in CSS columns): antd's Descriptions rendered its items again once mounted, for the screen's breakpoints
    expect(await rendersAfterHydration(page, { within: POWER_CARD })).toBe(0);
  });

  // antd's Row rendered itself and its columns again once mounted, for the screen's breakpoints; the columns are CSS now
  test("/: the quick entries, and the featured products' cards, render nothing again once mounted", async () => {
    const page = await hydrated('/');
    expect(await page.$$eval('[data-testid="home-featured"] .ant-card', (cards) => cards.length)).toBe(4);
    expect(await rendersAfterHydration(page, { within: '[data-testid="entry-grid"]' })).toBe(0);
    expect(await rendersAfterHydration(page, { within: '[data-testid="home-featured"] .ant-card' })).toBe(0);
  });
});
