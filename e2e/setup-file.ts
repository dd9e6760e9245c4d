import { beforeEach } from 'vitest';
import { recordFailedPages } from './fixtures.js';

// A journey that fails leaves a screenshot of every page it had open (e2e/fixtures.ts).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => recordFailedPages(task.name));
});
