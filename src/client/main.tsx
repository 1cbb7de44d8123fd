// The entry: the styles, then the app (boot.tsx). A page the server rendered (ADR 028) needs no script to
// show its first screen, so its scripts wait for that paint: the server lists them in a data block instead
// of preloading them from the head (modules/seo/preload.ts), where on a slow connection they would share the
// bandwidth with the styles and the font and hold the first paint back, and the app's evaluation (React,
// the router, the screen: a few hundred milliseconds on a slow phone) would run before it. Any other page
// starts at once; its shell preloads the app's files (vite.config.ts).
import '@fontsource-variable/inter';
import './styles.css';

/** The id of the data block of scripts to load after the first paint (src/server/modules/seo/preload.ts). */
const AFTER_PAINT_ID = 'preload-after-paint';

/** Links appended per task: each modulepreload link costs the main thread about a millisecond as it is
 * inserted (on a slow phone four), and the search page lists over fifty files: in one task that was a long
 * task of its own (ADR 028). */
const PRELOADS_PER_TASK = 6;

/** Appends a modulepreload link for each file listed, a few per task; resolves when all are in the head. */
async function preloadListed(block: HTMLElement): Promise<void> {
  let files: unknown;
  try {
    files = JSON.parse(block.textContent ?? '[]');
  } catch {
    return; // a broken list only costs the preloads: each file is still imported when needed
  }
  if (!Array.isArray(files)) return;
  const hrefs = files.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/'));
  for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  const listed = document.getElementById(AFTER_PAINT_ID);
  // The app is imported once its files are all listed: importing it earlier would have Vite's own preloader
  // insert the links still missing, all in one task.
  const preloaded = listed ? preloadListed(listed) : Promise.resolve();
  // Two tasks instead of one: React DOM, most of the app's script, is evaluated first; the app (boot.tsx,
  // which imports it again from the module map) after a yield. Evaluating a module graph cannot be split
  // otherwise, and on a slow phone the whole graph was one long task (ADR 028, "Hydration in parts").
  void preloaded
    .then(() => import('react-dom/client'))
    .catch(() => {}) // boot.tsx's own import of it fails again, where the error can be seen
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./boot'));
};
const serverRendered = document.getElementById('root')?.dataset.ssr === '1';
if (!serverRendered || document.visibilityState === 'hidden') {
  // Nothing to show without the app, or a tab opened in the background, which draws no frames.
  start();
} else {
  // After the next frame is drawn (a task queued from requestAnimationFrame runs after that paint); the
  // timeout in case no frame comes.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 300);
}
