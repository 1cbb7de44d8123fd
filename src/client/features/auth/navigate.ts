// A full page load (not a client-side route change): after signing in, the header and every cached
// query must start over as the signed-in user. A module of its own so tests can replace it.
export function navigateTo(path: string): void {
  window.location.assign(path);
}
