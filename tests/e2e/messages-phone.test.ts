/**
 * The message centre on a phone (375 px, zh-CN), in Chromium against the real server: a deposit
 * credited by the ops command (and the sign-in, the pay password) shows as an unread badge on 我的;
 * the centre lists them worded in Chinese with an unread dot, a tap marks one read, 全部已读 the
 * rest, and 我的 then shows no badge. Targets are finger-sized.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webApi } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { waitForText } from './support/page';
import { screenshotPath } from './support/paths';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-messages-phone-')), 'messages-phone.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
let session: Session;

beforeAll(async () => {
  // signed in, a pay password set, 88.5 USDT credited: three notifications
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: '135790', usdt: '88.5', txByte: 'c3' });
});

const BADGE = '[data-testid="my-messages-badge"] .ant-badge-count';

describe('the message centre on a phone', () => {
  test('the badge on 我的, the list, a tap marks one read, 全部已读 the rest', async () => {
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/my'));
    await page.waitForSelector(BADGE, { visible: true });
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('title') === '3 条未读', {}, '[data-testid="my-messages-badge"] [title]');
    const entry = await page.$eval('[data-testid="my-messages"]', (link) => ({ height: link.getBoundingClientRect().height, text: (link as HTMLElement).innerText }));
    expect(entry.height).toBeGreaterThanOrEqual(44);
    expect(entry.text).toContain('消息中心');
    await page.screenshot({ path: screenshotPath('messages-phone-my.png') });

    await page.$eval('[data-testid="my-messages"]', (link) => (link as HTMLElement).click());
    await page.waitForFunction(() => location.pathname === '/my/messages');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="notice"]').length === 3);
    await waitForText(page, '[data-testid="notice"]', '充值到账');
    const notices = await page.$$eval('[data-testid="notice"]', (rows) =>
      rows.map((row) => ({
        title: (row.querySelector('[data-testid="notice-title"]') as HTMLElement).innerText,
        body: (row.querySelector('[data-testid="notice-body"]') as HTMLElement).innerText,
        read: row.getAttribute('data-read'),
        height: row.getBoundingClientRect().height,
      })),
    );
    expect(notices.map((n) => n.title)).toEqual(['充值到账', '支付密码已设置', '新的登录']);
    expect(notices[0].body).toBe('88.5 USDT（ERC20）已到账');
    // a screen reader hears 未读 with each unread one
    expect(await page.$$eval('[data-testid="notice"]', (rows) => rows.map((row) => row.textContent!.startsWith('未读')))).toEqual([true, true, true]);
    expect(notices.map((n) => n.read)).toEqual(['false', 'false', 'false']);
    for (const notice of notices) expect(notice.height).toBeGreaterThanOrEqual(44);
    expect(await page.$$eval('[data-testid="notice-unread"]', (dots) => dots.length)).toBe(3);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: screenshotPath('messages-phone-list.png') });

    await page.$eval('[data-testid="notice"]', (row) => (row as HTMLElement).click());
    await page.waitForFunction(() => document.querySelector('[data-testid="notice"]')?.getAttribute('data-read') === 'true');
    expect(await page.$$eval('[data-testid="notice-unread"]', (dots) => dots.length)).toBe(2);

    const readAll = await page.$eval('[data-testid="notices-read-all"]', (button) => ({ height: button.getBoundingClientRect().height, width: button.getBoundingClientRect().width }));
    expect(readAll.height).toBeGreaterThanOrEqual(44);
    expect(readAll.width).toBeGreaterThanOrEqual(44);
    await page.$eval('[data-testid="notices-read-all"]', (button) => (button as HTMLElement).click());
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="notice-unread"]').length === 0);
    await page.screenshot({ path: screenshotPath('messages-phone-read.png') });

    // the server has them read: back on 我的 there is no badge
    await page.goto(e2e.url('/my'));
    await page.waitForSelector('[data-testid="my-messages"]', { visible: true });
    await page.waitForFunction(() => !document.querySelector('[data-testid="my-messages-badge"] .ant-badge-count'));
  });

  test('in the dark theme the read and unread rows stay legible', async () => {
    // a fresh event after the previous test read them all: one unread
    expect(await webApi<{ unread: number }>(e2e.baseUrl, session.token, '/user/notification/unread-count')).toEqual({ unread: 0 });
    ops('deposit:credit', '--uid', (session.user as { uid: string }).uid, '--currency', 'USDT', '--amount', '12.25', '--network', 'ERC20', '--tx', `0x${'d4'.repeat(32)}`, '--operator', 'e2e');
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.evaluateOnNewDocument(() => localStorage.setItem('theme', 'dark'));
    await page.goto(e2e.url('/my/messages'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="notice"]').length === 4);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const rows = await page.$$eval('[data-testid="notice"]', (found) => found.map((row) => ({ read: row.getAttribute('data-read'), color: getComputedStyle(row.querySelector('[data-testid="notice-body"]') as Element).color })));
    expect(rows.map((row) => row.read)).toEqual(['false', 'true', 'true', 'true']);
    // light text on the dark page: every channel of the text colour is bright
    for (const row of rows) {
      const [r, g, b] = row.color.match(/\d+/g)!.map(Number);
      expect({ row, bright: Math.min(r, g, b) >= 140 }).toMatchObject({ bright: true });
    }
    await page.screenshot({ path: screenshotPath('messages-phone-dark.png') });
  });
});
