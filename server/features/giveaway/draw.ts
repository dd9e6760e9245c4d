import { createHash, randomBytes } from 'node:crypto';

/** 2^32: each attempt reads one unsigned 32-bit number. */
const RANGE = 0x1_0000_0000;

/** A fresh draw seed: 32 random bytes as 64 hex characters. */
export function newDrawSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The fair draw among a give-away's requesters: anyone holding the recorded seed and entrants
 * can recompute the winner. Attempt k reads the first 4 bytes of sha256(`${seed}:${k}`) as a
 * big-endian unsigned number v; v is accepted when it is below the largest multiple of the
 * entrant count that fits in 2^32, and then entrants[v mod count] wins. Rejecting the top
 * remainder is what keeps every entrant's chance exactly equal (a plain modulo would favour the
 * first ones); a rejection is rarer than one in 2^32 / count, and the next attempt follows.
 */
export function drawWinner(seed: string, entrants: readonly number[]): number {
  const count = entrants.length;
  if (count === 0) throw new Error('a draw needs at least one entrant');
  const limit = RANGE - (RANGE % count);
  for (let attempt = 0; ; attempt += 1) {
    const value = createHash('sha256').update(`${seed}:${attempt}`).digest().readUInt32BE(0);
    const winner = value < limit ? entrants[value % count] : undefined;
    if (winner !== undefined) return winner;
  }
}
