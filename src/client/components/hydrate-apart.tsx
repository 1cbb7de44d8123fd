// A part of a server-rendered screen that React hydrates in a pass of its own (ADR 028, "Hydration in
// parts"): React hydrates the content of a Suspense boundary after the layout around it and commits each
// boundary separately, so one long task that adopts the whole screen becomes several short ones and the
// browser can paint and answer input between them. Nothing inside suspends in practice (the parts read
// their props or start their own requests once mounted), so the empty fallback is never seen; a part that
// does suspend on a client render shows nothing until it is ready, as it would without the boundary.
// Only for parts whose first render depends on nothing another part may have fetched meanwhile: a part
// hydrated later must still match the server's HTML.
import { type ReactNode, Suspense } from 'react';

export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
