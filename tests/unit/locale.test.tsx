/**
 * Locales: zh-CN, zh-TW and en-US have the same keys; only zh-CN is in the first load, the others
 * load on demand; every route has its title; the locale choice (localStorage, else the browser
 * language, else zh-CN); the generic form messages reach antd forms; the switcher.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { getAllLocales, getIntl, getLocale, useIntl } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import fs from 'fs';
import path from 'path';
import routes from '../../config/routes';
import AppProviders from '@/components/AppProviders';
import LanguageSwitch from '@/components/LanguageSwitch';
import { ensureLocale, LAZY_LOCALES } from '@/locales/load';
import { localeDirection, messageLocale } from '@/locales/supported';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

createPluginManager();

const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
const SRC = path.join(__dirname, '../../src');

/** A locale's full message set (src/locales/<locale>/index.ts). */
function load(locale: string): Record<string, string> {
  return require(path.join(SRC, 'locales', locale)).default;
}

/** The files Umi's locale plugin bundles: `<locale>.ts` in src/locales and in any locales/ folder of a page. */
function filesUmiBundles(): string[] {
  const named = /^[a-z]{2}-?([A-Z]{2})?\.(js|json|ts)$/;
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return path.basename(dir) === 'locales' && named.test(entry.name) ? [path.relative(SRC, full)] : [];
    });
  return [...fs.readdirSync(path.join(SRC, 'locales')).filter((name) => named.test(name)).map((name) => `locales/${name}`), ...walk(path.join(SRC, 'pages'))];
}

describe('message files', () => {
  it('the three locales have identical keys, none empty', () => {
    const keys = LOCALES.map((locale) => Object.keys(load(locale)).sort());
    expect(keys[0]).toContain('login.heading');
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(load(locale))) {
        expect([key, typeof text === 'string' && text.trim().length > 0]).toEqual([key, true]);
      }
    }
  });

  it('only zh-CN is in the first load: Umi bundles no message file of another locale', () => {
    expect(filesUmiBundles()).toEqual(['locales/zh-CN.ts']);
    expect(require(path.join(SRC, 'locales/zh-CN.ts')).default).toEqual(load('zh-CN'));
  });

  it('loads zh-TW and en-US on demand, with their messages, antd and dayjs locale', async () => {
    expect(LAZY_LOCALES.sort()).toEqual(['en-US', 'zh-TW']);
    for (const locale of LAZY_LOCALES) {
      await ensureLocale(locale);
      expect(getAllLocales()).toContain(locale);
      expect(getIntl(locale, true).formatMessage({ id: 'login.heading' })).toBe(load(locale)['login.heading']);
    }
    expect(getIntl('zh-TW', true).formatMessage({ id: 'menu.home' })).toBe('首頁');
    expect(getIntl('en-US', true).formatMessage({ id: 'menu.home' })).toBe('Home');
  });

  it('name every route of the route table in every locale (menu.<names along the path>)', () => {
    const ids: string[] = [];
    interface NamedRoute {
      name?: string;
      routes?: NamedRoute[];
    }
    const walk = (list: NamedRoute[], names: string[]) => {
      for (const route of list) {
        const here = route.name ? [...names, route.name] : names;
        if (route.name) ids.push(['menu', ...here].join('.'));
        if (route.routes) walk(route.routes, here);
      }
    };
    walk(routes as NamedRoute[], []);
    expect(ids).toContain('menu.my.addressEdit');
    for (const locale of LOCALES) {
      const messages = load(locale);
      expect(ids.filter((id) => !messages[id])).toEqual([]);
    }
  });

  it('contain no placeholder texts', () => {
    for (const locale of LOCALES) {
      const texts = Object.values(load(locale)).join('\n');
      expect(texts).not.toMatch(/TODO|FIXME|敬请期待|coming soon/i);
    }
  });
});

describe('locale choice', () => {
  const setBrowserLanguage = (language: string) =>
    Object.defineProperty(window.navigator, 'language', { configurable: true, get: () => language });

  beforeEach(() => localStorage.clear());

  it('takes the localStorage choice first', () => {
    setBrowserLanguage('en-US');
    localStorage.setItem('umi_locale', 'zh-TW');
    expect(getLocale()).toBe('zh-TW');
  });

  it('falls back to the browser language', () => {
    setBrowserLanguage('en-US');
    expect(getLocale()).toBe('en-US');
  });

  it('falls back to zh-CN when neither says anything', () => {
    setBrowserLanguage('');
    expect(getLocale()).toBe('zh-CN');
  });

  it('uses zh-CN messages for a language we have no messages for, and RTL only for he/ar/fa/ku', () => {
    expect(messageLocale('fr-FR')).toBe('zh-CN');
    expect(messageLocale('zh-TW')).toBe('zh-TW');
    expect(localeDirection('ar-EG')).toBe('rtl');
    expect(localeDirection('ku')).toBe('rtl');
    expect(localeDirection('en-US')).toBe('ltr');
    expect(localeDirection('hr-HR')).toBe('ltr');
  });
});

function Home() {
  return <span data-testid="home">{useIntl().formatMessage({ id: 'menu.home' })}</span>;
}

function AddressForm() {
  return (
    <Form onFinish={() => {}}>
      <Form.Item name="receiver" label="收货人" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item name="detail" label="Detail" rules={[{ max: 3 }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">submit</Button>
    </Form>
  );
}

describe('generic form messages and the language switcher', () => {
  beforeEach(() => localStorage.clear());

  it('antd forms say "请输入{label}" in zh-CN', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    render(
      <AppProviders>
        <AddressForm />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('请输入收货人')).toBeInTheDocument();
  });

  it('antd forms say "Please enter {label}" and the length limit in en-US', async () => {
    localStorage.setItem('umi_locale', 'en-US');
    await ensureLocale('en-US'); // as src/app.tsx's render does before the first render
    render(
      <AppProviders>
        <AddressForm />
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Detail'), { target: { value: 'too long' } });
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Please enter 收货人')).toBeInTheDocument();
    expect(await screen.findByText('Detail cannot be longer than 3 characters')).toBeInTheDocument();
  });

  it('switches language without a reload and remembers it in localStorage umi_locale', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    render(
      <AppProviders>
        <LanguageSwitch />
        <Home />
      </AppProviders>,
    );
    expect(screen.getByTestId('home')).toHaveTextContent('首页');
    fireEvent.click(screen.getByRole('button', { name: /切换语言/ }));
    await act(async () => {
      fireEvent.click(await screen.findByText('English'));
    });
    await waitFor(() => expect(screen.getByTestId('home')).toHaveTextContent('Home'));
    expect(localStorage.getItem('umi_locale')).toBe('en-US');
  });
});
