// The entry: the styles, then the app once the server's HTML has painted. Module scripts run before the
// document's first paint; the app's code (React, the router, the screen) takes a few hundred milliseconds to
// evaluate on a slow phone and would hold that paint back, although a server-rendered page (ADR 028) needs no
// script to show its first screen. So the entry only waits for a frame and then imports boot.tsx, whose
// files the shell has already modulepreloaded (vite.config.ts, modules/seo/preload.ts): they are downloaded
// beside the styles and only evaluated later.
import '@fontsource-variable/inter';
import './styles.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./boot');
};
if (document.visibilityState === 'hidden') {
  // A tab opened in the background draws no frames (no requestAnimationFrame): start at once.
  start();
} else {
  // After the next frame is drawn (a task queued from requestAnimationFrame runs after that paint); the
  // timeout only in case frames are not produced.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
}
