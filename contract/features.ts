/**
 * Feature flags (docs/decisions.md, *Feature flags are the server's*): the features admins
 * switch on and off. Their names and build-time defaults are config/access.ts; the server
 * decides the current values (overridable at run time) and hands them to the SPA through this
 * public call.
 */
import { Type, type Static, type TBoolean, type TObject } from '@sinclair/typebox';
import featureDefaults from '../config/access';
import { defineEndpoint } from './endpoint';

export type Feature = keyof typeof featureDefaults;
export type FeatureFlagsType = Record<Feature, boolean>;

/** Every feature name, in the order of config/access.ts. */
export const FEATURES = Object.keys(featureDefaults) as Feature[];

export function isFeature(name: string): name is Feature {
  return (FEATURES as string[]).includes(name);
}

export const FeatureFlags = Type.Object(
  Object.fromEntries(FEATURES.map((feature) => [feature, Type.Boolean()])) as Record<Feature, TBoolean>,
) as TObject<Record<Feature, TBoolean>>;

export const featureEndpoints = {
  flags: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/features', auth: false,
    summary: 'Which features are switched on now (public: the SPA builds its menus and routes from it)',
    response: FeatureFlags,
  }),
};

export type FeatureFlagsResponse = Static<typeof FeatureFlags>;
