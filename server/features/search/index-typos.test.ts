import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/test-database';
import { runAtOnce } from './index-build';
import { trigramQuery, TypoIndexBuilder, wordSimilarity } from './index-typos';

/**
 * The index computes pg_trgm's word similarity itself (index-typos.ts) so that typo searches
 * need no database: it must give PostgreSQL's float4 exactly, for words of every length,
 * repeated trigrams, and extents that span several words ("newyork" in "new york").
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function pairs(count: number): [string, string][] {
  let seed = 11;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const words = ['accra', 'kumasi', 'new', 'york', 'osu', 'a', 'ab', 'lane', 'labone', 'aaa'];
  const words2 = ['ring', 'road', 'east', 'legon', '12', '3b', 'tema', 'takoradi', 'ho'];
  const mistype = (word: string) => {
    if (word.length < 2) return word;
    const at = Math.floor(random() * word.length);
    const edit = random();
    if (edit < 0.3) return word.slice(0, at) + word.slice(at + 1);
    if (edit < 0.6) return word.slice(0, at) + pick(['e', 'a', 'x']) + word.slice(at + 1);
    if (edit < 0.8) return word.slice(0, at) + pick(['e', 'k']) + word.slice(at);
    return word;
  };
  const out: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
      pick([...words, ...words2]),
    ).join(pick([' ', ', ', '-', ' #']));
    const length = 1 + Math.floor(random() * 3);
    const query = Array.from({ length }, () => mistype(pick([...words, ...words2]))).join(
      pick([' ', '', ' ']),
    );
    out.push([query, text]);
  }
  out.push(['newyork', 'new york'], ['new york', 'newyork'], ['acra', 'accra accra'], ['a', 'a']);
  return out;
}

describe('word similarity computed in memory', () => {
  it('equals pg_trgm’s word_similarity exactly, float4 for float4', async () => {
    const cases = pairs(600);
    const rows = await rowsOf<{ similarity: number }>(
      database.db,
      sql`SELECT word_similarity(q, t)::float8 AS similarity
        FROM unnest(${sql.param(cases.map(([q]) => q))}::text[],
          ${sql.param(cases.map(([, t]) => t))}::text[]) WITH ORDINALITY AS c(q, t, i)
        ORDER BY i`,
    );
    // Both ways the index computes it: from the strings (changed listings), and from the
    // trigram numbers of a built index (the base).
    const builder = new TypoIndexBuilder();
    for (const [, text] of cases) builder.add(text);
    const index = runAtOnce(builder.finish());
    const wrong = cases.flatMap(([query, text], i) => {
      const trigrams = trigramQuery(query, 0.5);
      const fromText = trigrams ? wordSimilarity(trigrams, text) : 0;
      const fromNumbers = trigrams ? index.similarityOf(i, trigrams) : 0;
      const theirs = Number(rows[i]!.similarity);
      return fromText === theirs && fromNumbers === theirs
        ? []
        : [`${query} in ${text}: ${fromText}, ${fromNumbers} ≠ ${theirs}`];
    });
    expect(wrong).toEqual([]);
    // Not all zero or one: the cases reach every part of the computation.
    const values = new Set(rows.map((row) => Number(row.similarity)));
    expect(values.size).toBeGreaterThan(20);
  });
});

describe('typo search over many listings', () => {
  it('finds exactly the listings pg_trgm finds, ranked by its word similarity, when texts share spans', async () => {
    // Listings written from a few templates, as agents write them: spans repeat, so most
    // similarities come from the memo of the query (typo-spans.ts); a few differ by a word.
    const cities = ['accra', 'kumasi', 'cape coast', 'tema'];
    const streets = ['ring road', 'oxford street', 'labone crescent'];
    const texts = Array.from({ length: 400 }, (_, n) => {
      const city = cities[n % 4]!;
      const title =
        n % 7 === 0 ? `${city} accraville annex` : `apartment ${1 + (n % 3)}-bedroom in ${city}`;
      return `${city} ghana ${1 + (n % 5)} ${streets[n % 3]} ${title} #${n}`;
    });
    const builder = new TypoIndexBuilder();
    for (const text of texts) builder.add(text);
    const index = runAtOnce(builder.finish());
    let matched = 0;
    for (const typo of ['acrra', 'accrx', 'kumsi', 'cape caost', 'temma', 'acra annex']) {
      const rows = await rowsOf<{ i: number; similarity: number }>(
        database.db,
        sql`SELECT i::int AS i, word_similarity(${typo}, t)::float8 AS similarity
          FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS c(t, i)
          WHERE word_similarity(${typo}, t) >= 0.5 ORDER BY similarity DESC, i`,
      );
      const similar = index.similar(trigramQuery(typo, 0.5)!)!;
      expect(
        [...similar.order].map((slot) => slot + 1),
        typo,
      ).toEqual(rows.map((r) => r.i));
      expect([...similar.rank], typo).toEqual(rows.map((r) => Number(r.similarity)));
      matched += rows.length;
    }
    expect(matched).toBeGreaterThan(300);
  });
});
