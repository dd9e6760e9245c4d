/**
 * `npm run bench:trace -- [--page /browse] [--runs 3] [--cpu 4] [--server …] [--base http://…]`
 *
 * Where a page's main-thread time goes after its first paint, on a phone's profile: loads the
 * page in Chromium (412 px wide, the CPU slowed --cpu times) signed in as the demo parent,
 * records a performance trace with its CPU profile, and prints the blocking time after the first
 * contentful paint (each task's time beyond 50 ms, summed, as Lighthouse's TBT counts it, though
 * measured rather than simulated), then each long task with what filled it: trace events
 * (evaluating modules, layout, a React commit) and the functions with the most self time. This
 * is how the blocking time of docs/PERFORMANCE.md, "Blocking time on /browse", was found.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signInDemoParent, startDemoServer } from './demo-server.js';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: '/browse' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    server: { type: 'string' },
    base: { type: 'string' },
  },
});

const LONG_TASK_MS = 50;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
].join(',');

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args: {
    name?: string;
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};
type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url?: string } };

/** The renderer's main thread: the one named CrRendererMain with the most tasks. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const threads = events.filter(
    (event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain',
  );
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask',
    );
  const busiest = threads.sort((a, b) => tasksOf(b).length - tasksOf(a).length)[0];
  if (!busiest) throw new Error('The trace has no renderer main thread');
  return events.filter((event) => event.pid === busiest.pid && event.tid === busiest.tid);
}

/** Self time per function between two trace timestamps, from the trace's CPU profile. */
function selfTimes(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const nodes = new Map<number, ProfileNode>();
  const samples: number[] = [];
  const deltas: number[] = [];
  let time = 0;
  for (const event of events) {
    if (event.name === 'Profile') time = event.args.data?.startTime ?? 0;
    if (event.name !== 'ProfileChunk') continue;
    for (const node of event.args.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    samples.push(...(event.args.data?.cpuProfile?.samples ?? []));
    deltas.push(...(event.args.data?.timeDeltas ?? []));
  }
  const stamps = deltas.map((delta) => (time += delta));
  const self = new Map<string, number>();
  samples.forEach((id, index) => {
    const at = stamps[index] ?? 0;
    if (at < from || at > to) return;
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url?.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + ((stamps[index + 1] ?? at) - at) / 1000);
  });
  return self;
}

const top = (entries: Iterable<[string, number]>, count: number) =>
  [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(' · ');

async function traceOnce(base: string, path: string, cookie: string, cpu: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name, value, url: base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const events: TraceEvent[] = [];
    // The protocol types trace events as string maps; these are Chromium's trace event objects.
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForSelector('html[data-ready]', { timeout: 60_000 });
    // What the takeover sets off (its effects, the screen's first reads) settles meanwhile.
    await page.waitForLoadState('networkidle');
    await cdp.send('Tracing.end');
    await complete;

    const navigation = events.find((event) => event.name === 'navigationStart');
    const paint = events.find((event) => event.name === 'firstContentfulPaint');
    if (!navigation || !paint) throw new Error('The trace has no navigation start or first paint');
    const since = (ts: number) => ((ts - navigation.ts) / 1000).toFixed(0);
    const thread = mainThread(events);
    const longTasks = thread.filter(
      (event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 > LONG_TASK_MS && event.ts >= paint.ts,
    );
    const blocking = longTasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
    console.log(
      `first paint ${since(paint.ts)} ms · blocking time after it ${blocking.toFixed(0)} ms in ${longTasks.length} long tasks`,
    );
    for (const task of longTasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = new Map<string, number>();
      for (const event of thread) {
        if (event === task || event.ph !== 'X' || event.ts < task.ts || event.ts + (event.dur ?? 0) > end)
          continue;
        inside.set(event.name, (inside.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
      }
      console.log(`  at ${since(task.ts)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${top(inside, 4)}`);
      console.log(`    most self time: ${top(selfTimes(events, task.ts, end), 6)}`);
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const server = await startDemoServer({
    ...(values.base ? { base: values.base } : {}),
    ...(values.server ? { server: values.server } : {}),
  });
  try {
    const cookie = await signInDemoParent(server.base);
    console.log(`${values.page}, signed in, CPU ${values.cpu}× slower, ${server.base}`);
    for (let run = 1; run <= Number(values.runs); run += 1) {
      console.log(`run ${run}:`);
      await traceOnce(server.base, values.page, cookie, Number(values.cpu));
    }
  } finally {
    await server.stop();
  }
}

await main();
