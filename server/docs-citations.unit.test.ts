import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: every rule the code cites lives in docs/. A comment citing
 * `PRODUCT §n` points at a `## n.` section of docs/PRODUCT.md, and nothing cites documents
 * that are not in the repository. The names of those documents are assembled below rather than
 * written out, so this file does not cite them itself.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'coverage', 'test-results', '.vite']);
const EXTENSIONS = /\.(ts|tsx|js|mjs|css|md)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(ROOT).map((path) => ({
  path: relative(ROOT, path).split(sep).join('/'),
  text: readFileSync(path, 'utf8'),
}));

const PRODUCT = 'PRODUCT';
const ORIGINAL = ['SP', 'EC'].join('');
const OUTSIDE_DOCS = ['CON' + 'TRACT', 'DES' + 'IGN', 'ST' + 'YLE'];

/** Line numbers (1-based) where a pattern matches, for a readable failure. */
function linesMatching(text: string, pattern: RegExp): number[] {
  return text.split('\n').flatMap((line, index) => (pattern.test(line) ? [index + 1] : []));
}

describe('citations of the rules', () => {
  const productText = readFileSync(join(ROOT, 'docs', 'PRODUCT.md'), 'utf8');
  const sections = new Set([...productText.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));

  it('docs/PRODUCT.md has the nine numbered sections', () => {
    expect([...sections].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it(`every ${PRODUCT} §n cited in the repository is a section of docs/PRODUCT.md`, () => {
    // "PRODUCT §2", "PRODUCT §2, §9", "PRODUCT §2/§4", "PRODUCT §5 and §8", "PRODUCT §8."
    const citation = new RegExp(
      `${PRODUCT} ?§ ?\\d+(?:\\.\\d+)?(?:(?:, ?| and |/| or )§ ?\\d+(?:\\.\\d+)?)*`,
      'g',
    );
    const unknown: string[] = [];
    for (const { path, text } of files) {
      for (const match of text.matchAll(citation)) {
        for (const number of match[0].matchAll(/§ ?(\d+)/g)) {
          if (!sections.has(Number(number[1]))) unknown.push(`${path}: ${match[0]}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('nothing cites the documents that were kept outside the repository', () => {
    const forbidden = [
      new RegExp(`\\b${ORIGINAL} ?§`),
      new RegExp(`(?<![\\w/.-])${ORIGINAL}\\.md`),
      new RegExp(`(?<![\\w/.-])${OUTSIDE_DOCS[0]}\\.md`),
    ];
    const found = files.flatMap(({ path, text }) =>
      forbidden.flatMap((pattern) => linesMatching(text, pattern).map((line) => `${path}:${line}`)),
    );
    expect(found).toEqual([]);
  });

  it('outside docs/, the look-and-feel and code-style pages are cited by their docs/ path', () => {
    const bare = new RegExp(`(?<![\\w/.-])(?:${OUTSIDE_DOCS[1]}|${OUTSIDE_DOCS[2]})\\.md`);
    const found = files
      .filter(({ path }) => !path.startsWith('docs/'))
      .flatMap(({ path, text }) => linesMatching(text, bare).map((line) => `${path}:${line}`));
    expect(found).toEqual([]);
  });
});
