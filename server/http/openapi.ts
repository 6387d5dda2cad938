/**
 * The OpenAPI 3.1 document of the whole contract (implemented or not yet), built straight from
 * the TypeBox schemas, served at GET /api/docs/openapi.json: open to anyone in development, to
 * a live operator session's Bearer token only in production (NODE_ENV=production), where anyone
 * else gets 401 as on every operator call: a map of every endpoint, the console's included, is
 * an attacker's first read. The console fetches it through GET /api/v1/admin/openapi.json.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Envelope, ErrorEnvelope, allEndpoints, fullPath, type Endpoint } from '../../contract';

export const OPENAPI_PATH = '/api/docs/openapi.json';

/** Plain JSON Schema: TypeBox's symbol-keyed metadata dropped. */
function jsonSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

function parameters(schema: TSchema | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: jsonSchema(ErrorEnvelope) } } };
}

function operation(domain: string, name: string, endpoint: Endpoint) {
  const responses: Record<string, unknown> = {
    200: { description: 'success envelope', content: { 'application/json': { schema: jsonSchema(Envelope(endpoint.response)) } } },
    400: errorResponse('invalid input'),
  };
  if (endpoint.auth) responses[401] = errorResponse('not signed in or session expired');
  if (endpoint.moneyMoving) {
    responses[409] = errorResponse('idempotency key reused with another body');
    responses[422] = errorResponse('business rule refused');
    responses[429] = errorResponse('rate limited');
  }
  responses[500] = errorResponse('server error');
  return {
    operationId: `${domain}.${name}`,
    tags: [domain],
    summary: endpoint.summary,
    parameters: [
      ...parameters(endpoint.params, 'path'),
      ...parameters(endpoint.query, 'query'),
      { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', default: 'zh-TW' } },
      // the app's interface language; wins over Accept-Language for texts and catalogue names
      { name: 'X-Locale', in: 'header', required: false, schema: { type: 'string', enum: ['zh-CN', 'zh-TW', 'en-US'] } },
      ...(endpoint.moneyMoving ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } }] : []),
    ],
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } } } : {}),
    ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
    responses,
  };
}

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { domain, name, endpoint } of allEndpoints()) {
    const path = fullPath(endpoint).replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(domain, name, endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'PowerFi API', version: '1.0.0', description: 'Every response is the envelope {success, data, errCode, errMessage, httpStatusCode, code, message, showType, requestId}; an error also carries errKey and errParams, the message key of errMessage and its parameters, so a client can show the text in its own language.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

let built: Record<string, unknown> | null = null;

/** The document, built once per process (the contract does not change while it runs). */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildOpenApi();
  return built;
}

export interface OpenApiOptions {
  /** serve the document to live operator sessions only; default: in production */
  operatorsOnly?: boolean;
}

export function registerOpenApi(app: FastifyInstance, { operatorsOnly = process.env.NODE_ENV === 'production' }: OpenApiOptions = {}): void {
  const document = JSON.stringify(openApiDocument());
  app.get(OPENAPI_PATH, { ...(operatorsOnly ? { preHandler: app.authenticateOperator } : {}) }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
}
