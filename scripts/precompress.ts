// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the client
// build, so the server sends compressed bytes without compressing per request (@fastify/static
// `preCompressed`, src/server/app.ts). node:zlib only; no binary dependencies.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (fonts in woff2 and images in png/jpg are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this size the headers cost more than compression saves. */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under `dir`; returns the files it compressed. */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotliAsync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    done.push(file);
  }
  return done;
}

/** Vite plugin: precompresses the output directory once the bundle is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'seniorscope-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      this.info?.(`precompressed ${files.length} files (br + gz)`);
    },
  };
}
