/**
 * Locales in the built app: zh-CN needs no extra script; choosing another language in the
 * switcher loads its messages and shows them at once; a reload starts in the chosen language;
 * a message with a value (the invite code) is formatted in each, from its precompiled tree.
 */
import type { Page } from 'puppeteer-core';
import { PHONE, useE2E } from './support/environment';
import { placeholdersShown, waitForText } from './support/page';

const e2e = useE2E();

/** Paths of the locale chunks the page fetched (src/locales/load.ts names them locale-<locale>). */
function localeChunks(page: Page): string[] {
  const fetched: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/locale-/.test(path)) fetched.push(path);
  });
  return fetched;
}

async function chooseLanguage(page: Page, label: string): Promise<void> {
  await page.locator('button[aria-label="切换语言"], button[aria-label="切換語言"], button[aria-label="Change language"]').click();
  await page.locator(`.ant-popover button ::-p-text(${label})`).click();
}

test('zh-CN loads no locale chunk; English, chosen in the switcher, loads and shows at once and after a reload', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  const chunks = localeChunks(page);
  await page.goto(e2e.url('/login'), { waitUntil: 'networkidle0' });
  await waitForText(page, 'h4', '连接钱包登录');
  expect(chunks).toEqual([]);

  await chooseLanguage(page, 'English');
  await waitForText(page, 'h4', 'Sign in with your wallet');
  await waitForText(page, '[data-testid="tab-bar"]', 'Home');
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toMatch(/^\/locale-en-US\./);
  expect(await page.evaluate(() => localStorage.getItem('umi_locale'))).toBe('en-US');

  await page.reload({ waitUntil: 'networkidle0' });
  await waitForText(page, 'h4', 'Sign in with your wallet');
  expect(await page.$eval('html', (html) => html.innerText.includes('连接钱包登录'))).toBe(false);
});

test('繁體中文 from the switcher', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto(e2e.url('/login'), { waitUntil: 'networkidle0' });
  await chooseLanguage(page, '繁體中文');
  await waitForText(page, 'h4', '連接錢包登入');
  await waitForText(page, '[data-testid="tab-bar"]', '首頁');
});

test.each([
  ['zh-CN', '简体中文', '邀请码 K7Q2XA'],
  ['zh-TW', '繁體中文', '邀請碼 K7Q2XA'],
  ['en-US', 'English', 'Invite code K7Q2XA'],
])('%s: a message with a value shows the value, not its placeholder', async (_locale, label, tag) => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto(e2e.url('/login?invite=K7Q2XA'), { waitUntil: 'networkidle0' });
  await waitForText(page, '.ant-tag', '邀请码 K7Q2XA');
  await chooseLanguage(page, label);
  await waitForText(page, '.ant-tag', tag);
  expect(await placeholdersShown(page)).toEqual([]);
});
