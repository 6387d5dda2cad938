/**
 * The address book in Chromium against the real server: add (with the shared
 * validation), edit, set default and delete addresses through the UI, and the selection mode the
 * mall checkout opens.
 */
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { PHONE, useE2E, type Session } from './support/environment';
import { pickRegion } from './support/regionPicker';
import { textsOf, waitForPath, waitForText } from './support/page';
import { signInViaApi } from './support/siwe';

const e2e = useE2E();
const ITEM = '[data-testid="address-item"]';

/**
 * Clicks run in the page (element.click()): on a phone screen the fixed tab bar can cover an
 * element that puppeteer scrolled just into view, and a coordinate click would hit the tab bar.
 */
async function clickButton(page: Page, scope: string, text: string): Promise<void> {
  // antd puts a space between the two characters of a two-character Chinese button label
  const handle = await page.waitForFunction(
    (sel, label) =>
      Array.from(document.querySelectorAll<HTMLButtonElement>(`${sel} button`)).find((b) => b.innerText.replace(/\s/g, '') === label && !b.disabled) ?? null,
    { timeout: 30_000 },
    scope,
    text,
  );
  const button = handle.asElement();
  if (!button) throw new Error(`no button "${text}" in ${scope}`);
  await button.evaluate((element) => (element as HTMLElement).click());
}

async function fillAddress(page: Page, fields: { receiver?: string; phone?: string; region?: string[]; detail?: string }) {
  for (const name of ['receiver', 'phone', 'detail'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    const input = await page.waitForSelector(`#${name}`, { timeout: 30_000 });
    await input!.evaluate((el) => {
      (el as HTMLInputElement).scrollIntoView({ block: 'center' });
      (el as HTMLInputElement).focus();
      (el as HTMLInputElement).select();
    });
    await page.keyboard.press('Backspace');
    await input!.type(value);
  }
  if (fields.region) await pickRegion(page, fields.region);
}

describe('address book', () => {
  let session: Session;

  beforeAll(async () => {
    session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  });

  test('add, edit, set default and delete through the UI', async () => {
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/my/address'));
    await waitForText(page, 'body', '还没有收货地址');

    // the first address: a bad phone number is refused with the shared rule's sentence first
    await clickButton(page, 'body', '新增收货地址');
    await waitForPath(page, '/my/address/add');
    await fillAddress(page, { receiver: '张三', phone: '12800138000', region: ['广东省', '深圳市', '南山区'], detail: '科技园南区 1 栋 101' });
    await clickButton(page, 'form', '保存');
    await waitForText(page, '.ant-form-item-explain-error', '手机号码格式不正确');
    await fillAddress(page, { phone: '138 0013 8000' });
    await clickButton(page, 'form', '保存');
    await waitForPath(page, '/my/address');
    await waitForText(page, ITEM, '张三');
    expect(await textsOf(page, ITEM)).toEqual([expect.stringMatching(/张三[\s\S]*13800138000[\s\S]*默认[\s\S]*广东省 深圳市 南山区 科技园南区 1 栋 101/)]);

    // a second one (Hong Kong): the first stays the default
    await clickButton(page, 'body', '新增收货地址');
    await fillAddress(page, { receiver: '李四', phone: '51234567', region: ['香港特别行政区', '九龙', '油尖旺区'], detail: '弥敦道 100 号' });
    await clickButton(page, 'form', '保存');
    await waitForPath(page, '/my/address');
    await waitForText(page, ITEM, '李四');
    let items = await textsOf(page, ITEM);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('张三');
    expect(await page.$$eval(`${ITEM} .ant-tag`, (tags) => tags.map((tag) => tag.closest('[data-testid="address-item"]')?.textContent ?? ''))).toEqual([
      expect.stringContaining('张三'),
    ]);

    // set the second as default: it moves to the top with the tag
    await clickButton(page, `${ITEM}:nth-child(2)`, '设为默认');
    await page.waitForFunction((sel) => (document.querySelector<HTMLElement>(sel)?.innerText ?? '').includes('李四'), { timeout: 30_000 }, ITEM);
    items = await textsOf(page, ITEM);
    expect(items[0]).toMatch(/李四[\s\S]*默认/);
    expect(items[1]).toContain('张三');

    // edit the second one's receiver
    await clickButton(page, `${ITEM}:nth-child(2)`, '编辑');
    await page.waitForFunction(() => location.pathname.startsWith('/my/address/edit/'), { timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#receiver')?.value ?? '') === '张三', { timeout: 30_000 });
    await fillAddress(page, { receiver: '张三丰' });
    await clickButton(page, 'form', '保存');
    await waitForPath(page, '/my/address');
    await waitForText(page, ITEM, '张三丰');

    // delete the default after confirming: the other one becomes the default
    await clickButton(page, `${ITEM}:nth-child(1)`, '删除');
    await waitForText(page, '.ant-popconfirm', '确定删除这个收货地址吗？');
    await clickButton(page, '.ant-popconfirm', '确定');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, { timeout: 30_000 }, ITEM);
    items = await textsOf(page, ITEM);
    expect(items[0]).toMatch(/张三丰[\s\S]*默认/);
  });

  test('selection mode returns the chosen address id to the checkout path', async () => {
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url(`/my/address?select=1&return=${encodeURIComponent('/shopping?from=checkout')}`));
    await waitForText(page, 'body', '请选择收货地址');
    await waitForText(page, ITEM, '张三丰');
    // choosing only: no edit or delete here
    expect((await textsOf(page, ITEM))[0]).not.toMatch(/编\s*辑|删\s*除/);
    await clickButton(page, ITEM, '使用此地址');
    await page.waitForFunction(() => location.pathname === '/shopping', { timeout: 30_000 });
    const search = new URL(page.url()).searchParams;
    expect(search.get('from')).toBe('checkout');
    expect(search.get('addressId')).toMatch(/^[1-9][0-9]*$/);
  });
});
