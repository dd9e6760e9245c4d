/**
 * `npm run bench:lighthouse -- [--runs 3] [--page browse] [--server dist/server/main.js] [--base http://…]`
 *
 * Lighthouse (mobile emulation, simulated 4G and a 4× slower CPU: its defaults) on the landing
 * page and sign-in page as a visitor, and on /browse and one item page signed in as a demo
 * parent. Builds what is not built, starts the built server on a fresh folder with demo data
 * (or measures --base), runs each page --runs times in Chromium and prints the median run by
 * performance score, with its LCP, FCP, TBT and CLS and the other category scores, and names
 * the accessibility audits any run failed. `--save <folder>` also writes every run's full report
 * there (`<page>-<run>.json`), to read its main-thread breakdown and long tasks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstItemPath, signInDemoParent, startDemoServer } from './demo-server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /** Only the pages whose name contains this, e.g. --page browse. */
    page: { type: 'string', default: '' },
    server: { type: 'string' },
    base: { type: 'string' },
    save: { type: 'string' },
  },
});
const runs = Number(values.runs);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse could not measure the run (NO_NAVSTART and the like): left out of the median. */
  broken: boolean;
  /** Accessibility and best-practice audits the page failed, so a score under 100 says what to fix. */
  accessibilityFailures: string[];
  bestPracticeFailures: string[];
};

async function measure(
  url: string,
  port: number,
  cookie: string | undefined,
  savePath: string | undefined,
): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (savePath) writeFileSync(savePath, JSON.stringify(result.lhr));
  if (result.lhr.runtimeError)
    console.warn(url, result.lhr.runtimeError.code, result.lhr.runtimeError.message);
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  const failedAudits = (category: string) =>
    (categories[category]?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit?.score === 0)
      .map((audit) => `${audit?.id}: ${audit?.title}`);
  return {
    broken: result.lhr.runtimeError !== undefined,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    accessibilityFailures: failedAudits('accessibility'),
    bestPracticeFailures: failedAudits('best-practices'),
  };
}

function median(results: Run[]): Run {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('No runs');
  return middle;
}

async function main(): Promise<void> {
  const server = await startDemoServer({
    ...(values.base ? { base: values.base } : {}),
    ...(values.server ? { server: values.server } : {}),
  });
  const base = server.base;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const cookie = await signInDemoParent(base);
    const pages = [
      { name: '/ (visitor)', path: '/', cookie: undefined },
      { name: '/auth (visitor)', path: '/auth', cookie: undefined },
      { name: '/ home (signed in)', path: '/', cookie },
      { name: '/browse (signed in)', path: '/browse', cookie },
      { name: '/item/{id} (signed in)', path: await firstItemPath(base, cookie), cookie },
    ];
    if (values.save) mkdirSync(values.save, { recursive: true });
    console.log(`Lighthouse, mobile emulation, median of ${runs} runs, ${base}`);
    console.log('| page | performance | accessibility | best practices | LCP s | FCP s | TBT ms | CLS |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const failures: string[] = [];
    for (const page of pages.filter((entry) => entry.name.includes(values.page ?? ''))) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const savePath = values.save
          ? join(values.save, `${page.name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${i + 1}.json`)
          : undefined;
        results.push(await measure(base + page.path, chrome.port, page.cookie, savePath));
      }
      const measured = results.filter((run) => !run.broken);
      if (measured.length < results.length)
        console.log(
          `(${results.length - measured.length} of ${results.length} runs of ${page.name} not measured; median of the rest)`,
        );
      const m = median(measured);
      console.log(
        `| ${page.name} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${(m.lcpMs / 1000).toFixed(1)} | ${(m.fcpMs / 1000).toFixed(1)} | ${Math.round(m.tbtMs)} | ${m.cls.toFixed(3)} |`,
      );
      const failed = new Set(
        results.flatMap((run) => [...run.accessibilityFailures, ...run.bestPracticeFailures]),
      );
      for (const audit of failed) failures.push(`${page.name}: ${audit}`);
    }
    if (failures.length > 0)
      console.log(`\nAccessibility and best-practice audits failed in any run:\n${failures.join('\n')}`);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
