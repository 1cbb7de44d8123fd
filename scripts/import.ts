// `npm run import -- <cms|fl|tx|auto> <file> [--as-of YYYY-MM-DD]`: imports a public data file into the app's database
// (DATABASE_URL, or the embedded server under DATA_DIR, started here or reused when the app runs).
// `npm run import -- licensed <file> [--state XX] [--source "<agency>"] [--as-of YYYY-MM-DD] [--partial]`:
// any state's licence list (src/server/db/import/sources/licensed.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPool, openDatabase, wrapPool, type Database } from '../src/server/db/client';
import { formatSummary, ImportError, isImportKind, runImport } from '../src/server/db/import';
import { formatDirectorySummary, runDirectoryImport } from '../src/server/db/import/directory-run';
import { runMigrations } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';

const USAGE =
  'Usage: npm run import -- <cms|fl|tx|auto> <file.csv> [--as-of YYYY-MM-DD]\n       npm run import -- licensed <file.csv[.gz]> [--state XX] [--source "<agency>"] [--as-of YYYY-MM-DD] [--partial]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { state: { type: 'string' }, source: { type: 'string' }, 'as-of': { type: 'string' }, partial: { type: 'boolean', default: false } },
    });
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 1;
  }
  const [kindArg, fileArg, ...extra] = parsed.positionals;
  const flags = parsed.values;
  const licensed = kindArg?.toLowerCase() === 'licensed';
  if (!licensed && (flags.state || flags.source || flags.partial)) {
    console.error(`--state, --source and --partial are options of the 'licensed' importer.\n${USAGE}`);
    return 1;
  }
  if (flags['as-of'] && !/^\d{4}-\d{2}-\d{2}$/.test(flags['as-of'])) {
    console.error(`--as-of '${flags['as-of']}' is not a date YYYY-MM-DD.`);
    return 1;
  }
  // --as-of: the date the file's data describes, for files that do not say it (ADR 008).
  const asOf = flags['as-of'];
  if (!kindArg || !fileArg || extra.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const kind = kindArg.toLowerCase();
  if (!licensed && kind !== 'auto' && !isImportKind(kind)) {
    console.error(`Unknown import kind '${kindArg}'. ${USAGE}`);
    return 1;
  }
  let content: Buffer;
  try {
    content = await readFile(fileArg);
  } catch (e) {
    console.error(`Cannot read ${fileArg}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const env = loadEnv();
  let database: Database | null = null;
  let pool: ReturnType<typeof createPool> | null = null;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      embeddedPort: env.EMBEDDED_PG_PORT,
      poolMax: 4,
      log: (m) => console.log(`[db] ${m}`),
    });
    // Migrations and imports on a pool of their own without the request timeouts (a state file and its
    // aggregate refresh can take longer than a request's 5 s statement limit).
    pool = createPool(database.url, 4);
    await runMigrations(wrapPool(pool));
    if (licensed) {
      const result = await runDirectoryImport(pool, {
        kind: 'licensed',
        fileName: path.basename(fileArg),
        content,
        state: flags.state,
        sourceName: flags.source,
        asOf: flags['as-of'],
        complete: !flags.partial,
      });
      for (const line of formatDirectorySummary(result)) console.log(line);
      return 0;
    }
    const summary = await runImport(pool, {
      kind: kind === 'auto' || isImportKind(kind) ? kind : 'auto',
      fileName: path.basename(fileArg),
      content,
      ...(asOf !== undefined ? { asOf } : {}),
    });
    for (const line of formatSummary(summary)) console.log(line);
    return 0;
  } catch (e) {
    if (e instanceof ImportError) {
      console.error(`Import of ${path.basename(fileArg)} failed: ${e.message}`);
      console.error('Nothing was changed in the database.');
    } else {
      console.error(`Import failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    return 1;
  } finally {
    await pool?.end();
    await database?.close();
  }
}

process.exitCode = await main();
