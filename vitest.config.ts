import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: pure units, the API in-process against a throwaway database, client
// components in jsdom, and browser journeys against the real built server.
//
// The API and client files share their worker's modules (`isolate: false`): every API file builds
// its own app on its own database and every client test cleans up after itself, so nothing a file
// needs lives in a module, and importing the app once per worker instead of once per file cuts
// their time by a quarter and by two thirds (docs/PERFORMANCE.md, "The test suite's time"). A file
// that must see a module load fresh is a unit test (`*.unit.test.ts`), which stays isolated.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'client/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup-file.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          isolate: false,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: ['client/**/*.unit.test.ts'],
          setupFiles: ['client/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // After the other projects, two files at a time (one per core): a journey mostly waits
          // on the browser and the server, and each signs up its own parents, so two share the
          // server without meeting. Before them, the API tests keep both cores busy.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // As long as a locator's own wait: with two journeys at once, what a page does in a
          // second alone (a service worker showing a notification) can take longer.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
