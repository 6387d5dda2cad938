/**
 * Shared steps of the money screen tests (transfer, conversion, pay password): the pages in the
 * real route tree (pages.harness), typing into labelled fields, the pay-password sheet, and a
 * server refusal as the app really meets it — the envelope the server builds for the error, in
 * the language the app asks for, through the app's own request error handler.
 *
 * A test file also mocks '@umijs/max' with pages.umiMock and '@/services' with pages.fixtures.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import type React from 'react';
import { ERROR_STATUS, type ErrorCode } from '../../contract';
import { errorEnvelope } from '../../server/http/envelope';
import { negotiateLocale, translate, type MessageKey, type MessageParams } from '../../server/i18n';
import { message } from '@/components/Feedback/notifier';
import { REQUEST_LANGUAGE } from '@/constants/app';
import zhCN from '@/locales/zh-CN';
import MyAssetsPage from '@/pages/My/Assets';
import PayPassPage from '@/pages/My/Setting/PayPass';
import PayPassResetPage from '@/pages/My/Setting/PayPass/Reset';
import MyTransferPage from '@/pages/My/Transfer';
import MyTransferHistoryPage from '@/pages/My/Transfer/History';
import { BizError, requestConfig } from '@/requestErrorConfig';
import { enterPayPassword, isPayPasswordGroup } from './payKeypad.harness';
import { renderApp } from './pages.harness';
import { appState, setSignedIn, TEST_USER } from './pages.umiMock';

/** antd forms validate and animate asynchronously; a busy 2-core machine needs generous waits */
export const SLOW = { timeout: 15_000 };
export const TEST_TIMEOUT = 120_000;

const MONEY_PAGES = {
  './My/Assets': MyAssetsPage,
  './My/Setting/PayPass': PayPassPage,
  './My/Setting/PayPass/Reset': PayPassResetPage,
  './My/Transfer': MyTransferPage,
  './My/Transfer/History': MyTransferHistoryPage,
};

/** Signed in as TEST_USER (with or without a pay password), mocks cleared. */
export function resetMoneyScreens({ hasPayPassword = true } = {}): void {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  setSignedIn(true);
  appState.user = { ...TEST_USER, hasPayPassword };
}

/** Removes the toasts (the notifier's holders outlive the page that showed them). */
export async function clearToasts(): Promise<void> {
  await act(async () => message.destroy());
}

// antd's styles go to a detached node: with ~400 KB of them in the document, jsdom takes about a
// second per getComputedStyle, and a drawer or dropdown opening calls it a score of times
const detachedStyles = document.createElement('div');

function StylesOutOfDocument({ children }: { children: React.ReactNode }) {
  return <StyleProvider container={detachedStyles}>{children}</StyleProvider>;
}

export function openMoneyPage(path: string) {
  return renderApp(path, MONEY_PAGES, { wrapper: StylesOutOfDocument });
}

export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** Types into the field labelled `label`; a pay password on its boxes, as the keyboard does. */
export async function type(label: string, value: string): Promise<void> {
  const element = await screen.findByLabelText(label, undefined, SLOW);
  if (isPayPasswordGroup(element)) enterPayPassword(element, value);
  else fireEvent.change(element, { target: { value } });
}

/**
 * The button showing `name` (antd spaces out two Chinese characters). Not getByRole: its
 * accessible-name computation reads computed styles, seconds per query under antd's CSS-in-JS.
 */
export function button(name: string, container: HTMLElement = document.body): HTMLButtonElement {
  const buttons = Array.from(container.querySelectorAll('button'));
  const found = buttons.find((candidate) => candidate.textContent?.replace(/\s/g, '') === name);
  if (!found) throw new Error(`no button ${name}; buttons: ${buttons.map((candidate) => candidate.textContent).join(' | ')}`);
  return found;
}

export function press(name: string, container: HTMLElement = document.body): void {
  fireEvent.click(button(name, container));
}

/** The open bottom sheet (antd Drawer) titled `title`. */
export async function findSheet(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' }, SLOW);
  return heading.closest('.ant-drawer-content') as HTMLElement;
}

/** Opens the antd Select labelled `label` (a mouse-down on it toggles); resolves to its dropdown. */
async function openDropdown(label: string): Promise<{ dropdown: HTMLElement; toggle: () => void }> {
  // the label names the search input and the option list: the input is the one inside the select
  const labelled = await screen.findAllByLabelText(label, undefined, SLOW);
  const input = labelled.find((element) => element.closest('.ant-select-selector'))!;
  const toggle = () => fireEvent.mouseDown(input.closest('.ant-select-selector')!);
  toggle();
  // this select's own option list (another one may still be closing); not waiting for its opening
  // animation, which jsdom takes seconds to finish
  const listId = input.getAttribute('aria-controls')!;
  const dropdown = await waitFor(() => {
    const rendered = document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!rendered) throw new Error(`the options of ${label} did not open`);
    return rendered;
  }, SLOW);
  return { dropdown, toggle };
}

/** The option texts of the antd Select labelled `label`. */
export async function optionsOf(label: string): Promise<string[]> {
  const { dropdown, toggle } = await openDropdown(label);
  const texts = Array.from(dropdown.querySelectorAll('.ant-select-item-option-content'), (option) => option.textContent ?? '');
  toggle();
  return texts;
}

/** Picks `option` in the antd Select labelled `label`. */
export async function choose(label: string, option: string): Promise<void> {
  const { dropdown } = await openDropdown(label);
  fireEvent.click(within(dropdown).getByText(option, { selector: '.ant-select-item-option-content' }));
}

/** Lets `ms` of real time pass (debounced inputs, countdowns). */
export function pause(ms: number): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/** An Idempotency-Key: crypto.randomUUID, or 16 random bytes in hex where it is missing (jsdom). */
export const IDEMPOTENCY_KEY = /^([0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{32})$/;

/** Types the pay password into the open sheet and confirms. */
export async function confirmWithPayPassword(sheet: HTMLElement, password: string): Promise<void> {
  enterPayPassword(within(sheet).getByLabelText('支付密码'), password);
  await act(async () => press(zhCN['common.confirm'], sheet));
}

/** Waits until the field labelled `label` shows `text` as its validation message. */
export function findFieldError(label: string, text: string) {
  return waitFor(() => {
    const item = field(label).closest('.ant-form-item') as HTMLElement;
    expect(item.querySelector('.ant-form-item-explain-error')).toHaveTextContent(text);
  }, SLOW);
}

/** Fills in /my/transfer and goes on; resolves to the confirmation sheet. */
export async function startTransfer(to: string, amount: string): Promise<HTMLElement> {
  await type('收款人', to);
  await type('转账数量', amount);
  press('下一步');
  return findSheet('确认转账');
}

/** A toast (antd message) with this text. */
export function findToast(text: string) {
  return screen.findByText(text, { selector: '.ant-message-notice-content *' }, SLOW);
}

/**
 * The error the server answers with, as the app's request layer turns it into a BizError: the
 * text in the language the app asks for (zh-TW), and the message key and parameters the app
 * shows it from in the interface's language.
 */
export function serverError(code: ErrorCode, messageKey: MessageKey, params?: MessageParams, data: unknown = null): BizError {
  const status = ERROR_STATUS[code];
  const text = translate(negotiateLocale(REQUEST_LANGUAGE), messageKey, params);
  return new BizError(errorEnvelope(status, code, text, 'req-test', data, { key: messageKey, params }) as never);
}

/**
 * The next call of `service` fails with `error` the way Umi's request plugin fails: the app's
 * errorHandler sees it first (it shows the message, or rethrows for skipErrorHandler callers).
 */
export function refuseNext(service: unknown, error: BizError | Error): void {
  (service as jest.Mock).mockImplementationOnce(async (...args: unknown[]) => {
    const options = args.find((arg): arg is { skipErrorHandler?: boolean } => typeof arg === 'object' && arg !== null && 'skipErrorHandler' in arg);
    requestConfig.errorConfig!.errorHandler!(error as never, options as never);
    throw error;
  });
}

/** The calls `service` received so far. */
export function callsOf(service: unknown): unknown[][] {
  return (service as jest.Mock).mock.calls;
}

/** The Idempotency-Key header of each call of a money-moving service `(body, options)`. */
export function idempotencyKeysOf(service: unknown): string[] {
  return callsOf(service).map((call) => (call[1] as { headers: Record<string, string> }).headers['Idempotency-Key']);
}

export function waitForCalls(service: unknown, count: number) {
  return waitFor(() => expect(callsOf(service)).toHaveLength(count), SLOW);
}

// failures name the missing text without dumping the whole layout (each dump costs seconds)
configure({
  getElementError: (text) => Object.assign(new Error(text ?? ''), { name: 'TestingLibraryElementError' }),
});
