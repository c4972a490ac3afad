/**
 * Analytics values without Zod, so the page-load tracking of every page can use them without
 * bringing the schemas of common/analytics along.
 */

/** The web app's id: "visitor", a timestamp and a random string (spec), e.g. visitor_1763..._k3x9. */
export const visitorIdPattern = /^visitor[\w-]{6,80}$/;
