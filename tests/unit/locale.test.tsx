/**
 * Locales: every message file set (src/locales and each page's locales/) has the same keys in
 * zh-CN, zh-TW and en-US; every route has its title; the locale choice (localStorage, else the
 * browser language, else zh-CN); the generic form messages reach antd forms; the switcher.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { getLocale, useIntl } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import fs from 'fs';
import path from 'path';
import routes from '../../config/routes';
import AppProviders from '@/components/AppProviders';
import LanguageSwitch from '@/components/LanguageSwitch';
import { localeDirection, messageLocale } from '@/locales/supported';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

createPluginManager();

const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
const SRC = path.join(__dirname, '../../src');

function messageFolders(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.name === 'locales' ? [full, ...messageFolders(full)] : messageFolders(full);
  });
}

function load(folder: string, locale: string): Record<string, string> {
  return require(path.join(folder, `${locale}.ts`)).default;
}

describe('message files', () => {
  const folders = messageFolders(SRC).filter((folder) => fs.existsSync(path.join(folder, 'zh-CN.ts')));

  it('include the app-wide set in src/locales', () => {
    expect(folders).toContain(path.join(SRC, 'locales'));
  });

  it.each(folders.map((folder) => [path.relative(SRC, folder), folder]))('%s: the three locales have identical keys, none empty', (_name, folder) => {
    const keys = LOCALES.map((locale) => Object.keys(load(folder, locale)).sort());
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(load(folder, locale))) {
        expect([key, typeof text === 'string' && text.trim().length > 0]).toEqual([key, true]);
      }
    }
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
    walk(routes, []);
    expect(ids).toContain('menu.my.addressEdit');
    for (const locale of LOCALES) {
      const messages = load(path.join(SRC, 'locales'), locale);
      expect(ids.filter((id) => !messages[id])).toEqual([]);
    }
  });

  it('contain no placeholder texts', () => {
    for (const locale of LOCALES) {
      const texts = Object.values(load(path.join(SRC, 'locales'), locale)).join('\n');
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
