/**
 * One real server and one browser per test file: `const e2e = useE2E();` registers the set-up
 * and tear-down hooks; tests then open pages with `e2e.newPage(...)`.
 */
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from './browser';
import { sleep } from './page';
import { startServer, type RunningServer, type StartOptions } from './server';

export const PHONE = { width: 375, height: 812 };
/** a small Android phone */
export const SMALL_PHONE = { width: 360, height: 640 };
export const DESKTOP = { width: 1280, height: 900 };

export interface Session {
  token: string;
  user: unknown;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** stored before every document of the page loads, as the session module keeps it */
  session?: Session;
  /** a tab of this browser context (shares its localStorage); default: a fresh, isolated context */
  context?: BrowserContext;
}

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly baseUrl: string;
  url: (path: string) => string;
  /** an isolated browser context (own storage), closed after the test */
  newContext: () => Promise<BrowserContext>;
  /** an isolated browser context kept for the file's later tests too, closed after the last one */
  newFileContext: () => Promise<BrowserContext>;
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

/**
 * A new browser context. Right after a test's contexts are closed, Chromium now and then refuses
 * the next one with "Session with given id not found" (seen in about one run in two of
 * prerender.test.ts on a fast machine, with or without the app's changes); the browser is fine
 * and the same request succeeds a moment later, so that one error is retried, twice at most.
 */
async function createContext(browser: Browser): Promise<BrowserContext> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await browser.createBrowserContext();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Session with given id not found')) throw error;
      await sleep(250);
    }
  }
}

/** `serverEnv` is added to the server's environment; `serverOptions` go to startServer (server.ts). */
export function useE2E(serverEnv: Record<string, string> = {}, serverOptions: StartOptions = {}): E2E {
  let server: RunningServer | undefined;
  let launched: LaunchedBrowser | undefined;
  const contexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];
  const closeAll = (list: BrowserContext[]) => Promise.all(list.splice(0).map((context) => context.close().catch(() => undefined)));
  /** a new context, closed with the others of `list` */
  const contextIn = (list: BrowserContext[]) => async () => {
    const context = await createContext(e2e.browser);
    list.push(context);
    return context;
  };

  beforeAll(async () => {
    server = await startServer(serverEnv, serverOptions);
    launched = await launchBrowser();
  });

  afterEach(async () => {
    await closeAll(contexts);
  });

  afterAll(async () => {
    await closeAll(fileContexts);
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
    newContext: contextIn(contexts),
    newFileContext: contextIn(fileContexts),
    newPage: async (options = {}) => {
      const context = options.context ?? (await e2e.newContext());
      const page = await context.newPage();
      page.on('pageerror', (error) => console.warn(`[page error] ${page.url()}: ${String(error)}`));
      await page.setViewport(options.viewport ?? DESKTOP);
      if (options.session) await storeSession(page, options.session);
      return page;
    },
  };
  return e2e;
}
