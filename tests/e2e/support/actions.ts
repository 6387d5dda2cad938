/** What a person does on a page: click a labelled element, type into a field. */
import type { Page } from 'puppeteer-core';
import { WAIT_MS, currentPath, textsOf } from './page';

/**
 * Clicks the first visible, enabled element matching `selector` whose text contains `text`, waiting
 * for one: a button shown disabled while its page loads its data takes no click.
 */
export async function clickText(page: Page, selector: string, text: string, timeout = WAIT_MS): Promise<void> {
  try {
    await page.waitForFunction(
      (sel, wanted) => {
        const target = Array.from(document.querySelectorAll<HTMLElement>(sel)).find(
          (el) => el.innerText.includes(wanted) && el.offsetParent !== null && !el.closest('[disabled], [aria-disabled="true"]'),
        );
        target?.click();
        return !!target;
      },
      { timeout },
      selector,
      text,
    );
  } catch {
    const shown = await textsOf(page, selector).catch(() => []);
    throw new Error(`no visible, enabled ${selector} with "${text}"; found ${JSON.stringify(shown)} at ${currentPath(page)}`);
  }
}

/**
 * Types into the input found by `selector`, replacing what it held. A pay password's boxes
 * (PayPasswordInput, no text input) take the keys while focused: what they held is deleted first.
 */
export async function fill(page: Page, selector: string, text: string): Promise<void> {
  // a locator waits until the field is visible, enabled and no longer moving (sheets slide in)
  await page.locator(selector).click({ count: 3 });
  const entered = await page.$eval(selector, (element) => (element.hasAttribute('data-pay-password') ? Number(element.getAttribute('data-entered')) : 0));
  for (let left = entered; left > 0; left -= 1) await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

/**
 * Clicks the enabled, visible button whose text is `text` (spaces ignored: antd spaces two-character
 * Chinese labels) inside `scope`; the last one when several match (a sheet's over the page's).
 */
export async function clickButton(page: Page, text: string, scope = 'body'): Promise<void> {
  const handle = await page.waitForFunction(
    (sel, label) =>
      Array.from(document.querySelectorAll<HTMLButtonElement>(`${sel} button`))
        .reverse()
        .find((button) => button.innerText.replace(/\s/g, '') === label && !button.disabled && button.offsetParent !== null),
    { timeout: 20_000 },
    scope,
    text,
  );
  await (handle.asElement() as import('puppeteer-core').ElementHandle<HTMLElement>).evaluate((button) => button.click());
}

