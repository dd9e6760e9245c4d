import { sql, type SQL } from 'drizzle-orm';

/** A text query reads at most this many words; the rest of a long text is ignored. */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a text: letters and digits, lower case, at most MAX_QUERY_WORDS. The SQL form in
 * prefixTsQueryOf splits a stored text the same way.
 */
export function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * A typed search as a prefix query: every word's start, joined by AND, in the given weights
 * ('AB': titles and brands), so "wooden tra" matches "Wooden train set". Built here as a
 * constant, so the planner sees the words.
 */
export function toPrefixTsQuery(search: string, weights = ''): string | undefined {
  const words = searchWords(search);
  return words.length > 0 ? words.map((word) => `${word}:*${weights}`).join(' & ') : undefined;
}

/**
 * The same prefix query for a text the database holds (a Wanted post's title, a saved search's
 * term), worked out per row in SQL, minus skipWords. NULL when no word is left, which then
 * matches nothing. text-query.test.ts holds the two forms to the same words.
 */
export function prefixTsQueryOf(text: SQL, skipWords: readonly string[] = []): SQL {
  const skip =
    skipWords.length > 0
      ? sql`and word not in (${sql.join(
          skipWords.map((word) => sql`${word}`),
          sql`, `,
        )})`
      : sql``;
  return sql`(select to_tsquery('english', string_agg(word || ':*', ' & '))
    from (select word from regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') as word
          where word <> '' ${skip} limit ${sql.raw(String(MAX_QUERY_WORDS))}) as words)`;
}
