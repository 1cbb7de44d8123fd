// Generated community illustrations, served under /media (outside /api).
import { z } from 'zod';
import { safeText } from '../../../contracts/text';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { communityIllustration } from './illustration';

/** Photos per community are numbered 1..MAX_PHOTO (the generator uses at most 5). */
export const MAX_PHOTO = 12;
const ILLUSTRATION_VERSION = 1;

const paramsSchema = z.object({
  id: safeText().regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer'),
  file: safeText().regex(/^[0-9]{1,3}\.svg$/, 'must be {n}.svg'),
});

/** A community picture's path as the API lists it (`/media/communities/{id}/{n}.svg`). */
const PICTURE_PATH = /^\/media\/communities\/([1-9][0-9]{0,9})\/([0-9]{1,3})\.svg$/;

/**
 * The picture at `src` as a data: URI when it is one of the generated illustrations, else null. A page
 * puts its largest picture into the HTML this way (ADR 028): it paints with the first screen instead of
 * after a request that shares the slow connection with the page's scripts.
 */
export function inlineIllustration(src: string): string | null {
  const m = PICTURE_PATH.exec(src);
  if (!m) return null;
  const id = Number(m[1]);
  const n = Number(m[2]);
  if (id > 2_147_483_647 || n < 1 || n > MAX_PHOTO) return null;
  return `data:image/svg+xml,${encodeURIComponent(communityIllustration(id, n))}`;
}

export const mediaRoutes: RouteModule = (app) => {
  app.get('/media/communities/:id/:file', { schema: { params: paramsSchema } }, async (request, reply) => {
    const id = Number(request.params.id);
    const n = Number(request.params.file.slice(0, -4));
    if (id > 2_147_483_647 || n < 1 || n > MAX_PHOTO) throw new AppError('NOT_FOUND', 'Image not found');
    const etag = `"c${id}-${n}-v${ILLUSTRATION_VERSION}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('Cross-Origin-Resource-Policy', 'same-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(communityIllustration(id, n));
  });
};
