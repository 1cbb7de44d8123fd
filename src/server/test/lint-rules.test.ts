// The layer rules of eslint.config.js fail on a leak (issue 11): each case lints a few lines as if they
// stood at a real path of the project and expects the rule's error; the allowed neighbour passes.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM config file without types
import { FEATURES, SERVER_MODULES } from '../../../eslint.config.js';
// @ts-expect-error -- a plain ESM rule file without types
import local from '../../../eslint/no-import-cycle.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** The folders under a directory of the project, sorted (a new feature or module is a new folder). */
const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe('client features', () => {
  it('reads the feature list from the folders', () => {
    expect(FEATURES).toEqual(folders('src/client/features'));
  });

  it('refuses an import of another feature and allows lib/', async () => {
    expect(await lint('src/client/features/search/leak.ts', "import { errorMessage } from '../admin/api/admin-api';\nexport const x = errorMessage;\n")).toEqual([
      expect.stringContaining('A feature never imports another feature'),
    ]);
    expect(await lint('src/client/features/search/ok.ts', "import { withQuery } from '../../lib/api';\nexport const x = withQuery;\n")).toEqual([]);
  });
});

describe('server modules', () => {
  it('reads the module list from the folders', () => {
    expect(SERVER_MODULES).toContain('communities');
    expect(SERVER_MODULES).toContain('favorites');
    expect(SERVER_MODULES).toEqual(folders('src/server/modules'));
  });

  it("refuses another module's repo and allows its service and the module's own repo", async () => {
    expect(await lint('src/server/modules/favorites/leak.ts', "import { loadCommunities } from '../communities/search.repo';\nexport const x = loadCommunities;\n")).toEqual([
      expect.stringContaining("A module uses another module's service, never its repo"),
    ]);
    expect(await lint('src/server/modules/favorites/ok.ts', "import { loadCommunityCards } from '../communities/cards.service';\nexport const x = loadCommunityCards;\n")).toEqual([]);
    expect(await lint('src/server/modules/communities/ok.ts', "import { loadCommunities } from './search.repo';\nexport const x = loadCommunities;\n")).toEqual([]);
  });

  it('refuses modules/ from db/seed', async () => {
    expect(await lint('src/server/db/seed/leak.ts', "import { scoreText } from '../../modules/sentiment/sentiment';\nexport const x = scoreText;\n")).toEqual([
      expect.stringContaining('never imports modules/'),
    ]);
    expect(await lint('src/server/db/seed/ok.ts', "import { scoreText } from '../../lib/sentiment';\nexport const x = scoreText;\n")).toEqual([]);
  });
});

describe('import cycles', () => {
  it('reports an import that closes a cycle in the project (lib/api.ts -> lib/leads.ts -> lib/api.ts)', async () => {
    const messages = await lint('src/client/lib/api.ts', "import { createLead } from './leads';\nexport const x = createLead;\n");
    expect(messages).toEqual([expect.stringContaining('local/no-import-cycle: Import cycle: src/client/lib/api.ts -> src/client/lib/leads.ts -> src/client/lib/api.ts')]);
  });

  describe('on files of its own', () => {
    let dir: string;
    let cycleOnly: ESLint;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'no-cycle-'));
      mkdirSync(path.join(dir, 'sub'));
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './sub/b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'sub/b.ts'), "import { c } from '../c';\nexport const b = c;\n");
      writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
      writeFileSync(path.join(dir, 'd.ts'), "import type { E } from './e';\nexport type D = E;\n");
      writeFileSync(path.join(dir, 'e.ts'), "import { type D } from './d';\nexport type E = D | 1;\n");
      cycleOnly = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local }, rules: { 'local/no-import-cycle': 'error' } }],
      });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds a cycle through three files and ignores one made of type imports', async () => {
      const results = await cycleOnly.lintFiles(['a.ts', 'd.ts', 'e.ts']);
      const byFile = Object.fromEntries(results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.message)]));
      expect(byFile['a.ts']).toEqual(['Import cycle: a.ts -> sub/b.ts -> c.ts -> a.ts. Move the shared part into a module both can import.']);
      expect(byFile['d.ts']).toEqual([]);
      expect(byFile['e.ts']).toEqual([]);
    });
  });
});
