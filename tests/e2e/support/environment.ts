/**
 * One real server and one browser per test file: `const e2e = useE2E();` registers the set-up
 * and tear-down hooks; tests then open pages with `e2e.newPage(...)`.
 */
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface Session {
  token: string;
  user: unknown;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** stored before any app script runs, as the session module keeps it (DESIGN.md §5) */
  session?: Session;
}

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly baseUrl: string;
  url: (path: string) => string;
  newPage: (options?: PageOptions) => Promise<Page>;
}

export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.evaluateOnNewDocument((token: string, userInfo: string) => {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      storage.setItem('token', token);
      storage.setItem('userInfo', userInfo);
    }
  }, session.token, JSON.stringify(session.user));
}

export function useE2E(serverEnv: Record<string, string> = {}): E2E {
  let server: RunningServer | undefined;
  let launched: LaunchedBrowser | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    server = await startServer(serverEnv);
    launched = await launchBrowser();
  });

  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await launched?.close();
    await server?.stop();
  });

  const e2e: E2E = {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!launched) throw new Error('browser not launched');
      return launched.browser;
    },
    get baseUrl() {
      return e2e.server.url;
    },
    url: (path) => `${e2e.server.url}${path}`,
    newPage: async (options = {}) => {
      const page = await e2e.browser.newPage();
      pages.push(page);
      await page.setViewport(options.viewport ?? DESKTOP);
      if (options.session) await storeSession(page, options.session);
      return page;
    },
  };
  return e2e;
}
