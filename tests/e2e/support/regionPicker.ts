/** The address form's region picker: tap the field, then each step's entry in the sheet. */
import type { Page } from 'puppeteer-core';

const SHEET = '[data-testid="region-sheet"]';
const OPTION = `${SHEET} [data-testid="region-option"]`;

/** Taps the entry named `name` in the sheet's current list once it is shown. */
export async function pickRegionOption(page: Page, name: string): Promise<void> {
  const handle = await page.waitForFunction(
    (selector, wanted) => Array.from(document.querySelectorAll<HTMLElement>(selector)).find((row) => row.innerText.trim() === wanted && row.offsetParent !== null) ?? null,
    { timeout: 20_000 },
    OPTION,
    name,
  );
  await (handle.asElement() as import('puppeteer-core').ElementHandle<HTMLElement>).evaluate((row) => row.click());
}

/** Opens the picker of `#region` and picks `path` (province, city, district where listed) in turn. */
export async function pickRegion(page: Page, path: readonly string[]): Promise<void> {
  await page.$eval('#region', (field) => field.scrollIntoView({ block: 'center' }));
  await page.$eval('#region', (field) => (field as HTMLElement).click());
  for (const name of path) await pickRegionOption(page, name);
  // the sheet closes once the path is complete, and hands focus back to the field when its
  // closing motion ends: a field typed into before then would lose the rest of its keys
  await page.waitForFunction((selector) => !(document.querySelector(selector) as HTMLElement | null)?.offsetParent, { timeout: 20_000 }, SHEET);
  await new Promise((resolve) => setTimeout(resolve, 300));
}
