/**
 * A start that fails for another reason than a refused token (5xx, offline, time-out) keeps the
 * user signed in and shows the retry screen in place of the page; 重试 shows the page once the
 * server answers. A 401 signs out and leaves the reason for the login page.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider, Outlet } from '@umijs/max';
import featureDefaults from '../../config/access';
import access from '@/access';
import StartGate from '@/components/StartFailure';
import { fetchInitialState, withCurrentUser } from '@/initialState';
import statusMessages from '@/locales/zh-CN/status';
import SessionEndedNotice from '@/pages/Login/SessionEndedNotice';
import { BizError } from '@/requestErrorConfig';
import { flags } from '@/services/features';
import { profile } from '@/services/user';
import { isSignedIn, setSession } from '@/session';
import { readSessionEnded, rememberSessionEnded } from '@/utils/sessionEnded';
import AuthWrapper from '@/wrappers/auth';
import { currentPath, renderApp } from './umiHarness';

jest.mock('@/services/user', () => ({ profile: jest.fn() }));
jest.mock('@/services/features', () => ({ flags: jest.fn() }));

const mockedProfile = profile as jest.Mock;
const mockedFlags = flags as jest.Mock;
const user = { uid: '1001', address: '0x0000000000000000000000000000000000000001', inviteCode: 'AB12', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };

const Intl = IntlProvider as unknown as (props: { locale: string; messages: Record<string, string>; children: JSX.Element }) => JSX.Element;

/** The failures of a profile call as axios and the request layer report them. */
const serverError = () =>
  new BizError(
    { success: false, data: null, errCode: 'INTERNAL_ERROR', errMessage: '伺服器發生錯誤', httpStatusCode: 500, code: 500, message: '', showType: 2 } as never,
    { status: 500 } as never,
  );
const bareServerError = () => Object.assign(new Error('Request failed with status code 500'), { response: { status: 500, statusText: 'Internal Server Error', data: '' } });
const offline = () => Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', request: {} });
const timeout = () => Object.assign(new Error('timeout of 10000ms exceeded'), { code: 'ECONNABORTED', request: {} });
const refused = (errCode: string) =>
  new BizError({ success: false, data: null, errCode, errMessage: '', httpStatusCode: 401, code: 401, message: '', showType: 2 } as never, { status: 401 } as never);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedProfile.mockReset();
  mockedFlags.mockReset();
  mockedFlags.mockResolvedValue(featureDefaults);
});

describe('fetchInitialState: a failed start', () => {
  it.each([
    ['a 500 with an envelope', serverError],
    ['a 500 without a body', bareServerError],
    ['offline', offline],
    ['a time-out', timeout],
  ])('%s: still signed in (token kept), start marked failed', async (_name, failure) => {
    setSession('tok', user);
    mockedProfile.mockRejectedValue(failure());
    const state = await fetchInitialState();
    expect(state.startFailed).toBe(true);
    expect(state.currentUser).toBeUndefined();
    expect(isSignedIn()).toBe(true);
    expect(access(state).isLogin).toBe(true);
    expect(readSessionEnded()).toBeUndefined();
  });

  it.each([
    ['UNAUTHORIZED', 'revoked'],
    ['TOKEN_EXPIRED', 'expired'],
  ])('a 401 %s signs out (not a failed start) and remembers why: %s', async (errCode, reason) => {
    setSession('tok', user);
    mockedProfile.mockRejectedValue(refused(errCode));
    const state = await fetchInitialState();
    expect(state.startFailed).toBeUndefined();
    expect(isSignedIn()).toBe(false);
    expect(access(state).isLogin).toBe(false);
    expect(readSessionEnded()).toBe(reason);
  });

  it('without a token nothing failed', async () => {
    const state = await fetchInitialState();
    expect(state.startFailed).toBeUndefined();
    expect(access(state).isLogin).toBe(false);
  });

  it('a user handed over (another tab signed in, or out) settles the failed start', () => {
    const failed = { features: featureDefaults, fetchUserInfo: jest.fn(), startFailed: true };
    expect(withCurrentUser(user)(failed)).toEqual({ features: featureDefaults, fetchUserInfo: failed.fetchUserInfo, currentUser: user });
    expect(withCurrentUser(undefined)(failed).startFailed).toBeUndefined();
  });
});

/** The page slot of the layout (src/layouts/BasicLayout.tsx), with the texts of status.ts. */
function LayoutSlot() {
  return (
    <Intl locale="zh-CN" messages={statusMessages}>
      <StartGate>
        <Outlet />
      </StartGate>
    </Intl>
  );
}

describe('the signed-in shell after a failed start', () => {
  it('shows 重试 in place of the page, never the login page; 重试 shows the page once the server answers', async () => {
    setSession('tok', user);
    mockedProfile.mockRejectedValue(serverError());
    renderApp('/my/records', { wrappers: [AuthWrapper, LayoutSlot] });
    expect(await screen.findByTestId('start-failure', {}, { timeout: 5000 })).toHaveTextContent('暂时无法连接服务器');
    expect(currentPath()).toBe('/my/records');
    expect(screen.queryByTestId('page')).toBeNull();

    // still failing: the screen stays
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(mockedProfile).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: /重\s?试/ })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('start-failure')).toBeInTheDocument();

    mockedProfile.mockResolvedValue(user);
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('/my/records'));
    expect(screen.queryByTestId('start-failure')).toBeNull();
    expect(currentPath()).toBe('/my/records');
  });

  it('a retry answered 401 goes to the login page', async () => {
    setSession('tok', user);
    mockedProfile.mockRejectedValue(offline());
    renderApp('/my/records', { wrappers: [AuthWrapper, LayoutSlot] });
    await screen.findByTestId('start-failure', {}, { timeout: 5000 });
    mockedProfile.mockRejectedValue(refused('UNAUTHORIZED'));
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(currentPath()).toBe(`/login?redirect=${encodeURIComponent('/my/records')}`));
  });
});

describe('the login page says why the session ended', () => {
  const renderNotice = () =>
    render(
      <Intl locale="zh-CN" messages={statusMessages}>
        <SessionEndedNotice />
      </Intl>,
    );

  it.each([
    ['revoked', '您已在其他设备上退出登录，或此设备的会话已被撤销，请重新登录。'],
    ['expired', '登录已过期，请重新登录。'],
  ] as const)('%s: %s, said once', async (reason, text) => {
    rememberSessionEnded(reason);
    const first = renderNotice();
    expect(screen.getByTestId('session-ended')).toHaveTextContent(text);
    await act(async () => undefined);
    expect(readSessionEnded()).toBeUndefined();
    first.unmount();
    renderNotice();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });

  it('nothing after an ordinary visit', () => {
    renderNotice();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});
