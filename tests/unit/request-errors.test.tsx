/**
 * The request layer through a real axios instance, wired the way Umi's request plugin wires
 * `requestConfig` (our interceptors, then Umi's envelope check calling `errorThrower`, then
 * `errorHandler` on failure), with an adapter standing in for the network. The notices show
 * through the app's notifier, whose provider each test renders.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createHistory, history } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import axios from 'axios';
import type { AxiosRequestConfig } from 'axios';
import { formatDiagnostics } from '@/components/ErrorNotice/diagnostics';
import FeedbackProvider from '@/components/Feedback';
import { message, notification } from '@/components/Feedback/notifier';
import { BizError, requestConfig } from '@/requestErrorConfig';
import { ensureLocale } from '@/locales/load';
import { isSignedIn, setSession } from '@/session';
import { readSessionEnded } from '@/utils/sessionEnded';
import { fillMessage } from '../../contract/messages/fill';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';

/** antd copies through copy-to-clipboard: a selected <span> with the text and execCommand('copy'). */
function captureClipboard(): () => string | undefined {
  let copied: string | undefined;
  document.execCommand = jest.fn((command: string) => {
    if (command === 'copy') copied = document.body.lastElementChild?.textContent ?? undefined;
    return true;
  });
  return () => copied;
}

type Reply =
  | { status: number; data?: unknown; headers?: Record<string, string> }
  | { noResponse: true }
  | { setupError: true }
  | { cancelled: true };

type Options = AxiosRequestConfig & { skipErrorHandler?: boolean };

// axios 0.27 internals the adapter needs (its typings do not declare them)
const settle: (resolve: unknown, reject: unknown, response: object) => void = require('axios/lib/core/settle');
const { AxiosError, CanceledError } = axios as unknown as {
  AxiosError: new (message: string, code: string, config: unknown, request: unknown) => Error;
  CanceledError: new () => Error;
};

let sentHeaders: Record<string, unknown> = {};

function send(url: string, reply: Reply, opts: Options = {}) {
  const instance = axios.create();
  for (const interceptor of requestConfig.requestInterceptors ?? []) {
    instance.interceptors.request.use(interceptor as never);
  }
  for (const interceptor of requestConfig.responseInterceptors ?? []) {
    instance.interceptors.response.use(interceptor as never);
  }
  instance.interceptors.response.use((response) => {
    if (response.data?.success === false) requestConfig.errorConfig!.errorThrower!(response.data);
    return response;
  });
  const adapter = (config: AxiosRequestConfig) =>
    new Promise((resolve, reject) => {
      sentHeaders = { ...config.headers };
      if ('noResponse' in reply) reject(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));
      else if ('setupError' in reply) reject(new Error('bad config'));
      else if ('cancelled' in reply) reject(new CanceledError());
      else settle(resolve, reject, { config, request: {}, statusText: '', headers: {}, ...reply });
    });
  return instance.request({ url, method: 'GET', ...opts, adapter: adapter as never }).catch((error) => {
    requestConfig.errorConfig!.errorHandler!(error, opts as never);
    throw error;
  });
}

function envelope(fields: Partial<{ success: boolean; errMessage: string; errCode: string; data: unknown; httpStatusCode: number; errKey: string; errParams: Record<string, string | number> }>) {
  return { success: false, data: null, errCode: '', errMessage: '', httpStatusCode: 200, code: 0, message: '', showType: 2, ...fields };
}

/** An error envelope as the server sends it: zh-TW text (Accept-Language: zh-TW), key and parameters. */
function keyed(errCode: string, key: MessageKey, params: Record<string, string | number> = {}, httpStatusCode = 422) {
  return envelope({ errCode, errMessage: fillMessage(zhTW[key], params), errKey: key, errParams: params, httpStatusCode });
}

const longText = '提现失败：'.padEnd(120, '长');

/** Waits long enough for a wrongly shown notice to appear (the notices load on demand). */
const noticesSettled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeAll(() => createHistory({ type: 'browser' }));
// Umi's getLocale (the interface's language) reads runtime plugins, which exist once the manager does
createPluginManager();

beforeEach(() => {
  // the notifier's holders render under its provider, as under AppProviders in the app
  render(<FeedbackProvider>{null}</FeedbackProvider>);
  localStorage.clear();
  sessionStorage.clear();
  sentHeaders = {};
});

afterEach(async () => {
  await act(async () => {
    message.destroy();
    notification.destroy();
  });
  document.body.innerHTML = '';
});

describe('request headers', () => {
  it('always sends Accept-Language: zh-TW, and no Authorization without a token', async () => {
    await send('/api/v1/web/content/link', { status: 200, data: { success: true, data: [] } });
    expect(sentHeaders['Accept-Language']).toBe('zh-TW');
    expect(sentHeaders.Authorization).toBeUndefined();
  });

  it('adds Authorization: Bearer <token> once a token is stored', async () => {
    setSession('tok-123', { uid: '1' });
    await send('/api/v1/web/user/user/profile', { status: 200, data: { success: true, data: {} } });
    expect(sentHeaders.Authorization).toBe('Bearer tok-123');
    expect(sentHeaders['Accept-Language']).toBe('zh-TW');
  });
});

describe('errorThrower', () => {
  it('turns an envelope with success false into a BizError carrying the envelope', () => {
    const body = envelope({ errMessage: '餘額不足', errCode: 'INSUFFICIENT_BALANCE', data: { need: '1' } });
    let thrown: unknown;
    try {
      requestConfig.errorConfig!.errorThrower!(body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BizError);
    expect((thrown as BizError).name).toBe('BizError');
    expect((thrown as BizError).info).toEqual(body);
    expect((thrown as BizError).message).toBe('餘額不足');
  });
});

describe('skipErrorHandler', () => {
  it('passes a success:false envelope to the caller as a BizError, showing nothing', async () => {
    const body = envelope({ errMessage: '簽名無效', errCode: 'BAD_SIGNATURE', data: { field: 'signature' } });
    const error = await send('/x', { status: 200, data: body }, { skipErrorHandler: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(error.info.errMessage).toBe('簽名無效');
    expect(error.info.data).toEqual({ field: 'signature' });
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('turns an HTTP error with an envelope body into a BizError too', async () => {
    const body = envelope({ errMessage: '參數錯誤', errCode: 'BAD_INPUT', httpStatusCode: 400, data: { field: 'amount' } });
    const error = await send('/x', { status: 400, data: body }, { skipErrorHandler: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(error.info.data).toEqual({ field: 'amount' });
    expect(error.response.status).toBe(400);
  });

  it('does not redirect on 401 and keeps the session', async () => {
    setSession('tok', { uid: '1' });
    history.push('/my');
    const body = envelope({ errMessage: '請先登入', httpStatusCode: 401 });
    const error = await send('/x', { status: 401, data: body }, { skipErrorHandler: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(history.location.pathname).toBe('/my');
    expect(isSignedIn()).toBe(true);
  });

  it('passes a network failure on unchanged', async () => {
    const error = await send('/x', { noResponse: true }, { skipErrorHandler: true }).catch((e) => e);
    expect(error).not.toBeInstanceOf(BizError);
    expect(error.message).toBe('Network Error');
  });
});

describe('error catalogue', () => {
  it('HTTP 401: clears the session and goes to login with the redirect parameter', async () => {
    setSession('tok', { uid: '1' });
    history.push('/my/records?page=2#top');
    await send('/api/v1/web/user/wallet/details', { status: 401, data: envelope({ errMessage: '登入已過期', httpStatusCode: 401 }) }).catch(() => undefined);
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(history.location.pathname).toBe('/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/my/records?page=2#top');
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('short error text (< 100 chars): a toast with errMessage', async () => {
    await send('/x', { status: 422, data: envelope({ errMessage: '餘額不足', errCode: 'INSUFFICIENT_BALANCE' }) }).catch(() => undefined);
    expect(await screen.findByText('餘額不足')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).not.toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('short error text from a 200 envelope with success false', async () => {
    await send('/x', { status: 200, data: envelope({ errMessage: '訂單不存在' }) }).catch(() => undefined);
    expect(await screen.findByText('訂單不存在')).toBeInTheDocument();
  });

  it('falls back to errCode when errMessage is empty', async () => {
    await send('/x', { status: 409, data: envelope({ errCode: 'IDEMPOTENCY_CONFLICT' }) }).catch(() => undefined);
    expect(await screen.findByText('IDEMPOTENCY_CONFLICT')).toBeInTheDocument();
  });

  // the threshold itself, so `<` → `<=` or 100 → 110 fails here
  it('exactly 99 characters: a toast, no notification', async () => {
    const text = '余'.repeat(98) + '。';
    expect(text).toHaveLength(99);
    await send('/x', { status: 422, data: envelope({ errMessage: text, errCode: 'RULE' }) }).catch(() => undefined);
    expect(await screen.findByText(text, { selector: '.ant-message-notice-content *' })).toBeInTheDocument();
    await noticesSettled();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('exactly 100 characters: the persistent notification 发生错误, no toast', async () => {
    const spy = jest.spyOn(notification, 'error');
    const text = '余'.repeat(99) + '。';
    expect(text).toHaveLength(100);
    await send('/x', { status: 422, data: envelope({ errMessage: text, errCode: 'RULE' }) }).catch(() => undefined);
    expect(await screen.findByText('发生错误')).toBeInTheDocument();
    expect(screen.getByText(text, { selector: '.ant-notification-notice *' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ placement: 'bottomRight', duration: 0, message: '发生错误' }));
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    spy.mockRestore();
  });

  it('error text of 100+ chars: a bottom-right notification titled 发生错误 that never closes, with copyable diagnostics', async () => {
    const spy = jest.spyOn(notification, 'error');
    await send('/api/v1/web/account/convert/create', {
      status: 422,
      data: envelope({ errMessage: longText, errCode: 'RULE', httpStatusCode: 422, data: { id: 7 } }),
      headers: { 'x-request-id': 'req-42' },
    }).catch(() => undefined);

    await waitFor(() => expect(spy).toHaveBeenCalledWith(expect.objectContaining({ placement: 'bottomRight', duration: 0, message: '发生错误' })));
    expect(await screen.findByText('发生错误')).toBeInTheDocument();
    expect(screen.getByText(longText)).toBeInTheDocument();
    expect(screen.getByText('请将复制的信息提交给管理员')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    const clipboard = captureClipboard();
    fireEvent.click(screen.getByText('复制诊断信息'));
    const copied = clipboard() as string;
    expect(copied).toContain('/api/v1/web/account/convert/create');
    expect(copied).toContain('422');
    expect(copied).toContain('req-42');
    expect(copied).toContain('"id": 7');
    expect(copied).toContain(longText);
    expect(copied).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    spy.mockRestore();
  });

  it('a response with a status but no body: 服务器响应状态码:<status>', async () => {
    await send('/x', { status: 502, data: '' }).catch(() => undefined);
    expect(await screen.findByText('服务器响应状态码:502')).toBeInTheDocument();
  });

  it('a non-envelope body (an HTML error page) counts as no body', async () => {
    await send('/x', { status: 504, data: '<html><body>Gateway Timeout</body></html>' }).catch(() => undefined);
    expect(await screen.findByText('服务器响应状态码:504')).toBeInTheDocument();
  });

  it('no response: a plain "no answer, retry" that claims nothing was sent', async () => {
    await send('/x', { noResponse: true }).catch(() => undefined);
    expect(await screen.findByText('没有收到服务器的响应，请检查网络后重试')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('成功发起');
  });

  it('any other failure', async () => {
    await send('/x', { setupError: true }).catch(() => undefined);
    expect(await screen.findByText('请求失败，请重试')).toBeInTheDocument();
  });

  it('a cancelled request shows nothing', async () => {
    await send('/x', { cancelled: true }).catch(() => undefined);
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('the caller still sees the rejection after the error was shown', async () => {
    await expect(send('/x', { status: 422, data: envelope({ errMessage: '錯誤' }) })).rejects.toBeInstanceOf(Error);
  });

  it.each([
    ['toast', '<img src=x onerror="window.__xss=1">'],
    ['notification', `<img src=x onerror="window.__xss=1">${'a'.repeat(100)}`],
  ])('renders error text as text, never HTML (%s)', async (_kind, text) => {
    await send('/x', { status: 422, data: envelope({ errMessage: text }) }).catch(() => undefined);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('errors in the interface’s language: the wire stays zh-TW, the text follows the locale', () => {
  const wrongPassword = () => keyed('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: 4 });

  it.each([
    ['zh-CN', '支付密码错误，还可尝试 4 次'],
    ['en-US', 'Wrong pay password, 4 tries left'],
    ['zh-TW', '支付密碼錯誤，還可嘗試 4 次'],
  ])('%s: a wrong pay password reads %s', async (locale, text) => {
    localStorage.setItem('umi_locale', locale);
    await send('/api/v1/web/account/transfer/create', { status: 422, data: wrongPassword() }, { method: 'POST' }).catch(() => undefined);
    expect(await screen.findByText(text, { selector: '.ant-message-notice-content *' })).toBeInTheDocument();
    expect(sentHeaders['Accept-Language']).toBe('zh-TW');
    if (locale !== 'zh-TW') expect(document.body.textContent).not.toContain('支付密碼錯誤');
  });

  it('zh-CN: "訂單不存在" reads 订单不存在', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    await send('/x', { status: 404, data: keyed('NOT_FOUND', 'mall.orderNotFound', {}, 404) }).catch(() => undefined);
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(screen.queryByText('訂單不存在')).toBeNull();
  });

  it('a schema failure ("欄位「id」的格式不正確") reads as a sentence a person understands', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    await send('/x', { status: 400, data: keyed('VALIDATION_FAILED', 'validation.pattern', { field: 'id' }, 400) }).catch(() => undefined);
    expect(await screen.findByText('请检查输入的内容后再试')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('欄位');
  });

  it('a key this app does not know: the server’s errMessage', async () => {
    localStorage.setItem('umi_locale', 'en-US');
    await send('/x', { status: 422, data: envelope({ errCode: 'NEW_RULE', errMessage: '新的規則', errKey: 'rule.fromTheFuture', errParams: {} }) }).catch(() => undefined);
    expect(await screen.findByText('新的規則')).toBeInTheDocument();
  });

  it('a skipErrorHandler caller still gets the envelope with its key, and nothing is shown', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const error = await send('/x', { status: 422, data: wrongPassword() }, { skipErrorHandler: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(error.info).toMatchObject({ errKey: 'payPassword.wrong', errParams: { remaining: 4 } });
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  // the threshold counts the text the user reads: here the zh-TW wire text is one character longer
  const recipient = (length: number) => '0x' + 'a'.repeat(length - 2);

  it('shown text of exactly 99 characters is a toast, though the zh-TW errMessage has 100', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const data = keyed('BUSINESS_RULE', 'transfer.unknownRecipient', { to: recipient(65) });
    expect(data.errMessage).toHaveLength(100);
    await send('/x', { status: 422, data }).catch(() => undefined);
    const shown = `找不到收款人：${recipient(65)}（请输入 PowerFi 用户的 UID 或钱包地址）`;
    expect(shown).toHaveLength(99);
    expect(await screen.findByText(shown, { selector: '.ant-message-notice-content *' })).toBeInTheDocument();
    await noticesSettled();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('shown text of exactly 100 characters is the notification, with that text in its diagnostics', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const data = keyed('BUSINESS_RULE', 'transfer.unknownRecipient', { to: recipient(66) });
    await send('/x', { status: 422, data }).catch(() => undefined);
    const shown = `找不到收款人：${recipient(66)}（请输入 PowerFi 用户的 UID 或钱包地址）`;
    expect(shown).toHaveLength(100);
    expect(await screen.findByText('发生错误')).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
    await noticesSettled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    const clipboard = captureClipboard();
    fireEvent.click(screen.getByText('复制诊断信息'));
    expect(clipboard()).toContain(`错误信息 (Message): ${shown}`);
  });
});

describe('a money call without an answer: the result is unknown', () => {
  const UNKNOWN = '网络异常，无法确认结果。请到「我的 › 资金明细」中查看这笔操作是否已完成，确认前请勿重复提交。';
  const moneyCall = { method: 'POST', headers: { 'Idempotency-Key': 'transfer-1' } };

  it.each([
    ['offline', { noResponse: true } as Reply],
    ['a 502 without a body', { status: 502, data: '' } as Reply],
    ['a 500 envelope without a message key', { status: 500, data: envelope({ errMessage: 'Internal Server Error', httpStatusCode: 500 }) } as Reply],
  ])('%s: says the result is unknown and where to check, never that it was sent', async (_name, reply) => {
    await send('/api/v1/web/account/transfer/create', reply, moneyCall).catch(() => undefined);
    expect(await screen.findByText(UNKNOWN)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('成功发起');
    expect(document.body.textContent).not.toContain('Internal Server Error');
  });

  it('a refusal the server answered is still its own text', async () => {
    await send('/api/v1/web/account/transfer/create', { status: 422, data: envelope({ errMessage: '餘額不足', errCode: 'INSUFFICIENT_BALANCE' }) }, moneyCall).catch(() => undefined);
    expect(await screen.findByText('餘額不足')).toBeInTheDocument();
    expect(screen.queryByText(UNKNOWN)).toBeNull();
  });

  it.each([
    ['zh-TW', '網路異常，無法確認結果。請到「我的 › 資金明細」中查看這筆操作是否已完成，確認前請勿重複提交。'],
    ['en-US', 'Network problem: the result could not be confirmed. Check Me › Account activity to see whether this operation went through, and do not submit it again until you have checked.'],
  ])('%s: in the interface’s language', async (locale, text) => {
    await ensureLocale(locale);
    localStorage.setItem('umi_locale', locale);
    await send('/api/v1/web/account/transfer/create', { noResponse: true }, moneyCall).catch(() => undefined);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('one toast per failure, in the interface’s language', () => {
  const toasts = () => Array.from(document.querySelectorAll('.ant-message-notice'), (node) => node.textContent);

  it('three calls failing with the same 500 at once: one toast, from the catalogue, not the status text', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const failure = { status: 500, data: keyed('INTERNAL_ERROR', 'INTERNAL_ERROR', {}, 500) };
    await Promise.all(['/a', '/b', '/c'].map((url) => send(url, failure).catch(() => undefined)));
    expect(await screen.findByText('服务器发生错误，请稍后再试')).toBeInTheDocument();
    await noticesSettled();
    expect(toasts()).toEqual(['服务器发生错误，请稍后再试']);
  });

  it('three 500s whose body has no message key (an "Internal Server Error" page or text): one toast in zh-CN', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const replies: Reply[] = [
      { status: 500, data: envelope({ errMessage: 'Internal Server Error', httpStatusCode: 500 }) },
      { status: 500, data: '<html>Internal Server Error</html>' },
      { status: 500, data: '' },
    ];
    await Promise.all(replies.map((reply, index) => send(`/x${index}`, reply).catch(() => undefined)));
    expect(await screen.findByText('服务器响应状态码:500')).toBeInTheDocument();
    await noticesSettled();
    expect(toasts()).toEqual(['服务器响应状态码:500']);
    expect(document.body.textContent).not.toContain('Internal Server Error');
  });

  it('different failures keep their own toasts', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    await Promise.all([send('/a', { status: 422, data: envelope({ errMessage: '餘額不足' }) }), send('/b', { status: 502, data: '' })].map((call) => call.catch(() => undefined)));
    expect(await screen.findByText('餘額不足')).toBeInTheDocument();
    expect(await screen.findByText('服务器响应状态码:502')).toBeInTheDocument();
  });

  it.each([
    ['zh-TW', '伺服器回應狀態碼:503', '沒有收到伺服器的回應，請檢查網路後重試'],
    ['en-US', 'The server answered with status 503', 'No answer from the server. Check your connection and try again.'],
  ])('%s: the texts of a status and of no answer', async (locale, status, noAnswer) => {
    await ensureLocale(locale);
    localStorage.setItem('umi_locale', locale);
    await send('/a', { status: 503, data: '' }).catch(() => undefined);
    await send('/b', { noResponse: true }).catch(() => undefined);
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(await screen.findByText(noAnswer)).toBeInTheDocument();
  });
});

describe('a session the server ended: the login page is told why', () => {
  it.each([
    ['UNAUTHORIZED', 'revoked'],
    ['TOKEN_EXPIRED', 'expired'],
  ])('a 401 %s to a call with a token: %s', async (errCode, reason) => {
    setSession('tok', { uid: '1' });
    await send('/x', { status: 401, data: envelope({ errCode, httpStatusCode: 401 }) }).catch(() => undefined);
    expect(readSessionEnded()).toBe(reason);
  });

  it('a 401 without a stored token (never signed in) gives no reason', async () => {
    await send('/x', { status: 401, data: envelope({ errCode: 'UNAUTHORIZED', httpStatusCode: 401 }) }).catch(() => undefined);
    expect(readSessionEnded()).toBeUndefined();
  });
});

describe('diagnostics text', () => {
  it('names URL, status, body, headers, status code, message and time, never the request token', () => {
    const text = formatDiagnostics({
      url: '/api/v1/web/x',
      method: 'post',
      status: 500,
      statusText: 'Internal Server Error',
      body: { success: false },
      headers: { 'content-type': 'application/json' },
      statusCode: 500,
      message: '伺服器錯誤',
      time: new Date(2024, 0, 2, 3, 4, 5),
    });
    expect(text).toContain('POST /api/v1/web/x');
    expect(text).toContain('500 Internal Server Error');
    expect(text).toContain('"success": false');
    expect(text).toContain('application/json');
    expect(text).toContain('伺服器錯誤');
    expect(text).toContain('2024-01-02 03:04:05');
    expect(text).not.toMatch(/Bearer/);
  });
});
