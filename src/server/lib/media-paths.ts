// Where a generated community picture is served (media.routes.ts): the one spelling of the path that the generator
// writes into communities.photos and that the search index recognises to keep a count instead of the list.

/** The path of community `id`'s picture number `k` (1-based). */
export const communityPhotoPath = (id: number, k: number): string => `/media/communities/${id}/${k}.svg`;
