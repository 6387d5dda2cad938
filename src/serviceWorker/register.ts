/**
 * Registers the service worker (dist/sw.js, docs/offline.md) in production builds, once the page
 * has loaded: its install downloads the app's files, which must not compete with the first screen.
 * A new version never takes over an open tab by itself (the page could ask for files that version
 * no longer keeps): the user is offered a reload (./updatePrompt), and only then does the new
 * worker take over, followed by one reload.
 */
import { SERVICE_WORKER_PATH } from '../../contract/rules/sitePaths';
import { SKIP_WAITING } from './messages';

/** Calls `offer` with each new worker that is installed and waits while an older one controls the page. */
export function watchForUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, offer: (waiting: ServiceWorker) => void): void {
  // without a controller this is the first install: it serves the next visit, nothing to offer
  const offerIfWaiting = (worker: ServiceWorker) => {
    if (worker.state === 'installed' && container.controller) offer(worker);
  };
  if (registration.waiting) offerIfWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => offerIfWaiting(installing));
  });
}

/** Lets `waiting` take over, then reloads the page once, onto the new version. */
export function applyUpdate(waiting: ServiceWorker, container: ServiceWorkerContainer, reload: () => void): void {
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  waiting.postMessage(SKIP_WAITING);
}

function offerReload(apply: () => void): void {
  // the prompt's code loads only when there is something to offer
  void import(/* webpackChunkName: "update-prompt" */ './updatePrompt').then(({ showUpdatePrompt }) => showUpdatePrompt(apply));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = async () => {
    const registration = await container.register(SERVICE_WORKER_PATH);
    watchForUpdates(registration, container, (waiting) => offerReload(() => applyUpdate(waiting, container, () => window.location.reload())));
    // a tab left open for days looks for a new version when it is shown again
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
    });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
