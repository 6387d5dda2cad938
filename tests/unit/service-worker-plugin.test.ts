/**
 * @jest-environment node
 */
/** The build's service worker (plugins/serviceWorker.ts): which files it stores, and its version. */
import vm from 'node:vm';
import { buildWorker, precacheList, type NamedChunkGroups } from '../../plugins/serviceWorker';

const EMITTED = [
  'index.html',
  'umi.046e8d9c.js',
  'umi.1a2b3c4d.css',
  '8970.366032b4.async.js',
  '4113.fc4f46bb.async.js',
  '1076.75401f62.async.js',
  'p__Home__index.424279e3.chunk.css',
  'p__Home__index.5d6e7f80.async.js',
  'p__Admin__Orders__index.8fd3cca6.async.js',
  'admin-locale-en-US.0badf00d.async.js',
  'manifest.webmanifest',
  'icon-192.png',
  'sw.js',
];

const GROUPS: NamedChunkGroups = {
  umi: { assets: [{ name: 'umi.046e8d9c.js' }, { name: 'umi.1a2b3c4d.css' }] },
  p__Home__index: { assets: [{ name: '1076.75401f62.async.js' }, { name: 'p__Home__index.424279e3.chunk.css' }, { name: 'p__Home__index.5d6e7f80.async.js' }] },
  // 8970 only the console loads; 1076 both sides do
  p__Admin__Orders__index: { assets: [{ name: '8970.366032b4.async.js' }, { name: '1076.75401f62.async.js' }, { name: 'p__Admin__Orders__index.8fd3cca6.async.js' }] },
  'admin-locale-en-US': { assets: [{ name: 'admin-locale-en-US.0badf00d.async.js' }] },
};

describe('precacheList', () => {
  it('stores the shell and every hashed file the user app can load, chunks without a name too', () => {
    expect(precacheList(EMITTED, GROUPS)).toEqual([
      '/index.html',
      '/1076.75401f62.async.js',
      '/4113.fc4f46bb.async.js',
      '/p__Home__index.424279e3.chunk.css',
      '/p__Home__index.5d6e7f80.async.js',
      '/umi.046e8d9c.js',
      '/umi.1a2b3c4d.css',
    ]);
  });
});

/** Runs the built worker in a sandbox and returns what it registered and would store. */
function runWorker(source: string) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const opened: string[] = [];
  const added: string[][] = [];
  const scope = {
    location: { origin: 'https://powerfi.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    caches: { open: async (name: string) => (opened.push(name), { addAll: async (urls: string[]) => void added.push(urls) }) },
  };
  vm.runInNewContext(source, { ...scope, self: scope, URL });
  return { listeners, opened, added };
}

describe('buildWorker', () => {
  const precache = ['/', '/umi.046e8d9c.js'];
  const targets = ['chrome100', 'safari15.4'];

  it('bundles a worker that stores the list under a cache named after its version', async () => {
    const built = buildWorker(precache, '<html>1</html>', targets);
    expect(built.version).toMatch(/^[0-9a-f]{16}$/);
    const { listeners, opened, added } = runWorker(built.source);
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'message']);
    let installed: Promise<unknown> | undefined;
    listeners.install({ waitUntil: (promise: Promise<unknown>) => (installed = promise) });
    await installed;
    expect(opened).toEqual([`powerfi-${built.version}`]);
    expect(added).toEqual([precache]);
  });

  it('changes its version with the page and the list, and keeps it for the same build', () => {
    const first = buildWorker(precache, '<html>1</html>', targets).version;
    expect(buildWorker(precache, '<html>1</html>', targets).version).toBe(first);
    expect(buildWorker(precache, '<html>2</html>', targets).version).not.toBe(first);
    expect(buildWorker(['/', '/umi.ffffffff.js'], '<html>1</html>', targets).version).not.toBe(first);
    expect(buildWorker(precache, '<html>1</html>', targets, 'next').version).toBe('next');
  });
});
