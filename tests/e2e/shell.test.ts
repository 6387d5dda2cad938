/**
 * The shell against the real server: route redirects, the login redirect with path,
 * search and hash, and the two headers on every API request.
 */
import type { HTTPRequest } from 'puppeteer-core';
import { Wallet } from 'ethers';
import { useE2E, type Session } from './support/environment';
import { waitForPath } from './support/page';
import { signInViaApi } from './support/siwe';

const e2e = useE2E();
let session: Session;

beforeAll(async () => {
  session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
});

const loginWith = (target: string) => `/login?redirect=${encodeURIComponent(target)}`;

describe('routes', () => {
  test('an unknown path goes to /', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/no/such/page?x=1'));
    await waitForPath(page, '/');
  });

  test('/shopping/order goes to /shopping/order/0 when signed in', async () => {
    const page = await e2e.newPage({ session });
    await page.goto(e2e.url('/shopping/order'));
    await waitForPath(page, '/shopping/order/0');
  });

  test('/shopping/order signed out goes to the login page, which keeps /shopping/order/0 as the target', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/shopping/order'));
    await waitForPath(page, loginWith('/shopping/order/0'));
  });

  test('a login-only page while signed out goes to /login with path, search and hash encoded', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/my/assets?x=1#h'));
    await waitForPath(page, loginWith('/my/assets?x=1#h'));
  });

  test('a login-only page while signed in stays', async () => {
    const page = await e2e.newPage({ session });
    await page.goto(e2e.url('/my/assets?x=1'));
    await waitForPath(page, '/my/assets?x=1');
  });

  test('public pages stay public when signed out', async () => {
    const page = await e2e.newPage();
    for (const path of ['/', '/calculate', '/calculate/coin', '/calculate/unknown', '/shopping']) {
      await page.goto(e2e.url(path));
      await page.waitForSelector('[data-testid="top-nav"]');
      await waitForPath(page, path);
    }
  });

  test('on /login the address is kept as it is', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url(loginWith('/my?tab=1')));
    await page.waitForSelector('[data-testid="top-nav"]');
    await waitForPath(page, loginWith('/my?tab=1'));
  });
});

describe('request headers', () => {
  /** Records every API request the page makes while visiting `paths`. */
  async function apiRequests(paths: string[], options: { session?: Session } = {}): Promise<HTTPRequest[]> {
    const page = await e2e.newPage(options);
    const seen: HTTPRequest[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request);
    });
    for (const path of paths) await page.goto(e2e.url(path), { waitUntil: 'networkidle0' });
    return seen;
  }

  test('every API request says Accept-Language: zh-TW, and has no Authorization while signed out', async () => {
    const requests = await apiRequests(['/', '/shopping', '/calculate']);
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) {
      expect({ url: request.url(), language: request.headers()['accept-language'] }).toEqual({ url: request.url(), language: 'zh-TW' });
      expect(request.headers().authorization).toBeUndefined();
    }
  });

  test('once a token is stored, every API request carries Authorization: Bearer <token>', async () => {
    const requests = await apiRequests(['/', '/my', '/shopping'], { session });
    const paths = requests.map((request) => new URL(request.url()).pathname);
    expect(paths).toContain('/api/v1/web/user/user/profile');
    for (const request of requests) {
      expect({ url: request.url(), language: request.headers()['accept-language'], authorization: request.headers().authorization })
        .toEqual({ url: request.url(), language: 'zh-TW', authorization: `Bearer ${session.token}` });
    }
  });
});

