/**
 * Whether this code runs from the production bundle (server/dist/*.js, plain Node) or from the TypeScript
 * sources through tsx (development and tests). Entry points that start other threads or processes need to know.
 */
export const isBundled = import.meta.url.endsWith('.js');
