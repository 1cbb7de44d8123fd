import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), preloadFirstFont(), precompress()],
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
});
