import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { build, defineConfig, type LogLevel, type Plugin } from 'vite';
import { precompress } from './scripts/precompress';

/** Preloads the one font file the first paint needs (Inter, latin subset; its @font-face uses font-display: swap). */
function preloadFirstFont(): Plugin {
  return {
    name: 'seniorscope-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(f));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * Modulepreloads of the app's start (src/client/boot.tsx, imported by the entry only after the first paint)
 * and its static imports: downloaded beside the entry, evaluated once main.tsx imports them (ADR 028).
 * Vite itself preloads only the entry's static imports.
 */
function preloadBoot(): Plugin {
  return {
    name: 'seniorscope-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/client/boot.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!boot || !entry) return [];
        const closure = (file: string, seen: Set<string>) => {
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== 'chunk') return;
          seen.add(file);
          for (const dep of chunk.imports) closure(dep, seen);
        };
        const already = new Set<string>();
        closure(entry.fileName, already);
        const files = new Set<string>();
        closure(boot.fileName, files);
        return [...files]
          .filter((f) => !already.has(f))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * After the client build, the server renderer (src/client/entry-server.tsx) into `<outDir>/../ssr`, where
 * src/server/modules/seo/ssr.ts looks for it (ADR 028). Dependencies stay external: the server resolves
 * react and the rest from node_modules.
 */
function serverRenderer(): Plugin {
  let outDir = '';
  let root = '';
  let logLevel: LogLevel | undefined;
  let production = true;
  return {
    name: 'seniorscope-ssr-bundle',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      logLevel = config.logLevel;
      production = config.mode === 'production';
    },
    async closeBundle() {
      // The JSX transform follows NODE_ENV (Vitest sets 'test'): a production build must call jsx(), not
      // jsxDEV(), which the production React the server loads does not have.
      const nodeEnv = process.env.NODE_ENV;
      if (production) process.env.NODE_ENV = 'production';
      try {
        await build({
        configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
        root,
        logLevel,
        build: { ssr: 'entry-server.tsx', outDir: path.join(outDir, '..', 'ssr'), emptyOutDir: true, manifest: false, copyPublicDir: false },
        });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), preloadFirstFont(), preloadBoot(), precompress(), serverRenderer()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // .vite/manifest.json: the server reads it to preload a page's own chunks with the shell (modules/seo).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/media': 'http://localhost:5000' },
  },
}));
