/**
 * The operator console in desktop Chromium (zh-CN) against the real server, end to end:
 * - two admins (A, B) and a reviewer R2 are added on the command line; a customer, funded by a
 *   credit by hand, asks through the API for 25 000 USDT (above the four-eyes line of 20 000);
 * - A signs in with the wallet and asks to add reviewer R1: it waits for a second admin (A cannot
 *   confirm it) and R1 cannot sign in; B confirms it with a wallet signature: R1 can;
 * - R1 opens the withdrawal (the user, the review reasons, the user's recent activity) and approves
 *   it with a signature: it waits for a second reviewer, still in review; R2 approves it: processing;
 * - A's audit log shows the addition and both approvals, each by the right address.
 * And the user app's first load (/login on a phone) fetches neither pro-components nor console code.
 * Screenshots: /tmp/admin-e2e-*.png.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { toUnits } from '../../contract/rules/money';
import { operatorActionStatement } from '../../contract/rules/operators';
import { WITHDRAW_SECOND_APPROVAL_ABOVE } from '../../contract/rules/withdraw';
import { shortAddress } from '../../src/components/shortAddress';
import adminMessages from '../../src/locales/zh-CN/admin';
import withdrawMessages from '../../src/locales/zh-CN/withdraw';
import { clickText, fill } from './support/actions';
import { consoleShot, dialogSettled, firstLoadOf, press, signInToConsole } from './support/adminConsole';
import { addOperatorByCli, askWithdrawalViaApi, operatorSignInAttempt, withdrawalById } from './support/adminSeed';
import { DESKTOP, useE2E, type Session } from './support/environment';
import { opsOn } from './support/ops';
import { textsOf, waitForPath, waitForText } from './support/page';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-admin-')), 'admin.sqlite');
jest.setTimeout(180_000);

const e2e = useE2E({
  SQLITE_PATH: sqlitePath,
  // nothing moves a withdrawal but the operators: an approved one stays `processing`
  JOBS_OFF: 'settlement,mallSweep,depositWatcher,withdrawSigner,reconcile',
});
const ops = opsOn(sqlitePath);

const PAY_PASSWORD = '135790';
const FUNDED = '30000';
const AMOUNT = '25000';
const TARGET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

const adminA = Wallet.createRandom();
const adminB = Wallet.createRandom();
const reviewer1 = Wallet.createRandom();
const reviewer2 = Wallet.createRandom();
const customer = Wallet.createRandom();
let session: Session;
let withdrawalId = '';

/** The console's zh-CN text of `key`, up to its first placeholder (what a toast or tag shows). */
function zh(key: string): string {
  const messages: Record<string, string> = { ...withdrawMessages, ...adminMessages };
  const text = messages[key]?.split('{')[0].trim();
  if (!text) throw new Error(`no zh-CN text for ${key}`);
  return text;
}

beforeAll(async () => {
  addOperatorByCli(ops, adminA, 'admin');
  addOperatorByCli(ops, adminB, 'admin');
  addOperatorByCli(ops, reviewer2, 'reviewer');

  session = await signInViaApi(e2e.baseUrl, customer);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, customer, PAY_PASSWORD);
  const { uid } = session.user as { uid: string };
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', FUNDED, '--network', 'ERC20', '--tx', `0x${'a7'.repeat(32)}`, '--operator', 'e2e');

  const asked = await askWithdrawalViaApi(e2e.baseUrl, session, customer, { to: TARGET, amount: AMOUNT, payPassword: PAY_PASSWORD });
  withdrawalId = asked.id;
});

test('seed: the operators added on the command line, the large withdrawal waiting in review', async () => {
  expect(toUnits(AMOUNT) > toUnits(WITHDRAW_SECOND_APPROVAL_ABOVE.USDT)).toBe(true);
  const operators = ops('operator:list');
  expect(operators.map((row) => [row.address, row.role, row.enabled])).toEqual(
    expect.arrayContaining([
      [adminA.address, 'admin', true],
      [adminB.address, 'admin', true],
      [reviewer2.address, 'reviewer', true],
    ]),
  );
  expect(withdrawalById(ops, withdrawalId)).toMatchObject({ status: 'review', amount: AMOUNT });
  expect(await operatorSignInAttempt(e2e.baseUrl, reviewer1)).toMatchObject({ success: false, status: 403, errCode: 'FORBIDDEN' });
});

/** Clicks the console's side-menu entry `label` and waits for its page. */
async function openFromMenu(page: Page, label: string): Promise<void> {
  await press(page, `[data-testid="admin-menu-${label}"]`);
  await waitForPath(page, `/admin/${label}`);
}

/**
 * Opens the action form behind the button `testId`, lets `fillIn` type into its fields, submits it
 * and waits for the console's toast saying `done` and for the form to close.
 */
async function submitAction(page: Page, testId: string, done: string, fillIn?: () => Promise<void>): Promise<void> {
  await press(page, `[data-testid="${testId}"]:not([disabled])`);
  const submit = `.ant-modal-wrap [data-testid="${testId}-submit"]`;
  await page.waitForSelector(submit, { visible: true });
  await dialogSettled(page);
  await fillIn?.();
  await press(page, submit);
  // the toast, or the refusal the form shows in its own words
  const outcome = await page
    .waitForFunction(
      (wanted) => {
        const toast = Array.from(document.querySelectorAll<HTMLElement>('.ant-message-notice')).some((el) => el.innerText.includes(wanted));
        const refusal = document.querySelector<HTMLElement>('.ant-modal-wrap [data-testid="admin-action-error"]')?.innerText;
        return toast ? 'done' : refusal ? `refused: ${refusal}` : false;
      },
      { timeout: 30_000 },
      done,
    )
    .catch(async (error: unknown) => {
      await consoleShot(page, `failed-${testId}`);
      throw error;
    });
  expect(await outcome.jsonValue()).toBe('done');
  // the form has closed (its mask would take the next click)
  await page.waitForSelector(submit, { hidden: true });
}

/** The data-testid (starting with `prefix`) inside the row of `table` that shows `text`. */
async function testIdInRow(page: Page, table: string, text: string, prefix: string): Promise<string> {
  const handle = await page.waitForFunction(
    (sel, wanted, start) => {
      const row = Array.from(document.querySelectorAll<HTMLElement>(`${sel} tbody tr`)).find((tr) => tr.innerText.includes(wanted));
      return row?.querySelector(`[data-testid^="${start}"]`)?.getAttribute('data-testid') ?? false;
    },
    { timeout: 20_000 },
    table,
    text,
    prefix,
  );
  return (await handle.jsonValue()) as string;
}

/** The text of the row of `table` that shows every one of `texts` (waits for it). */
async function rowWith(page: Page, table: string, texts: string[]): Promise<string> {
  const handle = await page.waitForFunction(
    (sel, wanted) => Array.from(document.querySelectorAll<HTMLElement>(`${sel} tbody tr`)).find((tr) => wanted.every((t) => tr.innerText.includes(t)))?.innerText ?? false,
    { timeout: 20_000 },
    table,
    texts,
  );
  return (await handle.jsonValue()) as string;
}

/** Waits until the card titled `title` shows `text`. */
async function waitForCard(page: Page, title: string, text: string): Promise<void> {
  await page.waitForFunction(
    (heading, wanted) =>
      Array.from(document.querySelectorAll<HTMLElement>('.ant-pro-card')).some(
        (card) => card.querySelector('.ant-pro-card-title')?.textContent?.includes(heading) && card.innerText.includes(wanted),
      ),
    { timeout: 20_000 },
    title,
    text,
  );
}

describe('four eyes in the console', () => {
  const approvalsTable = '[data-testid="admin-approvals-table"]';
  const detail = '[data-testid="admin-withdrawal-detail"]';

  test('admin A asks to add reviewer R1: it waits for a second admin, and R1 cannot sign in yet', async () => {
    const { page } = await signInToConsole(e2e, adminA);
    await waitForText(page, '[data-testid="admin-operator"]', shortAddress(adminA.address));
    // the dashboard counts the one withdrawal waiting for review
    await page.waitForFunction(
      (title) => {
        const text = document.querySelector<HTMLElement>('[data-testid="admin-dashboard-withdrawals"]')?.innerText ?? '';
        return text.includes(title) && text.trim().split(/\s+/).at(-1) === '1';
      },
      { timeout: 20_000 },
      zh('admin.dashboard.withdrawalsInReview'),
    );
    await page.waitForSelector('[data-testid="admin-ledger-check"]', { visible: true });
    await consoleShot(page, 'dashboard');
    await openFromMenu(page, 'operators');
    await waitForText(page, '[data-testid="admin-operators-table"] tbody', shortAddress(adminB.address));
    await submitAction(page, 'admin-operator-add', zh('admin.operators.asked'), async () => {
      await fill(page, '.ant-modal-wrap [data-testid="admin-operator-add-address"]', reviewer1.address);
      await clickText(page, '.ant-modal-wrap .ant-radio-button-wrapper', zh('admin.role.reviewer'));
      await fill(page, '.ant-modal-wrap [data-testid="admin-operator-add-reason"]', '新同事负责提现审核');
    });
    // not an operator yet: the request waits among the approvals, where its asker cannot confirm it
    expect((await textsOf(page, '[data-testid="admin-operators-table"] tbody')).join('\n')).not.toContain(shortAddress(reviewer1.address));
    await press(page, '[data-testid="admin-operators-approvals"]');
    await waitForPath(page, '/admin/approvals');
    const confirm = await testIdInRow(page, approvalsTable, reviewer1.address, 'admin-approval-confirm-');
    expect(await rowWith(page, approvalsTable, [reviewer1.address])).toContain(zh('admin.approvalStatus.pending'));
    expect(await page.$eval(`[data-testid="${confirm}"]`, (button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await consoleShot(page, 'operator-add-pending');
    expect(await operatorSignInAttempt(e2e.baseUrl, reviewer1)).toMatchObject({ success: false, status: 403, errCode: 'FORBIDDEN' });
  });

  test('admin B confirms it on the approvals page with a wallet signature: R1 can sign in', async () => {
    const { page, wallet } = await signInToConsole(e2e, adminB);
    await openFromMenu(page, 'approvals');
    const confirm = await testIdInRow(page, approvalsTable, reviewer1.address, 'admin-approval-confirm-');
    const approvalId = confirm.replace('admin-approval-confirm-', '');
    await consoleShot(page, 'approvals');
    await submitAction(page, confirm, zh('admin.approvals.confirmed'));
    expect(wallet.signed.at(-1)).toContain(`\n${operatorActionStatement('approval.confirm', approvalId)}\n`);
    // decided: gone from the pending list
    await page.waitForFunction((sel) => !document.querySelector(sel), { timeout: 20_000 }, `[data-testid="${confirm}"]`);
    expect(ops('operator:list').find((row) => row.address === reviewer1.address)).toMatchObject({ role: 'reviewer', enabled: true });
    expect(await operatorSignInAttempt(e2e.baseUrl, reviewer1)).toMatchObject({ success: true, status: 200 });
  });

  test('R1 opens the large withdrawal, sees the user, why it waits and their recent activity, approves it: it waits for a second reviewer', async () => {
    const { page, wallet } = await signInToConsole(e2e, reviewer1);
    await openFromMenu(page, 'withdrawals');
    await press(page, `[data-testid="admin-withdrawal-detail-${withdrawalId}"]`);
    await waitForPath(page, `/admin/withdrawals/${withdrawalId}`);
    const { uid } = session.user as { uid: string };
    await waitForText(page, detail, `${AMOUNT} USDT`);
    await waitForText(page, detail, uid);
    // why it waits: above the review line, the account's first withdrawal, and two reviewers needed
    await waitForText(page, detail, zh('withdraw.reviewReason.amount'));
    await waitForText(page, detail, zh('withdraw.reviewReason.firstWithdrawal'));
    await waitForText(page, detail, zh('admin.withdrawals.fourEyes'));
    // the user's recent activity: the credit that funded it, what the withdrawal froze
    await waitForCard(page, zh('admin.withdrawals.recentDeposits'), `${FUNDED} USDT`);
    await waitForCard(page, zh('admin.withdrawals.recentEntries'), '-25005');
    await consoleShot(page, 'withdrawal-detail');

    await submitAction(page, `admin-withdrawal-approve-${withdrawalId}`, zh('admin.withdrawals.awaitingSecondDone'));
    expect(wallet.signed.at(-1)).toContain(`\n${operatorActionStatement('withdraw.approve', withdrawalId)}\n`);
    await page.waitForSelector(`${detail} [data-testid="admin-awaiting-second"]`, { visible: true });
    // the first reviewer cannot approve it twice
    await page.waitForSelector(`[data-testid="admin-withdrawal-approve-${withdrawalId}"][disabled]`);
    await consoleShot(page, 'withdrawal-awaiting-second');
    expect(withdrawalById(ops, withdrawalId)).toMatchObject({ status: 'review', operator: null });
  });

  test('R2 approves the same withdrawal: it goes out (processing)', async () => {
    const { page, wallet } = await signInToConsole(e2e, reviewer2);
    await openFromMenu(page, 'withdrawals');
    await press(page, `[data-testid="admin-withdrawal-detail-${withdrawalId}"]`);
    await waitForPath(page, `/admin/withdrawals/${withdrawalId}`);
    await page.waitForSelector(`${detail} [data-testid="admin-awaiting-second"]`, { visible: true });
    await waitForText(page, detail, shortAddress(reviewer1.address));
    await submitAction(page, `admin-withdrawal-approve-${withdrawalId}`, zh('admin.withdrawals.approvedDone'));
    expect(wallet.signed.at(-1)).toContain(`\n${operatorActionStatement('withdraw.approve', withdrawalId)}\n`);
    await waitForText(page, detail, zh('withdraw.status.processing'));
    await consoleShot(page, 'withdrawal-processing');
    expect(withdrawalById(ops, withdrawalId)).toMatchObject({ status: 'processing', operator: reviewer2.address });
  });

  test("admin A's audit log shows the addition and both approvals, each by the right address", async () => {
    const { page } = await signInToConsole(e2e, adminA);
    await openFromMenu(page, 'audit');
    const audit = '[data-testid="admin-audit-table"]';
    const withdrawal = `withdrawal:${withdrawalId}`;
    const operator = `operator:${reviewer1.address}`;
    expect(await rowWith(page, audit, ['withdraw.approve.request', withdrawal])).toContain(shortAddress(reviewer1.address));
    expect(await rowWith(page, audit, ['withdraw.approve.confirm', withdrawal])).toContain(shortAddress(reviewer2.address));
    expect(await rowWith(page, audit, ['operator.add.request', operator])).toContain(shortAddress(adminA.address));
    expect(await rowWith(page, audit, ['operator.add.confirm', operator])).toContain(shortAddress(adminB.address));
    await consoleShot(page, 'audit');
  });
});

describe("the user app's first load", () => {
  /** strings only pro-components' code holds: its theme token and the ProLayout header's class */
  const PRO_COMPONENTS = ['proComponentsCls', '-global-header'];
  /** strings only the console's own code holds: the sign-in statement, its sign-in button, its token key */
  const CONSOLE_CODE = ['Sign in to the PowerFi operator console', 'admin-sign-in', 'adminToken'];
  const holding = (texts: string[], markers: string[]) => markers.filter((marker) => texts.some((text) => text.includes(marker)));

  test('/login on a phone fetches neither pro-components nor console code; /admin/login does', async () => {
    const login = await firstLoadOf(e2e, '/login');
    const loginTexts = login.scripts.map((script) => script.text);
    expect(login.scripts.length).toBeGreaterThan(3);
    expect(holding(loginTexts, PRO_COMPONENTS)).toEqual([]);
    expect(holding(loginTexts, CONSOLE_CODE)).toEqual([]);
    console.log(`/login first-load JavaScript: ${(login.gzipTotal / 1024).toFixed(1)} KB gzip in ${login.scripts.length} scripts`);

    // the markers are real: the console's first load holds every one of them, in scripts of its own
    const consoleLoad = await firstLoadOf(e2e, '/admin/login', DESKTOP);
    const consoleTexts = consoleLoad.scripts.map((script) => script.text);
    expect(holding(consoleTexts, PRO_COMPONENTS)).toEqual(PRO_COMPONENTS);
    expect(holding(consoleTexts, CONSOLE_CODE)).toEqual(CONSOLE_CODE);
    const userScripts = new Set(login.scripts.map((script) => script.path));
    expect(consoleLoad.scripts.filter((script) => !userScripts.has(script.path)).length).toBeGreaterThan(0);
  });
});
