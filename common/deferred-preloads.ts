/**
 * The script files a page asks for once it has painted (common/start-after-paint.ts): the build
 * writes them into each page as `<meta name="app-preload">` tags, and the server adds those of
 * the screen it rendered, so the screen's chunks are all asked for at once, in one insertion,
 * instead of one link at a time while its code loads (docs/PERFORMANCE.md, "Blocking time on
 * /browse").
 */

/** An entry of Vite's build manifest (dist/client/.vite/manifest.json), as far as it is read here. */
export type ManifestChunk = { file: string; imports?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** The tag that asks for `files` once the page has painted. */
export function deferredPreloads(files: string[]): string {
  return files.length > 0 ? `<meta name="app-preload" content="${files.join(' ')}">` : '';
}

/** A source file's chunk and every chunk it imports statically, as URL paths (`/assets/…`). */
export function chunkFiles(manifest: BuildManifest, sources: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(`/${chunk.file}`);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const source of sources) visit(source);
  return files;
}
