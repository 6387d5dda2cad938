/**
 * Turns Ajv's validation errors into one clear, localised sentence naming the offending field,
 * plus a per-field list for forms.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { Amount, PayPassword } from '../../contract';
import { translate, type Locale, type MessageKey } from '../i18n';

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
};

/** patterns with a sentence of their own, e.g. an amount with too many decimals */
const PATTERN_MESSAGES: Record<string, MessageKey> = {
  [Amount.pattern as string]: 'validation.amount',
  [PayPassword.pattern as string]: 'validation.payPassword',
};

function messageKeyOf(error: FastifySchemaValidationError): MessageKey {
  const pattern = (error.params as { pattern?: string }).pattern;
  if (error.keyword === 'pattern' && pattern && PATTERN_MESSAGES[pattern]) return PATTERN_MESSAGES[pattern];
  return KEYWORD_MESSAGES[error.keyword] ?? 'validation.other';
}

function fieldOf(error: FastifySchemaValidationError): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'required' && missing) parts.push(missing);
  return parts.join('.');
}

function limitOf(error: FastifySchemaValidationError): string | number {
  const params = error.params as { limit?: number };
  return params.limit ?? '';
}

export function describeValidation(errors: FastifySchemaValidationError[], locale: Locale): FieldError[] {
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
    return { field, message: translate(locale, key, { field: name, limit: limitOf(error) }) };
  });
}
