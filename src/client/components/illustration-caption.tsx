// The visible caption on generated community pictures: they are illustrations, not photos (ADR 008).
import { cn } from '../lib/utils';

export const ILLUSTRATION_CAPTION = 'Illustration';

export function IllustrationCaption({ className }: { className?: string }) {
  return (
    <span
      data-testid="illustration-caption"
      className={cn('pointer-events-none absolute bottom-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white', className)}
    >
      {ILLUSTRATION_CAPTION}
    </span>
  );
}
