/**
 * The control-character rule (contract/rules/text.ts) over every input of a contract route: body,
 * query string and path parameters, before validation. A 400 names the field.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { findControlCharacter } from '../../contract/rules/text';
import { fieldRefusal } from './validationMessage';

export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const schema = (request.routeOptions.schema ?? {}) as { body?: TSchema; querystring?: TSchema; params?: TSchema };
  for (const [value, partSchema] of [
    [request.params, schema.params],
    [request.query, schema.querystring],
    [request.body, schema.body],
  ] as const) {
    const path = findControlCharacter(value, partSchema);
    if (path) throw fieldRefusal('controlCharacter', path);
  }
}
