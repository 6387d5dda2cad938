/**
 * Debian's Chromium driven by puppeteer-core (no browser download). The flags keep it off this
 * machine's closed network; `--lang` fixes the UI language that Umi's locale plugin reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface LaunchedBrowser {
  browser: Browser;
  close: () => Promise<void>;
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'powerfi-e2e-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir: profileDir,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--lang=zh-CN',
      // headless Chromium ignores --lang for navigator.language; this sets it
      '--accept-lang=zh-CN',
    ],
  });
  const close = async () => {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true });
  };
  return { browser, close };
}
