import { createHistory, history } from '@umijs/max';
import { buildLoginPath, goToLogin, readInviteCode, readRedirectTarget } from '@/utils/loginRedirect';

describe('buildLoginPath', () => {
  it('carries the encoded path, search and hash', () => {
    expect(buildLoginPath({ pathname: '/my/assets', search: '?tab=usdt&x=1', hash: '#top' })).toBe(
      `/login?redirect=${encodeURIComponent('/my/assets?tab=usdt&x=1#top')}`,
    );
    expect(buildLoginPath({ pathname: '/assets' })).toBe('/login?redirect=%2Fassets');
  });

  it('adds no parameter from the bare root', () => {
    expect(buildLoginPath({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });

  it('keeps the root’s search and hash, which are not the bare root', () => {
    expect(buildLoginPath({ pathname: '/', search: '?invite=AB12' })).toBe(
      `/login?redirect=${encodeURIComponent('/?invite=AB12')}`,
    );
  });

  it('keeps the current address on the login page', () => {
    const location = { pathname: '/login', search: '?redirect=%2Fmy&invite=Q', hash: '#h' };
    expect(buildLoginPath(location)).toBe('/login?redirect=%2Fmy&invite=Q#h');
  });

  it('encodes characters that would break the query', () => {
    const path = buildLoginPath({ pathname: '/shopping/goods/1', search: '?a=1&b=%20c' });
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe('/shopping/goods/1?a=1&b=%20c');
  });
});

describe('goToLogin', () => {
  beforeAll(() => createHistory({ type: 'browser' }));

  it('replaces the current address with the login address', () => {
    history.push('/my/records?page=2#list');
    goToLogin();
    expect(history.location.pathname).toBe('/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/my/records?page=2#list');
  });

  it('stays put on the login page', () => {
    history.push('/login?redirect=%2Fmy');
    const before = history.location.key;
    goToLogin();
    expect(history.location.key).toBe(before);
  });
});

describe('readRedirectTarget: same-site paths only', () => {
  it.each([
    ['?redirect=%2Fmy%2Fassets%3Ftab%3D1%23x', '/my/assets?tab=1#x'],
    ['?redirect=/calculate', '/calculate'],
    ['', '/'],
    ['?redirect=', '/'],
  ])('%s → %s', (search, target) => {
    expect(readRedirectTarget(search)).toBe(target);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/a/..//evil.example',
    'my/assets',
    '/login?redirect=%2Fmy',
  ])('rejects %s', (target) => {
    expect(readRedirectTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/');
  });
});

describe('readInviteCode', () => {
  it('reads ?invite=CODE from the login address or from its redirect target', () => {
    expect(readInviteCode('?invite=AB12')).toBe('AB12');
    expect(readInviteCode(`?redirect=${encodeURIComponent('/my?invite=ZZ9#x')}`)).toBe('ZZ9');
    expect(readInviteCode('?redirect=%2Fmy')).toBeUndefined();
    expect(readInviteCode('')).toBeUndefined();
  });
});
