// Two validators: bodies are checked strictly (a number where a string belongs is an error,
// never silently converted), while query strings, params and headers coerce "5" to 5.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const base: Options = { useDefaults: true, removeAdditional: false, allErrors: false, addUsedSchema: false, strict: false };

function build(options: Options) {
  const ajv = new Ajv({ ...base, ...options });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

export function registerValidation(app: FastifyInstance) {
  // All errors for bodies, so a form can show every bad field at once (bodies are size-limited).
  const strict = build({ coerceTypes: false, allErrors: true });
  const coercing = build({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
