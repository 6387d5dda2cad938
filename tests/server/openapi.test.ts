/** The OpenAPI document lists every endpoint of the contract, implemented or not. */
import { allEndpoints, fullPath } from '../../contract';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3 document with every contract path and method', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(29);
    for (const { endpoint } of endpoints) {
      const path = fullPath(endpoint).replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect({ path, method: endpoint.method, found: Boolean(operation) }).toEqual({ path, method: endpoint.method, found: true });
    }
    const documented = Object.values(doc.paths as Record<string, object>).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(endpoints.length);
  });

  it('describes inputs, the envelope and bearer auth', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const profile = doc.paths['/api/v1/web/user/user/profile'].get;
    expect(profile.security).toEqual([{ bearer: [] }]);
    const envelope = profile.responses['200'].content['application/json'].schema;
    expect(Object.keys(envelope.properties)).toEqual(expect.arrayContaining(['success', 'data', 'errCode', 'errMessage', 'httpStatusCode', 'code', 'message', 'showType']));
    const goodsDetail = doc.paths['/api/v1/web/mall/goods/{id}'].get;
    expect(goodsDetail.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    const signIn = doc.paths['/api/v1/base/web/auth/sign-in/wallet'].post;
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['message', 'signature']));
  });
});
