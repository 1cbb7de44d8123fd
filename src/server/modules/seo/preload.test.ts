import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AFTER_PAINT_ID, createPagePreloads, modulepreloadTags, preloadAfterPaint } from './preload';

const dir = mkdtempSync(path.join(tmpdir(), 'preload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createPagePreloads', () => {
  it("names a screen's chunk and its static imports, not what the entry and the app's start already load", () => {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        // The entry imports the app's start (boot.tsx) after the first paint; the shell preloads both.
        'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['boot.tsx', 'features/chat/chat-widget.tsx'] },
        'boot.tsx': { file: 'assets/boot-1.js', imports: ['_react.js'] },
        'features/chat/chat-widget.tsx': { file: 'assets/chat-widget-1.js', imports: ['_form.js'] },
        '_react.js': { file: 'assets/react-1.js' },
        '_form.js': { file: 'assets/form-1.js', imports: ['_react.js', '_zod.js'] },
        '_zod.js': { file: 'assets/zod-1.js' },
        'features/community/community-page.tsx': { file: 'assets/community-page-1.js', imports: ['boot.tsx', '_react.js', '_form.js'] },
      }),
    );
    const preloads = createPagePreloads(dir);
    expect(preloads('community')).toEqual(['/assets/community-page-1.js', '/assets/form-1.js', '/assets/zod-1.js']);
    expect(preloads('landing')).toEqual([]);
    expect(modulepreloadTags(preloads('community')).split('\n').map((l) => l.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/community-page-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/zod-1.js" />',
    ]);
  });

  it('gives no hints without a manifest', () => {
    expect(createPagePreloads(path.join(dir, 'missing'))('community')).toEqual([]);
  });

  it("moves a server-rendered page's modulepreloads out of the head into the list loaded after its first paint", () => {
    const shell = '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin="" href="/assets/boot-1.js">\n    <link rel="modulepreload" crossorigin="" href="/assets/react-1.js">\n  </head>';
    const after = preloadAfterPaint(shell, ['/assets/community-page-1.js', '/assets/react-1.js']);
    expect(after.shell).toBe('<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    </head>');
    expect(after.block).toBe(
      `<script type="application/json" id="${AFTER_PAINT_ID}">["/assets/boot-1.js","/assets/react-1.js","/assets/community-page-1.js"]</script>`,
    );
  });
});
