import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from './client.js';

type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder that stops after `lastTag`: the database an older release left. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'littleloop-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('upgrading a database with handovers recorded by the owner alone', () => {
  it("keeps a handover the receiver went on to review, and reopens one backed by the owner's word alone", async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const olderFolder = migrationsUpTo('0017_category-earth-indexes');
    cleanups.push(
      () => client.close(),
      () => rmSync(olderFolder, { recursive: true, force: true }),
    );
    await migrate(drizzle(client), { migrationsFolder: olderFolder });

    // Three parents: Maya gave two items away, to Sam (who then reviewed her) and to Ada (who never did).
    const { rows: people } = await client.query<{ id: number }>(
      `insert into users (email, password, first_name, last_name, rating, total_ratings)
       values ('maya@example.com', 'x', 'Maya', 'Rivera', 4.80, 12),
              ('sam@example.com', 'x', 'Sam', 'Okafor', 5.00, 1),
              ('ada@example.com', 'x', 'Ada', 'Lind', 1.00, 1)
       returning id`,
    );
    const [maya, sam, ada] = people.map((person) => person.id);
    const { rows: given } = await client.query<{ id: number }>(
      `insert into items (title, description, category, condition, exchange_type, user_id, status, is_available)
       values ('Board books', 'Six books', 'books', 'good', 'free', $1, 'free', false),
              ('Rain boots', 'Size 9', 'clothes', 'good', 'free', $1, 'free', false)
       returning id`,
      [maya],
    );
    const [booksId, bootsId] = given.map((item) => item.id);
    const completedAt = '2026-10-01T10:00:00Z';
    const { rows: handovers } = await client.query<{ id: number }>(
      `insert into exchanges (item_id, buyer_id, seller_id, status, completed_at, seller_rating, buyer_rating)
       values ($1, $3, $5, 'completed', $6, 5, 4), ($2, $4, $5, 'completed', $6, 1, null)
       returning id`,
      [booksId, bootsId, sam, ada, maya, completedAt],
    );
    const [withSam, withAda] = handovers.map((exchange) => exchange.id);
    await client.query(
      `insert into reviews (exchange_id, reviewer_id, reviewed_user_id, item_title, rating, created_at)
       values ($1, $3, $4, 'Board books', 4, '2026-10-02T10:00:00Z'),
              ($1, $4, $3, 'Board books', 5, '2026-10-02T11:00:00Z'),
              ($2, $4, $5, 'Rain boots', 1, '2026-10-02T12:00:00Z')`,
      [withSam, withAda, sam, maya, ada],
    );

    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });

    const { rows: exchanges } = await client.query<{
      id: number;
      status: string;
      chosen_by: string;
      giver_confirmed_at: Date | null;
      receiver_confirmed_at: Date | null;
      completed_at: Date | null;
      seller_rating: number | null;
      lapses_at: Date | null;
    }>(
      `select id, status, chosen_by, giver_confirmed_at, receiver_confirmed_at, completed_at, seller_rating, lapses_at
       from exchanges order by id`,
    );
    const samsHandover = exchanges.find((exchange) => exchange.id === withSam);
    const adasHandover = exchanges.find((exchange) => exchange.id === withAda);
    expect(samsHandover).toMatchObject({ status: 'completed', chosen_by: 'record' });
    expect(samsHandover?.giver_confirmed_at?.toISOString()).toBe('2026-10-01T10:00:00.000Z');
    expect(samsHandover?.receiver_confirmed_at?.toISOString()).toBe('2026-10-02T10:00:00.000Z');
    expect(adasHandover).toMatchObject({ status: 'pending', completed_at: null, seller_rating: null });
    expect(adasHandover?.receiver_confirmed_at).toBeNull();
    expect(adasHandover?.lapses_at).not.toBeNull();

    // Ada's one-star, written on Maya's word alone, is gone; every rating is its review rows.
    const { rows: reviews } = await client.query<{ reviewer_id: number; reviewed_user_id: number }>(
      'select reviewer_id, reviewed_user_id from reviews order by id',
    );
    expect(reviews).toEqual([
      { reviewer_id: sam, reviewed_user_id: maya },
      { reviewer_id: maya, reviewed_user_id: sam },
    ]);
    const { rows: ratings } = await client.query<{ id: number; rating: string; total_ratings: number }>(
      'select id, rating::text, total_ratings from users order by id',
    );
    expect(ratings).toEqual([
      { id: maya, rating: '4.00', total_ratings: 1 },
      { id: sam, rating: '5.00', total_ratings: 1 },
      { id: ada, rating: '0.00', total_ratings: 0 },
    ]);
  });
});
