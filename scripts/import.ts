// `npm run import -- <cms|fl|tx|auto> <file> [--as-of YYYY-MM-DD]`: imports a public data file into the app's database
// (DATABASE_URL, or the embedded server under DATA_DIR, started here or reused when the app runs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { formatSummary, ImportError, isImportKind, runImport } from '../src/server/db/import';
import { runMigrations } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';

const USAGE = 'Usage: npm run import -- <cms|fl|tx|auto> <file.csv> [--as-of YYYY-MM-DD]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // --as-of: the date the file's data describes, for files that do not say it (ADR 008).
  let asOf: string | undefined;
  const at = args.findIndex((a) => a === '--as-of' || a.startsWith('--as-of='));
  if (at >= 0) {
    const arg = args[at]!;
    asOf = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
    args.splice(at, arg.includes('=') ? 1 : 2);
    if (!asOf) {
      console.error(`--as-of needs a date (YYYY-MM-DD). ${USAGE}`);
      return 1;
    }
  }
  const [kindArg, fileArg, ...extra] = args;
  if (!kindArg || !fileArg || extra.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const kind = kindArg.toLowerCase();
  if (kind !== 'auto' && !isImportKind(kind)) {
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
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      embeddedPort: env.EMBEDDED_PG_PORT,
      poolMax: 4,
      log: (m) => console.log(`[db] ${m}`),
    });
    await runMigrations(database.db);
    const summary = await runImport(database.pool, {
      kind,
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
    await database?.close();
  }
}

process.exitCode = await main();
