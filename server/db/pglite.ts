import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * How alike a word must be to count as a typo of another: 0.5 ("dinosour" finds "Dinosaur",
 * 0.56) rather than pg_trgm's default 0.6. Search's `<%` reads it from the connection; alerts
 * compare word_similarity() with it.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** Settings every connection gets, on PostgreSQL and on the embedded database. */
export const CONNECTION_SETTINGS = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
} as const;

export const PGLITE_EXTENSIONS = {
  pg_trgm,
  fuzzystrmatch,
  cube,
  earthdistance,
} satisfies PGliteOptions['extensions'];

/**
 * Opens PGlite (in memory, from a dump, or in a folder) with our extensions and settings. This
 * module imports nothing but PGlite, so the embedded database's worker thread loads only it.
 */
export async function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
  // The embedded database's pages sit in memory, where a random read costs about what a
  // sequential one does; with PostgreSQL's disk-era default (4) the planner collected every
  // text match of a common word instead of walking the position index and stopping.
  const embeddedSettings = { ...CONNECTION_SETTINGS, random_page_cost: '1.1' };
  for (const [name, value] of Object.entries(embeddedSettings)) {
    await client.query(`select set_config($1, $2, false)`, [name, value]);
  }
  return client;
}
