/**
 * Two Ajv set-ups for request input. Bodies are JSON and typed: no coercion (a JSON number where
 * the contract says string, `["10"]` for "10", 123456 for a pay password → 400), nothing removed
 * (the contract closes every body object, so an unknown field is a 400 naming it). Query strings
 * and path parameters are text by nature: there "2" becomes the integer a `page` wants, and
 * unknown query parameters are dropped.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { isRealDate } from '../../contract/rules/dates';
import { MULTILINE } from '../../contract/rules/text';

type CompilerOptions = NonNullable<Parameters<ReturnType<typeof AjvCompiler>>[1]>;
type AjvOptions = NonNullable<CompilerOptions['customOptions']>;
type Ajv = Parameters<NonNullable<CompilerOptions['onCreate']>>[0];

const SHARED: AjvOptions = { useDefaults: true, allErrors: false };
const BODY: AjvOptions = { ...SHARED, coerceTypes: false, removeAdditional: false };
const TEXT: AjvOptions = { ...SHARED, coerceTypes: true, removeAdditional: 'all' };

/** the contract's own vocabulary: real dates, and the multiline annotation of rules/text.ts */
function addContractVocabulary(ajv: Ajv): void {
  ajv.addFormat('date', isRealDate);
  ajv.addKeyword({ keyword: MULTILINE, schemaType: 'boolean' });
}

export function registerInputValidation(app: FastifyInstance): void {
  const pool = AjvCompiler();
  const body = pool({}, { customOptions: BODY, onCreate: addContractVocabulary });
  const text = pool({}, { customOptions: TEXT, onCreate: addContractVocabulary });
  // the pool's compilers take Fastify's route schema definition, whatever their typings say
  const compiler: FastifySchemaCompiler<unknown> = (definition) =>
    (definition.httpPart === 'body' ? body : text)(definition as never) as ReturnType<FastifySchemaCompiler<unknown>>;
  app.setValidatorCompiler(compiler);
}
