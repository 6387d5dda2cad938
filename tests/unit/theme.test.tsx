/** Theme (light on a light system, dark toggle kept in localStorage `theme`), primary colour and RTL. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { createPluginManager } from '@@/core/plugin';
import React from 'react';
import AppProviders from '@/components/AppProviders';
import ThemeToggle from '@/components/ThemeToggle';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

createPluginManager();

function Probe() {
  const { token } = theme.useToken();
  const { direction } = React.useContext(ConfigProvider.ConfigContext);
  return <div data-testid="probe" data-primary={token.colorPrimary} data-bg={token.colorBgContainer} data-dir={direction ?? 'ltr'} />;
}

function renderApp() {
  return render(
    <AppProviders>
      <ThemeToggle />
      <Probe />
    </AppProviders>,
  );
}

const probe = () => screen.getByTestId('probe');

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  localStorage.setItem('umi_locale', 'zh-CN');
});

describe('theme', () => {
  it('starts light with the primary colour #0066f5', () => {
    renderApp();
    expect(probe()).toHaveAttribute('data-primary', '#0066f5');
    expect(probe()).toHaveAttribute('data-bg', '#ffffff');
  });

  it('the toggle switches to dark, writes localStorage `theme`, and back to light', () => {
    renderApp();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '切换到深色模式' }));
    });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(probe().getAttribute('data-bg')).not.toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('dark');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '切换到浅色模式' }));
    });
    expect(localStorage.getItem('theme')).toBe('light');
    expect(probe()).toHaveAttribute('data-bg', '#ffffff');
  });

  it('gives plain text the theme\'s text colour, light and dark', () => {
    renderApp();
    const lightText = screen.getByTestId('base-text').style.color;
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '切换到深色模式' }));
    });
    expect(screen.getByTestId('base-text').style.color).not.toBe(lightText);
    expect(lightText).toBe('rgba(0, 0, 0, 0.88)');
  });

  it('restores the dark theme kept in localStorage', () => {
    localStorage.setItem('theme', 'dark');
    renderApp();
    expect(probe().getAttribute('data-bg')).not.toBe('#ffffff');
    expect(screen.getByRole('button', { name: '切换到浅色模式' })).toBeInTheDocument();
  });
});

describe('direction', () => {
  it.each(['he-IL', 'ar-EG', 'fa-IR', 'ku'])('lays %s out right-to-left', (locale) => {
    localStorage.setItem('umi_locale', locale);
    renderApp();
    expect(probe()).toHaveAttribute('data-dir', 'rtl');
    expect(screen.getByTestId('base-text')).toHaveAttribute('dir', 'rtl');
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'])('lays %s out left-to-right', (locale) => {
    localStorage.setItem('umi_locale', locale);
    renderApp();
    expect(probe()).toHaveAttribute('data-dir', 'ltr');
    expect(screen.getByTestId('base-text')).toHaveAttribute('dir', 'ltr');
  });
});
