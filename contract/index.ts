/** The whole API contract: every endpoint, by domain. */
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { addressEndpoints } from './address';
import { authEndpoints } from './auth';
import { contentEndpoints } from './content';
import { featureEndpoints } from './features';
import { inviteEndpoints } from './invite';
import { mallEndpoints } from './mall';
import { notificationEndpoints } from './notification';
import { marketEndpoints } from './market';
import { productEndpoints } from './product';
import { userEndpoints } from './user';
import { withdrawEndpoints } from './withdraw';
import type { Endpoint } from './endpoint';

export const contract = {
  auth: authEndpoints,
  user: userEndpoints,
  account: accountEndpoints,
  product: productEndpoints,
  content: contentEndpoints,
  invite: inviteEndpoints,
  address: addressEndpoints,
  mall: mallEndpoints,
  features: featureEndpoints,
  withdraw: withdrawEndpoints,
  market: marketEndpoints,
  notification: notificationEndpoints,
  admin: adminEndpoints,
} as const;

export type Domain = keyof typeof contract;

/** Every endpoint as a flat list, with its domain and name. */
export function allEndpoints(): Array<{ domain: Domain; name: string; endpoint: Endpoint }> {
  return (Object.keys(contract) as Domain[]).flatMap((domain) =>
    Object.entries(contract[domain] as Record<string, Endpoint>).map(([name, endpoint]) => ({ domain, name, endpoint })),
  );
}

export * from './endpoint';
export * from './envelope';
export * from './errors';
export * from './common';
