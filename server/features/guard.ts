/**
 * Refuses every call of a switched-off feature with 403 FEATURE_DISABLED (the flags: config/access.ts). The feature
 * of a call is the `feature` of its contract endpoint. The check runs first thing (onRequest,
 * before authentication, validation, rate limits and idempotency), so a switched-off feature
 * answers the same to everyone and never reaches a handler.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import type { FeatureSwitch } from './flags';

export function registerFeatureGuard(app: FastifyInstance, features: FeatureSwitch): void {
  app.addHook('onRequest', async (request) => {
    const feature = request.routeOptions.config.endpoint?.feature;
    if (feature && !features.isOn(feature)) {
      throw new ApiError('FEATURE_DISABLED', { messageKey: `featureDisabled.${feature}`, data: { feature } });
    }
  });
}
