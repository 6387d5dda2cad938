/**
 * The conversion sheet on /my/assets: the server's pairs with their minimum and maximum and their
 * market rate (age, the coin's 24-hour change, 演示行情), a quote (rate, fee, exact amount received)
 * only for an amount within them and a pair with a usable price, an expired quote that cannot be
 * confirmed until it is fetched again, the pay-password confirmation (a price that moved brings a
 * new quote), and the records.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountApi } from '@/services';
import { CONVERT, CONVERT_QUOTE } from './pages.fixtures';
import { button, callsOf, choose, clearToasts, confirmWithPayPassword, field, findFieldError, findSheet, findToast, IDEMPOTENCY_KEY, openMoneyPage, optionsOf, pause, press, refuseNext, resetMoneyScreens, serverError, SLOW, TEST_TIMEOUT, type, waitForCalls } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

// the fixtures: USDT→BTC 10 ~ 100000 and BTC→USDT 0.0002 ~ 2; balances 10000 USDT and 0.05 BTC.
// The quote's figures differ from the pair's list rate: the sheet must show the server's quote.
const QUOTE = { ...CONVERT_QUOTE, rate: '0.0000102', fee: '0.00000204', received: '0.00099796' };
/** how long the sheet waits after the last keystroke before asking for a quote */
const DEBOUNCE_MS = 400;

/** /my/assets with the conversion sheet opened from its button. */
async function openConvertSheet(): Promise<HTMLElement> {
  openMoneyPage('/my/assets');
  await screen.findByTestId('balance-USDT', undefined, SLOW);
  press('币币兑换');
  return findSheet('币币兑换');
}

async function quoteFor(sheet: HTMLElement, amount: string): Promise<HTMLElement> {
  await type('兑换数量', amount);
  return within(sheet).findByTestId('convert-quote', undefined, SLOW);
}

beforeEach(() => {
  resetMoneyScreens();
  (accountApi.convert as jest.Mock).mockResolvedValue(CONVERT);
  (accountApi.convertQuote as jest.Mock).mockResolvedValue(QUOTE);
});
afterEach(clearToasts);

describe('pairs and limits', () => {
  it('offers the server’s pairs: each currency to pay with, and only the currencies it converts to', async () => {
    await openConvertSheet();
    expect(await optionsOf('支付币种')).toEqual(['USDT', 'BTC']);
    expect(await optionsOf('获得币种')).toEqual(['BTC']);
    await choose('获得币种', 'BTC');
    await choose('支付币种', 'BTC');
    // another currency to pay with clears the one to receive
    await waitFor(() => expect(document.querySelector('[title="BTC"].ant-select-selection-item')).not.toBeNull(), SLOW);
    expect(document.querySelectorAll('.ant-select-selection-item')).toHaveLength(1);
    expect(await optionsOf('获得币种')).toEqual(['USDT']);
  });

  it('shows the pair’s minimum and maximum and the available balance; Max fills in the whole balance', async () => {
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    const amountItem = within(sheet).getByLabelText('兑换数量').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(amountItem).toHaveTextContent('可用 10,000 USDT · 单笔 10 ~ 100000 USDT'), SLOW);
    press('最大', sheet);
    await waitFor(() => expect(field('兑换数量').value).toBe('10000'), SLOW);
  });

  it.each([
    ['USDT', 'BTC', '9.99999999', '最少 10 USDT'],
    ['USDT', 'BTC', '100000.00000001', '最多 100000 USDT'],
    ['USDT', 'BTC', '10000.00000001', '余额不足：可用 10000 USDT'],
    ['BTC', 'USDT', '0.00019999', '最少 0.0002 BTC'],
    ['BTC', 'USDT', '2.00000001', '最多 2 BTC'],
    ['BTC', 'USDT', '0.05000001', '余额不足：可用 0.05 BTC'],
    ['USDT', 'BTC', '10.000000001', '最多 8 位小数'],
  ])('%s→%s %s is refused in the browser (%s) and never quoted', async (from, to, amount, text) => {
    const sheet = await openConvertSheet();
    if (from !== 'USDT') await choose('支付币种', from);
    await choose('获得币种', to);
    await type('兑换数量', amount);
    await findFieldError('兑换数量', text);
    await pause(DEBOUNCE_MS * 2);
    expect(accountApi.convertQuote).not.toHaveBeenCalled();
    expect(within(sheet).queryByTestId('convert-quote')).toBeNull();
    expect(button('兑换', sheet)).toBeDisabled();
  });
});

describe('quote and confirmation', () => {
  it('shows the server’s rate, fee and exact amount received, and converts that quote with the pay password', async () => {
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    const quote = await quoteFor(sheet, '100');
    expect(callsOf(accountApi.convertQuote)).toEqual([[{ from: 'USDT', to: 'BTC', amount: '100' }, { skipErrorHandler: true }]]);
    expect(quote).toHaveTextContent('汇率1 USDT = 0.0000102 BTC');
    expect(quote).toHaveTextContent('手续费0.00000204 BTC');
    expect(quote).toHaveTextContent('实际到账0.00099796 BTC');
    expect(quote).toHaveTextContent(/报价有效期(30|29) 秒/);

    press('兑换', sheet);
    const confirm = await findSheet('确认兑换');
    expect(confirm).toHaveTextContent('支付 100 USDT，到账 0.00099796 BTC');
    await confirmWithPayPassword(confirm, '123456');
    await waitForCalls(accountApi.convertCreate, 1);
    const [body, options] = callsOf(accountApi.convertCreate)[0];
    expect(body).toEqual({ quoteId: 'q-1', payPassword: '123456' });
    // refusals come back to the sheet (PRICE_MOVED is answered with a new quote; the others are shown as usual)
    expect(options).toEqual({ skipErrorHandler: true, headers: { 'Idempotency-Key': expect.stringMatching(IDEMPOTENCY_KEY) } });
    expect(await findToast('兑换成功')).toBeInTheDocument();
    // balances and records are fetched again
    await waitFor(() => expect(accountApi.account).toHaveBeenCalledTimes(2), SLOW);
    await waitFor(() => expect(accountApi.convert).toHaveBeenCalledWith({ page: 1, pageSize: 20, count: false }), SLOW);
    expect((accountApi.convert as jest.Mock).mock.calls.filter(([query]) => query.pageSize === 20).length).toBeGreaterThanOrEqual(2);
  });

  it('an expired quote cannot be confirmed until a new one is fetched, and the new one is the one converted', async () => {
    (accountApi.convertQuote as jest.Mock)
      .mockResolvedValueOnce({ ...QUOTE, expiresInSeconds: 1 })
      .mockResolvedValueOnce({ ...QUOTE, quoteId: 'q-2', received: '0.00099' });
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    await quoteFor(sheet, '100');
    expect(button('兑换', sheet)).not.toBeDisabled();

    const requote = await within(sheet).findByText('报价已过期，重新报价', undefined, SLOW);
    expect(button('兑换', sheet)).toBeDisabled();
    fireEvent.click(requote);
    await waitForCalls(accountApi.convertQuote, 2);
    expect(callsOf(accountApi.convertQuote)[1][0]).toEqual({ from: 'USDT', to: 'BTC', amount: '100' });
    await waitFor(() => expect(within(sheet).getByTestId('convert-quote')).toHaveTextContent('实际到账0.00099 BTC'), SLOW);
    expect(button('兑换', sheet)).not.toBeDisabled();

    press('兑换', sheet);
    await confirmWithPayPassword(await findSheet('确认兑换'), '123456');
    await waitForCalls(accountApi.convertCreate, 1);
    expect(callsOf(accountApi.convertCreate)[0][0]).toEqual({ quoteId: 'q-2', payPassword: '123456' });
  });

  it('shows the server’s refusal of a quote in the sheet and offers nothing to confirm', async () => {
    // the price became unusable between the pairs' answer and the quote
    refuseNext(accountApi.convertQuote, serverError('PRICE_UNAVAILABLE', 'price.unavailable', { currency: 'BTC' }, { currency: 'BTC', reason: 'stale' }));
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    await type('兑换数量', '100');
    expect(await within(sheet).findByText('BTC 行情暂不可用，请稍后再试', { selector: '.ant-alert-message' }, SLOW)).toBeInTheDocument();
    expect(within(sheet).queryByTestId('convert-quote')).toBeNull();
    expect(button('兑换', sheet)).toBeDisabled();
  });

  it('shows any other refusal at confirmation (a quote already used) as a toast, keeps the confirmation and converts nothing', async () => {
    refuseNext(accountApi.convertCreate, serverError('BUSINESS_RULE', 'convert.quoteUsed'));
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    await quoteFor(sheet, '100');
    press('兑换', sheet);
    const confirm = await findSheet('确认兑换');
    await confirmWithPayPassword(confirm, '123456');
    expect(await findToast('此报价已使用')).toBeInTheDocument();
    expect(within(confirm).getByLabelText('支付密码')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('convert-requoted')).toBeNull();
    expect(screen.queryByText('兑换成功')).toBeNull();
    expect(accountApi.account).toHaveBeenCalledTimes(1);
    expect(callsOf(accountApi.convertQuote)).toHaveLength(1);
  });
});

describe('the market rate', () => {
  it('shows the pair’s rate with its age counting up, the coin’s 24-hour change, and no 演示行情 for real prices', async () => {
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    const price = await within(sheet).findByTestId('convert-price', undefined, SLOW);
    // the fixtures: USDT→BTC at 0.00001, 3 s old; BTC +2.50 % over 24 hours
    expect(price).toHaveTextContent('1 USDT = 0.00001 BTC');
    expect(price).toHaveTextContent('24h +2.50%');
    expect(within(price).getByTestId('price-change').querySelector('.ant-typography-success')).not.toBeNull();
    expect(price).not.toHaveTextContent('演示行情');
    expect(within(price).getByTestId('price-age')).toHaveTextContent(/更新于 [34] 秒前/);
    await waitFor(() => expect(within(price).getByTestId('price-age')).toHaveTextContent(/更新于 [5-9] 秒前/), SLOW);
    expect(within(sheet).queryByTestId('convert-price-unavailable')).toBeNull();
  });

  it('labels a rate and a quote from the demo feed 演示行情', async () => {
    (accountApi.convert as jest.Mock).mockResolvedValue({ ...CONVERT, pairs: CONVERT.pairs.map((pair) => ({ ...pair, demo: true })) });
    (accountApi.convertQuote as jest.Mock).mockResolvedValue({ ...QUOTE, demo: true, priceAt: '2026-01-05 08:00:00' });
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    expect(await within(sheet).findByTestId('convert-price', undefined, SLOW)).toHaveTextContent('演示行情');
    expect(await quoteFor(sheet, '100')).toHaveTextContent('演示行情');
  });

  it.each([
    ['stale', '行情已过期'],
    ['disagree', '行情源不一致'],
    ['fewSources', '行情源不足'],
    ['halted', '已暂停兑换'],
    ['noSource', '暂无行情'],
  ])('a pair without a usable price (%s) says why, asks for no quote and cannot be converted', async (reason, words) => {
    const unpriced = { ...CONVERT.pairs[0], rate: null, unavailable: reason, priceAt: null, priceAgeSeconds: null };
    (accountApi.convert as jest.Mock).mockResolvedValue({ ...CONVERT, pairs: [unpriced, CONVERT.pairs[1]] });
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    expect(await within(sheet).findByTestId('convert-price-unavailable', undefined, SLOW)).toHaveTextContent(`行情暂不可用：${words}，暂时无法兑换`);
    expect(within(sheet).queryByTestId('convert-price')).toBeNull();
    await type('兑换数量', '100');
    await pause(DEBOUNCE_MS * 2);
    expect(accountApi.convertQuote).not.toHaveBeenCalled();
    const submit = within(sheet).getByTestId('convert-submit');
    expect(submit).toBeDisabled();
    expect(submit.textContent?.replace(/\s/g, '')).toBe('行情暂不可用');
  });

  it('a pair priced again is converted again: the sheet keeps its pairs current while open', async () => {
    const unpriced = { ...CONVERT.pairs[0], rate: null, unavailable: 'stale' as const, priceAt: null, priceAgeSeconds: null };
    (accountApi.convert as jest.Mock).mockResolvedValue({ ...CONVERT, pairs: [unpriced, CONVERT.pairs[1]] });
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    await within(sheet).findByTestId('convert-price-unavailable', undefined, SLOW);
    (accountApi.convert as jest.Mock).mockResolvedValue(CONVERT);
    // asked again within the market's poll (10 s)
    await within(sheet).findByTestId('convert-price', undefined, { timeout: 20_000 });
    expect(within(sheet).queryByTestId('convert-price-unavailable')).toBeNull();
    await quoteFor(sheet, '100');
    expect(button('兑换', sheet)).not.toBeDisabled();
  });

  it.each([
    {
      why: 'a price that moved since the quote (PRICE_MOVED)',
      refusal: () => serverError('PRICE_MOVED', 'PRICE_MOVED', {}, { quotedRate: '0.0000102', rate: '0.0000101' }),
      said: '价格已变动，已按最新价格重新报价，请核对后再兑换',
      refusalText: '价格已变动，请重新获取报价',
    },
    {
      why: 'a quote that expired while the pay password was typed',
      refusal: () => serverError('BUSINESS_RULE', 'convert.quoteExpired'),
      said: '报价已过期，已重新报价，请核对后再兑换',
      refusalText: '报价已过期，请重新获取报价',
    },
  ])('$why brings a new quote to check, not just a toast; the new one is converted', async ({ refusal, said, refusalText }) => {
    (accountApi.convertQuote as jest.Mock)
      .mockResolvedValueOnce(QUOTE)
      .mockResolvedValueOnce({ ...QUOTE, quoteId: 'q-2', rate: '0.0000101', received: '0.00100798' });
    refuseNext(accountApi.convertCreate, refusal());
    const sheet = await openConvertSheet();
    await choose('获得币种', 'BTC');
    await quoteFor(sheet, '100');
    press('兑换', sheet);
    await confirmWithPayPassword(await findSheet('确认兑换'), '123456');
    await waitForCalls(accountApi.convertQuote, 2);
    expect(callsOf(accountApi.convertQuote)[1][0]).toEqual({ from: 'USDT', to: 'BTC', amount: '100' });
    expect(await within(sheet).findByTestId('convert-requoted', undefined, SLOW)).toHaveTextContent(said);
    await waitFor(() => expect(within(sheet).getByTestId('convert-quote')).toHaveTextContent('实际到账0.00100798 BTC'), SLOW);
    // the confirmation closed and nothing was converted
    await waitFor(() => expect(screen.queryByText('支付 100 USDT，到账 0.00099796 BTC')).toBeNull(), SLOW);
    expect(screen.queryByText('兑换成功')).toBeNull();
    expect(accountApi.account).toHaveBeenCalledTimes(1);
    // the refusal's own text ("get a new quote") is not toasted: the new quote is already there
    await pause(500);
    expect(screen.queryByText(refusalText)).toBeNull();

    press('兑换', sheet);
    const confirm = await findSheet('确认兑换');
    expect(confirm).toHaveTextContent('支付 100 USDT，到账 0.00100798 BTC');
    await confirmWithPayPassword(confirm, '123456');
    await waitForCalls(accountApi.convertCreate, 2);
    expect(callsOf(accountApi.convertCreate)[1][0]).toEqual({ quoteId: 'q-2', payPassword: '123456' });
    expect(await findToast('兑换成功')).toBeInTheDocument();
  });
});

describe('records', () => {
  it('lists the conversions with what was paid and what was received', async () => {
    openMoneyPage('/my/assets');
    const [record] = await screen.findAllByTestId('convert-record', undefined, SLOW);
    for (const text of ['USDT → BTC', '2026-01-05 08:00:00', '-100 USDT', '+0.000998 BTC']) expect(record).toHaveTextContent(text);
    expect(accountApi.convert).toHaveBeenCalledWith({ page: 1, pageSize: 20, count: false });
  });
});
