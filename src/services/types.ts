/**
 * Service argument and result types, read straight from the contract's schemas so they can never
 * drift from it. Type-only: no schema library reaches the bundle.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Endpoint } from '../../contract';

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The query string object of an endpoint. */
export type QueryOf<E extends Endpoint> = StaticOf<NonNullable<E['query']>>;
/** The JSON body of an endpoint. */
export type BodyOf<E extends Endpoint> = StaticOf<NonNullable<E['body']>>;
/** The envelope's `data` of an endpoint. */
export type DataOf<E extends Endpoint> = Static<E['response']>;
