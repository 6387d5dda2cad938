/**
 * The app's default language: what a visitor without a stored choice or a known browser language
 * sees (Umi's locale plugin in .umirc.ts), the `lang` of the shell, and the language the public
 * first screens are prerendered in (./sitePaths.ts). Answers' error texts follow REQUEST_LANGUAGE
 * (src/constants/app.ts), not this.
 */
export const APP_DEFAULT_LOCALE = 'zh-CN';
