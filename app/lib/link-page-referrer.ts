/**
 * The referrer policy of a page whose address carries a secret (an e-mailed link's token): no
 * request sends the path, so the token never leaves in a Referer. Not "no-referrer": with it,
 * browsers send `Origin: null` on the page's form POST before hydration, which the CSRF origin
 * check refuses, and these pages' forms must work without JavaScript.
 */
export const LINK_PAGE_REFERRER = { name: "referrer", content: "strict-origin" } as const;
