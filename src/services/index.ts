/**
 * Typed calls of every API endpoint, one namespace per contract domain, one function per endpoint
 * named like its key in `contract/<domain>.ts`. Each resolves to the envelope's `data`.
 */
export * as authApi from './auth';
export * as userApi from './user';
export * as accountApi from './account';
export * as productApi from './product';
export * as contentApi from './content';
export * as inviteApi from './invite';
export * as addressApi from './address';
export * as mallApi from './mall';
export * as featuresApi from './features';
export * as withdrawApi from './withdraw';
export * as marketApi from './market';
export * as notificationApi from './notification';
export type { ServiceOptions } from './client';
export type { BodyOf, DataOf, QueryOf } from './types';
