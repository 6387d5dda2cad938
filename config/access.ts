/**
 * Feature flags that admins switch on and off. Each key is an access name used in
 * config/routes.ts; a route whose flag is false is hidden and visiting it goes to `/`.
 */
export default {
  calculate: true,
  mall: true,
  transfer: true,
  deposit: true,
  withdraw: true,
  invite: true,
} as const;
