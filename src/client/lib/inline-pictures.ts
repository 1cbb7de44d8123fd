// The page's largest picture as the server put it into the HTML (ADR 028): a data: URI under the query key
// ['/media/inline'] ({ [picture URL]: data URI }, modules/seo). Rendering that URI instead of the URL, on the
// server and while hydrating alike, paints the picture with the first screen: no request on a connection
// the page's scripts are still using.
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState } from 'react';

/** The query key of the inline pictures (src/server/modules/seo/seo.routes.ts writes the same). */
export const INLINE_PICTURES_KEY = '/media/inline';

/** `src`, or the page's inline copy of it. Read once per component: the same picture stays on screen. */
export function useInlinePicture(src: string): string {
  // The context, not useQueryClient: a card drawn outside a query provider (a test) just shows its URL.
  const client = useContext(QueryClientContext);
  const [inline] = useState(() => ({ src, uri: client?.getQueryData<Record<string, string>>([INLINE_PICTURES_KEY])?.[src] }));
  return inline.src === src && inline.uri?.startsWith('data:image/') ? inline.uri : src;
}
