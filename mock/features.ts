/**
 * Feature flags for `max dev`: the defaults of config/access.ts (the server adds run-time
 * overrides; the mocks have none). Calls of a feature switched off there are refused in _kit.ts.
 */
import featureDefaults from '../config/access';
import { contract } from '../contract';
import { mockRoutes } from './_kit';

export default mockRoutes(contract.features, {
  flags: () => ({ ...featureDefaults }),
});
