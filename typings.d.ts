/** Ambient module types for files the bundler imports (tsconfig.json includes this file). */
declare module '*.less' {
  const classes: { readonly [key: string]: string };
  export default classes;
}

/** The app's antd themes as the build derived them (plugins/derivedTheme); undefined outside a build. */
declare const DERIVED_ANTD_THEMES: import('./src/constants/derivedTheme').DerivedThemes | undefined;
