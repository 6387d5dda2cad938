/** Business constants of the product. */
import { PHONE_MAX_WIDTH } from '../../contract/rules/layout';

export const ERROR_NOTIFICATION_THRESHOLD = 100;
/** duration 0: the long-error notification never closes by itself */
export const ERROR_NOTIFICATION_DURATION = 0;
export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const LOGIN_REDIRECT_ENABLED = true;
export const LOGIN_PATH = '/login';
export { APP_DEFAULT_LOCALE as DEFAULT_LOCALE } from '../../contract/rules/locales';
/** Every request says which language it wants errors in. */
export const REQUEST_LANGUAGE = 'zh-TW';
/** Widest screen that counts as a phone (contract/rules/layout.ts). */
export { PHONE_MAX_WIDTH };
/** The media query of a phone screen, for CSS and for useIsPhone. */
export const PHONE_MEDIA_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'] as const;
/** The product's name where the app draws it itself (the invite poster). */
export const APP_NAME = 'PowerFi';
