/**
 * Every call names the interface language in X-Locale (the wire fixes Accept-Language at zh-TW),
 * so the server answers names and texts in it: the user app's request layer and the console's
 * client alike. A language the app has no messages in is sent as the fallback, zh-CN.
 */
// Umi's exports first, as in the app's entry (they load src/app.tsx, which imports the request layer)
import { getLocale, type RequestOptions } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import { requestConfig } from '@/requestErrorConfig';
import { adminGet } from '@/admin/http';
import { messageLocale } from '@/locales/supported';

// getLocale() asks the app's runtime plugins first
createPluginManager();

const LOCALES = ['zh-CN', 'zh-TW', 'en-US'];

function userAppHeaders(): Record<string, unknown> {
  const [addHeaders] = requestConfig.requestInterceptors ?? [];
  return ((addHeaders as (config: RequestOptions) => RequestOptions)({ url: '/api/v1/web/product/power', headers: {} }).headers ?? {}) as Record<string, unknown>;
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue({ status: 200, ok: true, json: async () => ({ success: true, data: {} }) });
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => localStorage.clear());

describe('X-Locale', () => {
  it.each(LOCALES)('the user app sends %s with Accept-Language zh-TW', (locale) => {
    localStorage.setItem('umi_locale', locale);
    expect(userAppHeaders()).toMatchObject({ 'Accept-Language': 'zh-TW', 'X-Locale': locale });
  });

  it.each(LOCALES)('the console sends %s with Accept-Language zh-TW', async (locale) => {
    localStorage.setItem('umi_locale', locale);
    await adminGet('/api/v1/admin/me');
    const [, init] = fetchMock.mock.calls[0] as [string, { headers: Record<string, string> }];
    expect(init.headers).toMatchObject({ 'Accept-Language': 'zh-TW', 'X-Locale': locale });
  });

  it('sends the fallback zh-CN for a language without messages', () => {
    localStorage.setItem('umi_locale', 'ja-JP');
    expect(userAppHeaders()['X-Locale']).toBe('zh-CN');
  });

  it.each([['zh-TW', 'en-US'], [null, 'en-US'], [null, 'zh-TW'], [null, 'fr-FR']])('names the language Umi\'s getLocale() gives (stored %s, browser %s)', (stored, browser) => {
    if (stored) localStorage.setItem('umi_locale', stored);
    const language = jest.spyOn(navigator, 'language', 'get').mockReturnValue(browser);
    try {
      expect(userAppHeaders()['X-Locale']).toBe(messageLocale(getLocale()));
      expect(userAppHeaders()['X-Locale']).toBe(messageLocale(stored ?? browser));
    } finally {
      language.mockRestore();
    }
  });
});
