/** The app's side of the service worker (src/serviceWorker/register.ts): offering and applying a new version. */
import { SKIP_WAITING } from '@/serviceWorker/messages';
import { applyUpdate, watchForUpdates } from '@/serviceWorker/register';

class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  becomes(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  constructor(public waiting: FakeWorker | null = null) {
    super();
  }
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

const watch = (registration: FakeRegistration, container: FakeContainer) => {
  const offered: unknown[] = [];
  watchForUpdates(registration as unknown as ServiceWorkerRegistration, container as unknown as ServiceWorkerContainer, (worker) => offered.push(worker));
  return offered;
};

describe('watchForUpdates', () => {
  it('offers a new version once it is installed while an older one controls the page', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, new FakeContainer(new FakeWorker('activated')));
    const next = new FakeWorker('installing');
    registration.found(next);
    expect(offered).toEqual([]);
    next.becomes('installed');
    expect(offered).toEqual([next]);
  });

  it('offers a version that was already waiting when the page opened', () => {
    const waiting = new FakeWorker('installed');
    expect(watch(new FakeRegistration(waiting), new FakeContainer(new FakeWorker('activated')))).toEqual([waiting]);
  });

  it('offers nothing on the first install (no worker controls the page yet)', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, new FakeContainer(null));
    const first = new FakeWorker('installing');
    registration.found(first);
    first.becomes('installed');
    first.becomes('activated');
    expect(offered).toEqual([]);
  });
});

describe('applyUpdate', () => {
  it('asks the waiting worker to take over and reloads once when it has', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const waiting = new FakeWorker('installed');
    const reload = jest.fn();
    applyUpdate(waiting as unknown as ServiceWorker, container as unknown as ServiceWorkerContainer, reload);
    expect(waiting.posted).toEqual([SKIP_WAITING]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
