/**
 * Renders prerendered pages with API answers at run time, in a worker thread (./renderWorker.ts)
 * holding Umi's Node bundle of the app: a render costs tens of milliseconds of CPU, which must not
 * stall requests (money calls among them) on the event loop. The worker is started on the first
 * render, and again after it died or a render took too long (it is then stopped: a render that
 * never ends would hold every later one).
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { PageAnswers } from '../../contract/rules/pageData';
import type { RenderedPage } from './serverBundle';

export interface RenderRequest {
  id: number;
  route: string;
  answers: PageAnswers;
}

export type RenderResult = { id: number; page: RenderedPage } | { id: number; error: string };

/** The worker's entry: TypeScript, so the thread registers tsx first (`npm start` runs under tsx; a thread does not inherit its loader). */
const BOOT = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(path.join(__dirname, 'renderWorker.ts'))});`;

/** A render that has not answered after this long fails. */
const RENDER_TIMEOUT_MS = 30_000;

export class PageRenderer {
  private worker: Worker | undefined;
  private nextId = 0;
  /** the renders waiting, each with the worker it was sent to */
  private readonly pending = new Map<number, { worker: Worker; resolve: (page: RenderedPage) => void; reject: (error: Error) => void }>();

  /** `bundleDir`: the folder of Umi's Node bundle (dist-server/). */
  constructor(
    private readonly bundleDir: string,
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  render(route: string, answers: PageAnswers): Promise<RenderedPage> {
    const worker = this.started();
    const id = this.nextId++;
    const rendered = new Promise<RenderedPage>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.postMessage({ id, route, answers } satisfies RenderRequest);
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`rendering ${route} took over ${this.timeoutMs} ms`));
        // the next render starts another; this one's exit fails the renders still waiting on it
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      }, this.timeoutMs).unref();
    });
    return Promise.race([rendered, timedOut]).finally(() => clearTimeout(timer));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOT, { eval: true, workerData: { bundleDir: this.bundleDir } });
    worker.on('message', (result: RenderResult) => {
      const waiting = this.pending.get(result.id);
      this.pending.delete(result.id);
      if ('page' in result) waiting?.resolve(result.page);
      else waiting?.reject(new Error(result.error));
    });
    // a worker that fails to start (no bundle) or dies fails every render waiting on it; the next render starts another
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`page renderer exited (${code})`)));
    // the server may stop with the worker idle
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
