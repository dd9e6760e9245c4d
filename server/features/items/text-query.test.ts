/**
 * A typed search and a stored text (a Wanted post's title, a saved search's term) become the same
 * prefix query: one is built in TypeScript so the planner sees its words, the other per row in
 * SQL. These hold the two to one rule of what a word is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_QUERY_WORDS, prefixTsQueryOf, toPrefixTsQuery } from './text-query.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const TEXTS = [
  'Wooden train set',
  'wooden  TRA',
  'Board books – The Very Hungry Caterpillar',
  "That's Not My Puppy",
  'LEGO Classic bricks box (50)',
  'size 3-4y boots!!',
  'café crème pushchair',
  'Größe 92 Schneeanzug',
  'one two three four five six seven eight nine ten',
];

async function sqlForm(text: string, skipWords: string[] = []): Promise<string | null> {
  const [row] = rowsOf<{ query: string | null }>(
    await t.db.execute(sql`select ${prefixTsQueryOf(sql`${text}::text`, skipWords)}::text as query`),
  );
  return row?.query ?? null;
}

async function typedForm(text: string): Promise<string | null> {
  const query = toPrefixTsQuery(text);
  if (query === undefined) return null;
  const [row] = rowsOf<{ query: string }>(
    await t.db.execute(sql`select to_tsquery('english', ${query})::text as query`),
  );
  return row?.query ?? null;
}

describe('the prefix query of a text', () => {
  it.each(TEXTS)('is the same typed or stored: %s', async (text) => {
    expect(await sqlForm(text)).toBe(await typedForm(text));
  });

  it(`reads at most ${MAX_QUERY_WORDS} words either way`, async () => {
    const query = await sqlForm(TEXTS.at(-1) ?? '');
    expect(query?.split('&')).toHaveLength(MAX_QUERY_WORDS);
  });

  it('is no query for a text without words, which then matches nothing', async () => {
    expect(await typedForm(' – !! ')).toBeNull();
    expect(await sqlForm(' – !! ')).toBeNull();
    expect(await sqlForm('Boots', ['boots'])).toBeNull();
  });
});
