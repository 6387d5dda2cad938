/**
 * Turns Ajv's validation errors into one clear, localised sentence naming the offending field,
 * plus a per-field list for forms.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { Amount, PayPassword } from '../../contract';
import { translate, type Locale, type MessageKey } from '../i18n';
import { quoteInput } from './quoteInput';

export interface FieldError {
  field: string;
  message: string;
}

const KEYWORD_MESSAGES: Record<string, MessageKey> = {
  required: 'validation.required',
  type: 'validation.type',
  pattern: 'validation.pattern',
  format: 'validation.pattern',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  exclusiveMinimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMaximum: 'validation.maximum',
  const: 'validation.enum',
  enum: 'validation.enum',
  anyOf: 'validation.enum',
  additionalProperties: 'validation.unknownField',
  // refusals of our own (fieldRefusal): a key twice in one object, a control character
  duplicateKey: 'validation.duplicateKey',
  controlCharacter: 'validation.controlCharacter',
};

const FORMAT_MESSAGES: Record<string, MessageKey> = {
  date: 'validation.date',
};

/** patterns with a sentence of their own, e.g. an amount with too many decimals */
const PATTERN_MESSAGES: Record<string, MessageKey> = {
  [Amount.pattern as string]: 'validation.amount',
  [PayPassword.pattern as string]: 'validation.payPassword',
};

function messageKeyOf(error: FastifySchemaValidationError): MessageKey {
  const pattern = (error.params as { pattern?: string }).pattern;
  if (error.keyword === 'pattern' && pattern && PATTERN_MESSAGES[pattern]) return PATTERN_MESSAGES[pattern];
  const format = (error.params as { format?: string }).format;
  if (error.keyword === 'format' && format && FORMAT_MESSAGES[format]) return FORMAT_MESSAGES[format];
  return KEYWORD_MESSAGES[error.keyword] ?? 'validation.other';
}

/** The dotted field path; names the caller invented (unknown or duplicate keys) are quoted. */
function fieldOf(error: FastifySchemaValidationError): string {
  const parts = error.instancePath.split('/').filter(Boolean).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const { missingProperty, additionalProperty } = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && missingProperty) parts.push(missingProperty);
  if (error.keyword === 'additionalProperties' && additionalProperty !== undefined) parts.push(additionalProperty);
  return quoteInput(parts.join('.'));
}

/**
 * A 400 of our own for one field, shaped like Ajv's (`validation`), so the error handler names the
 * field the same way: `keyword` is one of KEYWORD_MESSAGES, `path` the keys down to the field.
 */
export function fieldRefusal(keyword: string, path: string[]): Error & { statusCode: number; validation: FastifySchemaValidationError[] } {
  const instancePath = path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  return Object.assign(new Error(`${keyword} at ${instancePath || '/'}`), {
    statusCode: 400,
    validation: [{ keyword, instancePath, schemaPath: '', params: {} }],
  });
}

function limitOf(error: FastifySchemaValidationError): string | number {
  const params = error.params as { limit?: number };
  return params.limit ?? '';
}

/** One field's sentence, with its message key and parameters (the envelope's errKey/errParams). */
export interface DescribedField extends FieldError {
  key: MessageKey;
  /** `field`: the dotted path ('' for the body itself); `limit` when the rule has one */
  params: { field: string; limit?: string | number };
}

export function describeValidation(errors: FastifySchemaValidationError[], locale: Locale): DescribedField[] {
  const byField = new Map<string, FastifySchemaValidationError[]>();
  for (const error of errors) {
    const field = fieldOf(error);
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  return [...byField.entries()].map(([field, fieldErrors]) => {
    // a union (anyOf) failing means "not one of the allowed values", whatever its branches said
    const error = fieldErrors.find((e) => e.keyword === 'anyOf') ?? fieldErrors[0];
    const key = messageKeyOf(error);
    const name = field || translate(locale, 'validation.body');
    const limit = limitOf(error);
    return {
      field,
      message: translate(locale, key, { field: name, limit }),
      key,
      params: limit === '' ? { field } : { field, limit },
    };
  });
}
