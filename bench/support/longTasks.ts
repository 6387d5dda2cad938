/**
 * Each long task of a page's start, named: a Chromium trace of the load (the main thread's tasks,
 * the trace events inside each, and V8's CPU samples on the same clock), so that a task can be
 * put down to what ran in it: a script's evaluation, a render, a layout, an answer's handler.
 */
import type { Page } from 'puppeteer-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
    };
    beginData?: { url?: string };
  };
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface NamedTask {
  /** from the navigation's start, ms */
  startMs: number;
  durationMs: number;
  /** the trace events inside it that say what ran, ms each (a script's evaluation, a timer, a layout, …) */
  events: Array<[string, number]>;
  /** sampled self time by what `nameOf` calls the code, ms */
  code: Array<[string, number]>;
}

const LONG_TASK_MICROS = 50_000;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'];
/** The events that tell what a task ran. */
const TELLING = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'XHRReadyStateChange', 'FireAnimationFrame', 'ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit']);

function eventName(event: TraceEvent): string {
  const data = event.args?.data;
  const file = data?.url ? ` ${data.url.split('/').pop()}` : '';
  return `${event.name}${file}${data?.functionName ? ` ${data.functionName}` : ''}`;
}

function sumBy<T>(items: T[], key: (item: T) => string, amount: (item: T) => number): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + amount(item));
  return [...sums.entries()].sort((a, b) => b[1] - a[1]);
}

/** Loads `url` in `page` under a trace and names its main thread's long tasks. */
export async function namedLongTasks(page: Page, url: string, nameOf: (frame: CallFrame) => Promise<string>): Promise<NamedTask[]> {
  await page.tracing.start({ categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForNetworkIdle({ idleTime: 1000 });
  const events = (JSON.parse(Buffer.from((await page.tracing.stop()) ?? []).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

  // the page's main thread: the one that parsed its document
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(url));
  if (!parse) throw new Error(`no parse of ${url} in the trace`);
  const onMain = (event: TraceEvent) => event.pid === parse.pid && event.tid === parse.tid;
  const navigationStart = events.find((event) => event.name === 'navigationStart' && event.pid === parse.pid)?.ts ?? parse.ts;

  const frames = new Map<number, CallFrame>();
  const samples: Array<{ ts: number; frame: number; micros: number }> = [];
  let clock = 0;
  for (const event of events) {
    if (event.pid !== parse.pid) continue;
    if (event.name === 'Profile') clock = event.args?.data?.startTime ?? clock;
    if (event.name !== 'ProfileChunk') continue;
    const profile = event.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) frames.set(node.id, node.callFrame);
    const deltas = event.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((frame, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, frame, micros: 0 });
    });
  }
  samples.forEach((sample, i) => (sample.micros = i + 1 < samples.length ? samples[i + 1].ts - sample.ts : 0));

  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) >= LONG_TASK_MICROS && onMain(event));
  const named: NamedTask[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter((event) => event !== task && event.ph === 'X' && onMain(event) && TELLING.has(event.name) && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const sampled = [];
    for (const sample of samples) {
      const frame = frames.get(sample.frame);
      if (sample.ts < task.ts || sample.ts >= end || !frame || frame.functionName === '(idle)') continue;
      sampled.push({ name: await nameOf(frame), micros: sample.micros });
    }
    named.push({
      startMs: (task.ts - navigationStart) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      events: sumBy(inside, eventName, (event) => (event.dur ?? 0) / 1000),
      code: sumBy(sampled, (sample) => sample.name, (sample) => sample.micros / 1000),
    });
  }
  return named;
}
