// A built client for the tests that serve one: `<temp>/client` with the given files. Its sibling `ssr`
// (where the server looks for the server renderer, modules/seo/ssr.ts) is inside the same fresh temporary
// folder, so a renderer some other build left in the system's temp folder (`/tmp/ssr`) never changes what
// these tests serve. `remove()` deletes the whole folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function makeClientDir(files: Record<string, string | Buffer>): { dir: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'sl-client-'));
  const dir = path.join(root, 'client');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
