/**
 * The feature flags the SPA runs with: the server's, fetched at start, so switching a
 * feature off needs no rebuild. The server enforces them on every call; here they only decide
 * what is shown and where a visit goes.
 *
 * If the fetch fails, the defaults of config/access.ts (what a rebuild would give) are used, not
 * "everything off": a flaky network must not hide the whole app and bounce bookmarked pages to
 * `/`, and showing a switched-off feature is harmless because the server refuses its calls with
 * a clear message.
 */
import featureDefaults from '../config/access';
import type { Feature, FeatureFlagsType } from '../contract/features';
import { flags } from '@/services/features';

export type FeatureFlags = FeatureFlagsType;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = { ...featureDefaults };

/** The flags call must not hold the first screen long: after this, the defaults are used. */
const FEATURE_FLAGS_TIMEOUT_MS = 5000;

/** Known flags from the server's answer; a flag it does not send keeps its default. */
function known(answer: Partial<Record<string, unknown>> | undefined): FeatureFlags {
  const result = { ...DEFAULT_FEATURE_FLAGS };
  for (const feature of Object.keys(result) as Feature[]) {
    const value = answer?.[feature];
    if (typeof value === 'boolean') result[feature] = value;
  }
  return result;
}

/** The server's current flags; the defaults when it cannot be asked. Never shows errors. */
export async function fetchFeatureFlags(): Promise<FeatureFlags> {
  try {
    return known(await flags({ skipErrorHandler: true, timeout: FEATURE_FLAGS_TIMEOUT_MS }));
  } catch {
    return { ...DEFAULT_FEATURE_FLAGS };
  }
}
