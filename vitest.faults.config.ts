import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the real server killed, stopped and cut off from PostgreSQL (docs/SECURITY.md, Availability and faults).
// Kept out of `npm test`: each test starts server processes and waits out real outages.
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['faults/**/*.fault.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
