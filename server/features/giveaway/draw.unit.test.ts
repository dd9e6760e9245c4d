import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawWinner, newDrawSeed } from './draw.js';

const SEEDS = 30_000;

/** Pearson's chi-square statistic of the winners' counts against a uniform draw. */
function chiSquare(pick: (seed: string, entrants: number[]) => number, entrants: number[]): number {
  const counts = new Map(entrants.map((id) => [id, 0]));
  for (let i = 0; i < SEEDS; i += 1) {
    const winner = pick(`seed-${i}`, entrants);
    counts.set(winner, (counts.get(winner) ?? 0) + 1);
  }
  const expected = SEEDS / entrants.length;
  return [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/**
 * Critical values at p = 0.001: a fair draw exceeds them once in a thousand runs, and the seeds
 * are fixed, so the test is deterministic.
 */
const CRITICAL = { 3: 13.82, 7: 22.46 } as const;

/** A picker with modulo bias: one hex digit (0 to 15) of the same hash, reduced modulo the count. */
function hexDigitModulo(seed: string, entrants: number[]): number {
  const digit = parseInt(createHash('sha256').update(`${seed}:0`).digest('hex').charAt(0), 16);
  return entrants[digit % entrants.length] ?? 0;
}

describe('drawWinner', () => {
  it('is reproducible: the same seed and entrants give the same winner', () => {
    const seed = newDrawSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const entrants = [41, 7, 99, 12];
    const winner = drawWinner(seed, entrants);
    expect(entrants).toContain(winner);
    for (let i = 0; i < 5; i += 1) expect(drawWinner(seed, [...entrants])).toBe(winner);
    // Known values (docs/decisions/014), so a change to the algorithm cannot pass unnoticed.
    expect(drawWinner('littleloop', [1, 2, 3])).toBe(1);
    expect(drawWinner('0'.repeat(64), [10, 20, 30, 40, 50, 60, 70])).toBe(10);
  });

  it.each([3, 7] as const)('is uniform over %i entrants (chi-square over 30,000 seeds)', (count) => {
    const entrants = Array.from({ length: count }, (_, index) => 100 + index);
    expect(chiSquare(drawWinner, entrants)).toBeLessThan(CRITICAL[count]);
  });

  it('has a bound that a biased or constant picker fails', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7];
    // 16 = 2 * 7 + 2: the first two entrants win 3/16 each, the others 2/16.
    expect(chiSquare(hexDigitModulo, seven)).toBeGreaterThan(CRITICAL[7]);
    expect(chiSquare(hexDigitModulo, [1, 2, 3])).toBeGreaterThan(CRITICAL[3]);
    expect(chiSquare(() => 1, [1, 2, 3])).toBeGreaterThan(CRITICAL[3]);
  });

  it('refuses an empty draw and picks the only entrant of one', () => {
    expect(() => drawWinner('seed', [])).toThrow();
    expect(drawWinner('seed', [5])).toBe(5);
  });
});
