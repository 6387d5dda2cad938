/**
 * The shell: bottom tab bar on phones, top navigation on desktops, entries filtered by access,
 * sign-in button when signed out, the shared frame's title and back button.
 */
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn } from './pages.umiMock';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());

// role queries skip jsdom's slow visibility checks (antd injects many style rules)
configure({ defaultHidden: true });

function linkTexts(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('BasicLayout', () => {
  beforeEach(() => setSignedIn(true));

  it('shows a bottom tab bar with icon and label per entry at phone width (375 px), no top navigation', () => {
    setScreenWidth(375);
    renderApp('/');
    const tabBar = screen.getByTestId('tab-bar');
    expect(linkTexts(tabBar)).toEqual(['首页', '算力', '商城', '我的']);
    expect(tabBar.querySelectorAll('.anticon')).toHaveLength(4);
    expect(within(tabBar).getByText('首页').closest('a')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('top-nav')).not.toBeInTheDocument();
  });

  it('treats exactly 768 px as a phone and 769 px as a desktop', () => {
    setScreenWidth(768);
    const phone = renderApp('/');
    expect(screen.getByTestId('tab-bar')).toBeInTheDocument();
    phone.unmount();
    setScreenWidth(769);
    renderApp('/');
    expect(screen.queryByTestId('tab-bar')).not.toBeInTheDocument();
    expect(screen.getByTestId('top-nav')).toBeInTheDocument();
  });

  it('shows the top navigation with logo, language switch and theme toggle at 1280 px', () => {
    setScreenWidth(1280);
    renderApp('/shopping');
    const nav = screen.getByTestId('top-nav');
    expect(within(nav).getByText('算力').closest('a')).toHaveAttribute('href', '/calculate');
    expect(within(nav).getByText('我的')).toBeInTheDocument();
    expect(nav.querySelector('a[aria-current="page"]')).toHaveTextContent('商城');
    expect(nav.querySelectorAll('a .anticon')).toHaveLength(4);
    expect(screen.getByText('PowerFi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /切换语言/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '切换到深色模式' })).toBeInTheDocument();
  });

  it('hides entries the access map forbids: signed out hides 我的, a switched-off flag hides its section', () => {
    setSignedIn(false, { mall: false });
    setScreenWidth(375);
    renderApp('/');
    expect(linkTexts(screen.getByTestId('tab-bar'))).toEqual(['首页', '算力']);
  });

  it('offers a sign-in link carrying the current address when signed out', () => {
    setSignedIn(false);
    setScreenWidth(1280);
    renderApp('/calculate/coin?x=1');
    expect(screen.getByRole('button', { name: /登\s*录/ }).closest('a')).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/calculate/coin?x=1')}`,
    );
  });

  it('shows the short wallet address instead of the sign-in button when signed in', () => {
    setScreenWidth(1280);
    renderApp('/');
    expect(screen.queryByRole('button', { name: /登\s*录/ })).not.toBeInTheDocument();
    expect(screen.getByText('0x1234…5678')).toBeInTheDocument();
  });

  it('navigates through the tab bar', () => {
    setScreenWidth(375);
    renderApp('/');
    act(() => {
      fireEvent.click(within(screen.getByTestId('tab-bar')).getByText('算力'));
    });
    expect(within(screen.getByTestId('shared-frame')).getByRole('heading', { name: '算力产品' })).toBeInTheDocument();
  });
});

describe('shared wrapper', () => {
  beforeEach(() => {
    setSignedIn(true);
    setScreenWidth(1280);
  });

  it('titles a section page from its route name, without a back button', () => {
    renderApp('/my');
    const frame = screen.getByTestId('shared-frame');
    expect(within(frame).getByRole('heading', { name: '我的' })).toBeInTheDocument();
    expect(within(frame).queryByRole('button', { name: '返回' })).not.toBeInTheDocument();
    expect(document.title).toBe('我的 · PowerFi');
  });

  it('gives sub-pages a back button that leads to the section when there is no history', () => {
    renderApp('/my/address/add');
    const frame = screen.getByTestId('shared-frame');
    expect(within(frame).getByRole('heading', { name: '新增地址' })).toBeInTheDocument();
    act(() => {
      fireEvent.click(within(frame).getByRole('button', { name: '返回' }));
    });
    expect(within(screen.getByTestId('shared-frame')).getByRole('heading', { name: '我的' })).toBeInTheDocument();
  });

  it('frames the login page with its title', () => {
    setSignedIn(false);
    renderApp('/login');
    expect(within(screen.getByTestId('shared-frame')).getByRole('heading', { name: '登录' })).toBeInTheDocument();
  });
});
