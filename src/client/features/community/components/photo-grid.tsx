// Up to 5 pictures, the first one large; 'No photos available' otherwise. The pictures are generated
// illustrations, not photos of the place: each says so in its alt text and a visible caption (ADR 008).
import { ImageOffIcon } from 'lucide-react';
import { useState } from 'react';
import { IllustrationCaption } from '../../../components/illustration-caption';
import { useInlinePicture } from '../../../lib/inline-pictures';
import { cn } from '../../../lib/utils';

export const MAX_PHOTOS = 5;

/** Grid cell classes for the photos after the first, by how many there are (keeps the grid full). */
const REST_LAYOUT: Record<number, string[]> = {
  1: ['col-span-2 row-span-2'],
  2: ['col-span-2', 'col-span-2'],
  3: ['', '', 'col-span-2'],
  4: ['', '', '', ''],
};

/** A photo that degrades to a quiet placeholder when it cannot be loaded (never a broken-image icon). */
function Photo({ src, alt, className, priority }: { src: string; alt: string; className?: string; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  const shown = useInlinePicture(src);
  if (failed) {
    return (
      <div role="img" aria-label={alt} className={cn('flex size-full min-h-0 items-center justify-center bg-muted text-gray-400', className)}>
        <ImageOffIcon className="size-8" aria-hidden="true" />
      </div>
    );
  }
  return (
    <figure className={cn('relative m-0 size-full min-h-0', className)}>
      <img
        src={shown}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        onError={() => setFailed(true)}
        className="size-full min-h-0 bg-muted object-cover"
      />
      <figcaption className="contents">
        <IllustrationCaption />
      </figcaption>
    </figure>
  );
}

export function PhotoGrid({ photos, name }: { photos: string[]; name: string }) {
  const shown = photos.slice(0, MAX_PHOTOS);
  if (shown.length === 0) {
    return (
      <div className="flex h-48 flex-col items-center justify-center gap-2 rounded-xl bg-muted text-muted-foreground sm:h-56" data-testid="photo-grid">
        <ImageOffIcon className="size-10" aria-hidden="true" />
        <p>No photos available</p>
      </div>
    );
  }
  const [first, ...rest] = shown;
  const layout = REST_LAYOUT[rest.length] ?? [];
  return (
    <div
      className={cn('grid h-64 gap-2 overflow-hidden rounded-xl sm:h-80 lg:h-[26rem]', rest.length > 0 ? 'grid-cols-4 grid-rows-2' : 'grid-cols-1')}
      data-testid="photo-grid"
    >
      <Photo key={first} src={first!} alt={`Illustration of ${name}, picture 1 of ${shown.length}`} priority className={rest.length > 0 ? 'col-span-2 row-span-2' : undefined} />
      {rest.map((src, i) => (
        <Photo key={src} src={src} alt={`Illustration of ${name}, picture ${i + 2} of ${shown.length}`} className={layout[i]} />
      ))}
    </div>
  );
}
