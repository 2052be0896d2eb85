/**
 * A route `handle` for pages with nothing interactive (about, privacy, terms, the 404 page): the
 * root renders them without Remix's scripts, so they ship no JavaScript at all. Their links are
 * then plain links, and the Contact links go to the /contact page, which works without it.
 */
export const staticPage = { hydrate: false } as const;

/** True when a matched route asked to be served without JavaScript. */
export const isStaticPage = (matches: { handle?: unknown }[]) =>
  matches.some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
