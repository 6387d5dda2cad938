/** What the app says to its service worker: take over now (the user asked for the new version). */
export const SKIP_WAITING = 'SKIP_WAITING';
