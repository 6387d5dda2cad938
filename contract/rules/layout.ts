/**
 * The widest screen that counts as a phone (≤ 768 px): the app's layout switches there (bottom
 * tab bar, touch-sized inputs; src/constants/app.ts), and the prerendered documents, made for a
 * phone, show their shell instead above it (server/prerender/prerenderedDocument.ts).
 */
export const PHONE_MAX_WIDTH = 768;
