/**
 * The document names its language: the served HTML says zh-CN (the default), and the app sets
 * `<html lang>` to the language of the messages it shows, at start and on every change.
 */
import { act, render } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { setLocale } from '@umijs/max';
import { load } from '@umijs/utils/compiled/cheerio';
import { addAppShell } from '../../plugins/appShell';
import AppProviders from '@/components/AppProviders';
import { SHELL_CSS } from '@/components/BlankPlaceholder/shell';

jest.setTimeout(120_000);

createPluginManager();

const UMI_HTML = '<!DOCTYPE html><html><head></head><body><div id="root"></div><script src="/umi.1.js"></script></body></html>';

afterEach(() => localStorage.clear());

describe('the served document', () => {
  it('has lang="zh-CN"', () => {
    const $ = addAppShell(load(UMI_HTML));
    expect($('html').attr('lang')).toBe('zh-CN');
  });

  it('paints its shell dark on a dark system unless light was chosen', () => {
    const systemDark = SHELL_CSS.slice(SHELL_CSS.indexOf('@media (prefers-color-scheme:dark){'));
    expect(systemDark).toContain('html:not([data-theme=light]) .pf-shell{background:#000000}');
    expect(systemDark).toContain('html:not([data-theme=light]) .pf-shell-header,html:not([data-theme=light]) .pf-shell-tabs{background:#141414');
  });
});

describe('the app', () => {
  it.each(['zh-TW', 'en-US', 'zh-CN'])('sets lang to %s at start when that is the chosen language', (locale) => {
    localStorage.setItem('umi_locale', locale);
    document.documentElement.lang = '';
    render(<AppProviders>text</AppProviders>);
    expect(document.documentElement.lang).toBe(locale);
  });

  it('follows a language change', () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    render(<AppProviders>text</AppProviders>);
    act(() => setLocale('en-US', false));
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('names the fallback messages (zh-CN) for a language it has no messages in', () => {
    localStorage.setItem('umi_locale', 'ja-JP');
    render(<AppProviders>text</AppProviders>);
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
