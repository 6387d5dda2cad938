/** Ambient module types for files the bundler imports (tsconfig.json includes this file). */
declare module '*.less' {
  const classes: { readonly [key: string]: string };
  export default classes;
}
