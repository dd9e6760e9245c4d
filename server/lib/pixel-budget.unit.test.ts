import { describe, expect, it } from 'vitest';
import { createPixelBudget } from './pixel-budget.js';

/** Work that ends when the test says so. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the pixel budget', () => {
  it('decodes within the budget at once, queues the rest in order, and never exceeds it', async () => {
    const budget = createPixelBudget(100);
    const [a, b, c] = [held(), held(), held()];
    const order: string[] = [];
    const runs = [
      budget.run(60, async () => (order.push('a'), a.work())),
      budget.run(60, async () => (order.push('b'), b.work())),
      budget.run(30, async () => (order.push('c'), c.work())),
    ];
    await Promise.resolve();
    // b does not fit beside a; c waits behind b, first come first served.
    expect(order).toEqual(['a']);
    expect(budget.inFlight()).toBe(60);
    expect(budget.waiting()).toBe(2);
    a.finish();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b', 'c']);
    expect(budget.inFlight()).toBe(90);
    b.finish();
    c.finish();
    await Promise.all(runs);
    expect(budget.inFlight()).toBe(0);
  });

  it('lets one image larger than the whole budget go alone, and frees its share when it fails', async () => {
    const budget = createPixelBudget(100);
    await expect(budget.run(500, () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(budget.inFlight()).toBe(0);
    expect(await budget.run(500, async () => 'decoded')).toBe('decoded');
  });
});
