/**
 * The Content-Security-Policy allows no eval, so zod's compiled fast path cannot run in the
 * browser, and zod's probe for it is reported as a policy violation on every page that
 * validates. `z.config({ jitless: true })` says so, but importing zod's config into the entry
 * script would bring zod's core with it; zod keeps that setting on `globalThis` so that copies
 * of it share one, and adopts an object already there. Imported first by client/main.tsx;
 * zod-without-eval.unit.test.ts fails if zod stops reading it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
