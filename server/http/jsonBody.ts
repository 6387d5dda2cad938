/**
 * The JSON body parser: Fastify's own (secure-json-parse, prototype poisoning refused), then a
 * duplicate-key check. `{"amount":"1","amount":"1000"}` means whatever the last parser in a chain
 * decides; we refuse it with a 400 naming the key instead.
 */
import type { FastifyInstance } from 'fastify';
import { visit } from 'jsonc-parser';
import { fieldRefusal } from './validationMessage';

/** The path of the first key that appears twice in one object of `json`, or null. */
export function findDuplicateKey(json: string): string[] | null {
  const objects: Array<Set<string>> = [];
  let duplicate: string[] | null = null;
  visit(json, {
    onObjectBegin: () => void objects.push(new Set()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, _offset, _length, _line, _column, pathSupplier) => {
      const keys = objects[objects.length - 1];
      if (duplicate === null && keys.has(key)) duplicate = [...pathSupplier().map(String), key];
      keys.add(key);
    },
  });
  return duplicate;
}

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw.toString();
    void parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const duplicate = findDuplicateKey(body);
      return duplicate ? done(fieldRefusal('duplicateKey', duplicate), undefined) : done(null, value);
    });
  });
}
