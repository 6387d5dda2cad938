/**
 * The sign-in code and ethers' provider stack (about 95 KB gzip) load only when someone signs in,
 * keeping them out of the first load of every page. A module of its own so tests can load it
 * synchronously (jest runs CommonJS, without native dynamic import).
 */
export const loadSignIn = () => import(/* webpackChunkName: "wallet-sign-in" */ './signIn');
