/**
 * The auth wrapper over the real route table, with the flags the server hands over
 * at start (here: transfer switched off, though config/access.ts has it on).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import featureDefaults from '../../config/access';
import { flags } from '@/services/features';
import { profile } from '@/services/user';
import { setSession } from '@/session';
import AuthWrapper from '@/wrappers/auth';
import { currentPath, renderApp } from './umiHarness';

jest.mock('@/services/user', () => ({ profile: jest.fn() }));
jest.mock('@/services/features', () => ({ flags: jest.fn() }));

const mockedProfile = profile as jest.Mock;
const mockedFlags = flags as jest.Mock;
const user = { uid: '1001', address: '0x0000000000000000000000000000000000000001', inviteCode: 'AB12', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };

function signIn() {
  setSession('tok', user);
  mockedProfile.mockResolvedValue(user);
}

async function pageShown(path: string) {
  await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent(path), { timeout: 5000 });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedProfile.mockReset();
  mockedProfile.mockRejectedValue(new Error('no session'));
  mockedFlags.mockReset();
  mockedFlags.mockResolvedValue({ ...featureDefaults, transfer: false });
});

describe('auth wrapper', () => {
  it('shows the blank placeholder while the initial state loads', () => {
    signIn();
    renderApp('/my', { wrappers: [AuthWrapper] });
    expect(screen.getByTestId('blank-placeholder')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a login-only page to /login with path, search and hash', async () => {
    renderApp('/my/records?page=2&type=deposit#list', { wrappers: [AuthWrapper] });
    await pageShown('/login');
    expect(currentPath()).toBe(`/login?redirect=${encodeURIComponent('/my/records?page=2&type=deposit#list')}`);
  });

  it.each(['/calculate/assets', '/shopping/order/0', '/shopping/order_details/1/9', '/my/address/edit/3'])(
    'guards %s',
    async (path) => {
      renderApp(path, { wrappers: [AuthWrapper] });
      await pageShown('/login');
      expect(currentPath()).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    },
  );

  it('lets a signed-out visitor see public pages', async () => {
    renderApp('/shopping/goods/5', { wrappers: [AuthWrapper] });
    await pageShown('/shopping/goods/:id');
    expect(currentPath()).toBe('/shopping/goods/5');
  });

  it('lets a signed-in user through', async () => {
    signIn();
    renderApp('/my/records', { wrappers: [AuthWrapper] });
    await pageShown('/my/records');
    expect(currentPath()).toBe('/my/records');
  });

  it('a route switched off by a flag goes to /, signed in or not', async () => {
    signIn();
    renderApp('/my/transfer', { wrappers: [AuthWrapper] });
    await pageShown('/');
    expect(currentPath()).toBe('/');
  });

  it('a switched-off route does not ask a signed-out visitor to log in', async () => {
    renderApp('/my/transfer/history', { wrappers: [AuthWrapper] });
    await waitFor(() => expect(currentPath()).toBe('/'), { timeout: 5000 });
  });

  it('an unknown path goes to /', async () => {
    renderApp('/no/such/page', { wrappers: [AuthWrapper] });
    await waitFor(() => expect(currentPath()).toBe('/'), { timeout: 5000 });
  });

  it('follows a logout in another tab: the protected page goes to login', async () => {
    signIn();
    renderApp('/my/assets', { wrappers: [AuthWrapper] });
    await pageShown('/my/assets');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: localStorage }));
    });
    await pageShown('/login');
    expect(currentPath()).toBe('/login?redirect=%2Fmy%2Fassets');
  });

  it('follows a sign-in in another tab', async () => {
    renderApp('/login', { wrappers: [AuthWrapper] });
    await pageShown('/login');
    act(() => {
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('token', 'tok-from-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: localStorage }));
    });
    expect(sessionStorage.getItem('token')).toBe('tok-from-other-tab');
    act(() => history.push('/my/records'));
    await pageShown('/my/records');
    expect(currentPath()).toBe('/my/records');
  });

  /** Each feature's routes; with the feature switched off (by the server), each goes to `/`. */
  it.each([
    ['calculate', ['/calculate', '/calculate/coin', '/calculate/unknown', '/calculate/assets', '/calculate/exchange', '/calculate/history']],
    ['mall', ['/shopping', '/shopping/goods/5', '/shopping/order/0', '/shopping/order_details/1/9', '/shopping/order_logistics/9']],
    ['transfer', ['/my/transfer', '/my/transfer/history']],
    ['deposit', ['/my/deposit']],
    ['invite', ['/my/invite']],
  ])('with %s switched off by the server, its routes go to / (signed in)', async (feature, paths) => {
    mockedFlags.mockResolvedValue({ ...featureDefaults, [feature]: false });
    for (const path of paths) {
      signIn();
      const view = renderApp(path, { wrappers: [AuthWrapper] });
      await pageShown('/');
      expect({ path, now: currentPath() }).toEqual({ path, now: '/' });
      view.unmount();
    }
  });

  it('the same routes open when the server has the feature on', async () => {
    mockedFlags.mockResolvedValue({ ...featureDefaults });
    signIn();
    renderApp('/my/transfer', { wrappers: [AuthWrapper] });
    await pageShown('/my/transfer');
  });
});
