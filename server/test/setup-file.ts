import { afterEach, beforeEach, vi } from 'vitest';

// docs/STYLE.md: a stray console.error fails the test that caused it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called:\n${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
