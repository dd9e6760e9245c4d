import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** API answers below this many bytes go out as they are: compressing them saves nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers above the threshold with brotli (quality 4, fast enough per request) or
 * gzip, whichever the browser prefers, and says `Vary: Accept-Encoding`. Built client assets
 * are already compressed (static-client.ts), so they pass through untouched; the live event
 * stream hijacks its reply and is never buffered. Request bodies are not decompressed.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
});
