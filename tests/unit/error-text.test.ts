/**
 * A server error in the interface's language. The wire asks for zh-TW (errMessage is
 * Traditional Chinese); the envelope's errKey/errParams are rendered from the server's own
 * catalogue of the active locale (contract/messages), and a schema failure becomes a sentence a
 * person understands. A key the browser does not know, or missing parameters, fall back to
 * errMessage (else errCode).
 */
import { fillMessage } from '../../contract/messages/fill';
import { enUS } from '../../contract/messages/en-US';
import { zhCN } from '../../contract/messages/zh-CN';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';
import { errorTextOf, loadErrorCatalogue, renderErrorText, type ErrorCatalogue } from '@/utils/errorText';

const CATALOGUES: Record<'zh-CN' | 'zh-TW' | 'en-US', ErrorCatalogue> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

/** An envelope as the server sends it: the zh-TW text, the key and the parameters. */
function wire(key: MessageKey, params: Record<string, string | number> = {}) {
  return { errCode: 'BUSINESS_RULE', errMessage: fillMessage(zhTW[key], params), errKey: key, errParams: params };
}

/** Characters only Traditional Chinese writes (the server's zh-TW texts use them). */
const TRADITIONAL = /[碼錯誤還嘗試訂單欄確請輸資幣額發貨訊號帳戶頁簽當處數]/;

describe('rendering by key, per locale', () => {
  it.each([
    ['zh-CN', '支付密码错误，还可尝试 4 次', '订单不存在'],
    ['zh-TW', '支付密碼錯誤，還可嘗試 4 次', '訂單不存在'],
    ['en-US', 'Wrong pay password, 4 tries left', 'Order not found'],
  ] as const)('%s', (locale, wrongPassword, noOrder) => {
    const catalogue = CATALOGUES[locale];
    expect(renderErrorText(wire('payPassword.wrong', { remaining: 4 }), catalogue)).toBe(wrongPassword);
    expect(renderErrorText(wire('mall.orderNotFound'), catalogue)).toBe(noOrder);
  });

  it('zh-CN and en-US never show the wire’s Traditional Chinese, for any key of the catalogue', () => {
    const sample = { remaining: 4, minutes: 15, seconds: 3, field: 'amount', limit: 6, currency: 'USDT', code: 'AB12', max: 20, stock: 3, unit: 'TH/s', min: '1', needed: '9', available: '2', short: '1', amount: '5', fee: '1', required: '6', to: '100777', from: 'BTC', left: '3', network: 'ERC20', uid: '100001', method: 'GET', url: '/x', allow: 'POST', receiverMax: 20, regionMax: 20, detailMin: 5, detailMax: 120, decimals: 8, label: 'X', saved: 'BEP20', time: '2026-01-01 08:00:00', seen: '5 USDT' };
    for (const key of Object.keys(zhTW) as MessageKey[]) {
      const cn = renderErrorText(wire(key, sample), zhCN);
      expect([key, TRADITIONAL.test(cn)]).toEqual([key, false]);
      const en = renderErrorText(wire(key, sample), enUS);
      expect([key, /[\u3400-\u9fff]/.test(en)]).toEqual([key, false]);
    }
  });

  it('falls back to errMessage for a key the browser does not know, then to errCode', () => {
    expect(renderErrorText({ errKey: 'some.newKey', errMessage: '新的錯誤', errCode: 'X' }, zhCN)).toBe('新的錯誤');
    expect(renderErrorText({ errKey: 'some.newKey', errMessage: '', errCode: 'X' }, zhCN)).toBe('X');
    // no key at all (an older server, a proxy's envelope)
    expect(renderErrorText({ errMessage: '餘額不足', errCode: 'INSUFFICIENT_BALANCE' }, zhCN)).toBe('餘額不足');
    // inherited names of an object are not keys
    expect(renderErrorText({ errKey: 'constructor', errMessage: '錯誤' }, zhCN)).toBe('錯誤');
    // without a catalogue (it could not load)
    expect(renderErrorText(wire('mall.orderNotFound'), undefined)).toBe('訂單不存在');
  });

  it('falls back to errMessage when a parameter of the text is missing, never shows a placeholder', () => {
    const envelope = { errKey: 'payPassword.wrong', errParams: {}, errMessage: '支付密碼錯誤，還可嘗試 3 次' };
    expect(renderErrorText(envelope, zhCN)).toBe('支付密碼錯誤，還可嘗試 3 次');
  });

  it('parameters are text: markup in them stays as written (the notice renders text, never HTML)', () => {
    expect(renderErrorText(wire('transfer.unknownRecipient', { to: '%3Cb%3E' }), zhCN)).toBe('找不到收款人：%3Cb%3E（请输入 PowerFi 用户的 UID 或钱包地址）');
  });
});

describe('schema failures become a sentence a person understands', () => {
  const validation = (key: MessageKey, params: { field: string; limit?: number }) => ({
    errCode: 'VALIDATION_FAILED',
    errMessage: fillMessage(zhTW[key], { ...params, field: params.field || zhTW['validation.body'] }),
    errKey: key,
    errParams: params,
  });

  it.each([
    // a field without a label (a path parameter "id"): the general sentence
    ['zh-CN', 'validation.pattern', { field: 'id' }, '请检查输入的内容后再试'],
    ['zh-TW', 'validation.pattern', { field: 'id' }, '請檢查輸入的內容後再試'],
    ['en-US', 'validation.pattern', { field: 'id' }, 'Please check what you entered and try again'],
    // the body itself, or a field the caller made up
    ['zh-CN', 'validation.type', { field: '' }, '请检查输入的内容后再试'],
    ['zh-CN', 'validation.unknownField', { field: 'isAdmin' }, '请检查输入的内容后再试'],
    // a labelled field, by rule
    ['zh-CN', 'validation.required', { field: 'receiver' }, '请填写收货人'],
    ['zh-TW', 'validation.required', { field: 'receiver' }, '請填寫收貨人'],
    ['en-US', 'validation.required', { field: 'receiver' }, 'Recipient name is required'],
    ['zh-CN', 'validation.pattern', { field: 'amount' }, '金额不正确，请检查后再试'],
    ['en-US', 'validation.pattern', { field: 'amount' }, 'Amount is not valid, please check it'],
    ['zh-CN', 'validation.amount', { field: 'amount' }, '金额必须是最多 8 位小数的数字'],
    ['zh-CN', 'validation.maxLength', { field: 'detail', limit: 120 }, '详细地址最多 120 个字符'],
    ['zh-CN', 'validation.minLength', { field: 'code', limit: 4 }, '邀请码至少需要 4 个字符'],
    ['en-US', 'validation.minimum', { field: 'units', limit: 1 }, 'Units must not be less than 1'],
    // the last named part of a path names the field
    ['zh-CN', 'validation.maximum', { field: 'items.0.quantity', limit: 99 }, '数量不能大于 99'],
    // a rule with a limit that did not come: the general sentence for the field
    ['zh-CN', 'validation.maximum', { field: 'quantity' }, '数量不正确，请检查后再试'],
    // a sentence that names no field is already one a person reads
    ['zh-CN', 'validation.payPassword', { field: 'payPassword' }, '支付密码必须是 6 位数字'],
    ['en-US', 'validation.payPassword', { field: 'payPassword' }, 'The pay password must be 6 digits'],
  ] as const)('%s %s %j → %s', (locale, key, params, text) => {
    expect(renderErrorText(validation(key, params), CATALOGUES[locale])).toBe(text);
  });

  it('never shows the technical wire text ("欄位「id」的格式不正確") in any language', () => {
    const envelope = validation('validation.pattern', { field: 'id' });
    expect(envelope.errMessage).toBe('欄位「id」的格式不正確');
    for (const catalogue of Object.values(CATALOGUES)) {
      const text = renderErrorText(envelope, catalogue);
      expect(text).not.toMatch(/「|"id"|欄位|字段|Field/);
    }
  });

  it('every label names a real field of a request (contract/messages field.<name>)', () => {
    const labels = Object.keys(zhTW).filter((key) => key.startsWith('field.'));
    expect(labels.length).toBeGreaterThan(10);
    for (const catalogue of Object.values(CATALOGUES)) {
      for (const key of labels) expect([key, catalogue[key as MessageKey].trim().length > 0]).toEqual([key, true]);
    }
  });
});

describe('loading the catalogue of the active locale', () => {
  it('loads each language once, and a locale without its own catalogue uses zh-CN (the interface’s fallback)', async () => {
    expect(await loadErrorCatalogue('en-US')).toBe(enUS);
    expect(await loadErrorCatalogue('zh-TW')).toBe(zhTW);
    expect(await loadErrorCatalogue('zh-CN')).toBe(zhCN);
    expect(await loadErrorCatalogue('fr-FR')).toBe(zhCN);
  });

  it('errorTextOf renders in the given locale, and needs no catalogue without a key', async () => {
    const envelope = wire('payPassword.wrong', { remaining: 2 });
    expect(await errorTextOf(envelope, 'zh-CN')).toBe('支付密码错误，还可尝试 2 次');
    expect(await errorTextOf(envelope, 'en-US')).toBe('Wrong pay password, 2 tries left');
    expect(await errorTextOf({ errMessage: '餘額不足', errCode: 'INSUFFICIENT_BALANCE' })).toBe('餘額不足');
  });
});
