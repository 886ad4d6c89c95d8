// Two validators: bodies are checked strictly (a number where a string belongs is an error,
// never silently converted), while query strings, params and headers coerce "5" to 5.
// Their errors reach the caller as `{field, message}` details in plain words (CONTRACT §9): every
// bad field in one answer, one line per field and rule, never the validator's own wording.
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, Options } from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { ErrorDetail } from '../shared/errors.ts';

const base: Options = { useDefaults: true, removeAdditional: false, allErrors: false, addUsedSchema: false, strict: false };

/** Ajv is loaded with the first schema compiled (a route's first request: src/http/lazy-compile.ts), not at start. */
function build(options: Options): Ajv {
  const require = createRequire(import.meta.url);
  const ajv: Ajv = new (require('ajv') as typeof import('ajv')).Ajv({ ...base, ...options });
  (require('ajv-formats') as (a: Ajv) => void)(ajv);
  return ajv;
}

const FIELD_CHECK = 'fieldCheck';

/** A route's own checks of a body (a parser such as item-input.ts), as field details. */
export type FieldChecks = (body: Record<string, unknown>) => ErrorDetail[];

const fieldChecks = new WeakMap<object, FieldChecks>();

/**
 * Attaches to a body schema the checks its route runs after the schema passed, so that a body the
 * schema refuses is checked by them too and one answer lists every bad field (CONTRACT §9).
 * `partial` (PATCH bodies): only details about fields the body sends are kept. The checks run only
 * when the schema fails; otherwise the route runs them itself.
 */
export function withFieldChecks<T extends object>(schema: T, checks: FieldChecks, options: { partial?: boolean } = {}): T {
  fieldChecks.set(
    schema,
    options.partial ? (body) => checks(body).filter((d) => Object.hasOwn(body, d.field.split('.')[0])) : checks,
  );
  return schema;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that only document a schema: they refuse nothing. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$id', '$schema']);
const onlyAnnotations = (schema: Record<string, unknown>, allowed: Record<string, unknown>) =>
  Object.entries(schema).every(([k, v]) => ANNOTATIONS.has(k) || (Object.hasOwn(allowed, k) && allowed[k] === v));

/**
 * Whether a headers schema refuses nothing: an object whose every property is an optional string with
 * no constraint (the integration headers, src/http/schemas.ts). Node gives each of those headers as a
 * string (a repeated one joined with ", "), and a string stays a string under coercion, so Ajv's
 * validator could only say yes (~1,000 instructions per integration request in an earlier callgrind profile).
 * Anything else (a pattern, an enum, a required header, another type) is compiled as usual.
 */
export function acceptsEveryHeaderSet(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const { properties, ...rest } = schema as Record<string, unknown>;
  if (!onlyAnnotations(rest, { type: 'object' }) || !isObject(properties)) return false;
  // (TypeBox's own marks, '~kind' and '~optional', are not enumerable: Object.entries does not list them.)
  return Object.values(properties).every((p) => isObject(p) && onlyAnnotations(p, { type: 'string' }) && p.type === 'string');
}

const passes = (): boolean => true;

export function registerValidation(app: FastifyInstance) {
  // All errors for bodies, so a form can show every bad field at once (bodies are size-limited).
  let strict: Ajv | null = null;
  let coercing: Ajv | null = null;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'headers' && acceptsEveryHeaderSet(schema)) return passes;
    if (httpPart !== 'body') return (coercing ??= build({ coerceTypes: 'array' })).compile(schema);
    const validate = (strict ??= build({ coerceTypes: false, allErrors: true })).compile(schema);
    const checks = fieldChecks.get(schema);
    if (!checks) return validate;
    const validateWithChecks = (data: unknown): boolean => {
      if (validate(data)) return true;
      const extra = isObject(data) ? checks(data) : [];
      validateWithChecks.errors = [...(validate.errors ?? []), ...extra.map(fieldCheckError)];
      return false;
    };
    validateWithChecks.errors = null as ErrorObject[] | null;
    return validateWithChecks;
  });
}

/** A route check's detail carried among Ajv's errors until validationDetails() reads it back. */
function fieldCheckError(detail: ErrorDetail): ErrorObject {
  return { keyword: FIELD_CHECK, instancePath: '', schemaPath: '#', params: detail, message: detail.message };
}

/** What a failed `pattern` means, keyed by the pattern's source; see `pattern()`. */
const patternMessages = new Map<string, string>();

/**
 * Schema options for a string pattern whose failure reads `message` to the caller instead of the
 * regular expression. The pattern is compiled with the `u` flag (as Ajv does).
 */
export function pattern(regex: RegExp, message: string): { pattern: string } {
  patternMessages.set(regex.source, message);
  return { pattern: regex.source };
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'must be a valid email address',
  date: 'must be a valid date (YYYY-MM-DD)',
  'date-time': 'must be a valid ISO 8601 timestamp',
  time: 'must be a valid time',
  uri: 'must be a valid URL',
  url: 'must be a valid URL',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function typePhrase(types: string[]): string {
  const words = [...new Set(types)].map((t) => TYPE_WORDS[t] ?? t);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];
}

function typesOf(error: ErrorObject): string[] {
  return [error.params.type].flat().flatMap((t) => String(t).split(','));
}

function message(error: ErrorObject): string {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'unknown field';
    case 'type':
      return `must be ${typePhrase(typesOf(error))}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(p.limit, 'character')}`;
    case 'pattern':
      return patternMessages.get(p.pattern) ?? 'is not in the expected format';
    case 'format':
      return FORMAT_MESSAGES[p.format] ?? `must be a valid ${p.format}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${p.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${p.limit}`;
    case 'multipleOf':
      return `must be a multiple of ${p.multipleOf}`;
    case 'minItems':
      return `must have at least ${plural(p.limit, 'entry', 'entries')}`;
    case 'maxItems':
      return `must have at most ${plural(p.limit, 'entry', 'entries')}`;
    case 'uniqueItems':
      return 'must not repeat an entry';
    case 'minProperties':
      return p.limit === 1 ? 'must have at least one field' : `must have at least ${p.limit} fields`;
    case 'maxProperties':
      return `must have at most ${p.limit} fields`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'const':
      return `must be ${show(p.allowedValue)}`;
    default:
      return 'is not valid';
  }
}

/** What no branch of a union accepted, in one line: "must be one of: a, b" or "must be a string or null". */
function unionMessage(rootErrors: ErrorObject[]): string {
  const values = rootErrors.flatMap((e) => (e.keyword === 'const' ? [e.params.allowedValue] : e.keyword === 'enum' ? e.params.allowedValues : []));
  const types = rootErrors.flatMap((e) => (e.keyword === 'type' ? typesOf(e) : []));
  if (values.length === 0 && types.length === 0) return 'is not valid';
  if (values.length === 0) return `must be ${typePhrase(types)}`;
  const list = `one of: ${values.map(show).join(', ')}`;
  return types.length ? `must be ${list}, or ${typePhrase(types)}` : `must be ${list}`;
}

const SHAPE_KEYWORDS = new Set(['type', 'const', 'enum']);

/**
 * Replaces each failed union (anyOf/oneOf, e.g. TypeBox's Union of Literals or Nullable) by what
 * the caller needs: when one branch accepted the kind of value sent (an object, a string) and
 * failed on something inside it, that branch's errors; otherwise one error listing what the
 * branches accept. Outer unions first, so a nested union is judged only if its branch is kept.
 */
function collapseUnions(errors: ErrorObject[]): { errors: ErrorObject[]; summaries: Map<ErrorObject, string> } {
  let remaining = [...errors];
  const summaries = new Map<ErrorObject, string>();
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (!remaining.includes(union)) continue;
    const prefix = `${union.schemaPath}/`;
    const inside = remaining.filter((e) => e.schemaPath.startsWith(prefix));
    const branches = new Map<string, ErrorObject[]>();
    for (const e of inside) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0];
      branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
    const near = [...branches.values()].find((list) => !list.some((e) => e.instancePath === union.instancePath && SHAPE_KEYWORDS.has(e.keyword)));
    remaining = remaining.filter((e) => e !== union && !inside.includes(e));
    if (near) remaining.push(...near);
    else {
      remaining.push(union);
      summaries.set(union, unionMessage(inside.filter((e) => e.instancePath === union.instancePath)));
    }
  }
  return { errors: remaining, summaries };
}

function fieldOf(error: ErrorObject, context: string | undefined): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.join('.') || context || 'body';
}

/** Whether two dotted field paths name the same field or one lies inside the other. */
const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/**
 * Ajv's errors as the details of a 400 validation-failed: dotted field paths (`customer.name`,
 * `items.0.qty`), plain messages. A route check's detail about a field the schema already named
 * is left out, so each bad field is explained once.
 */
export function validationDetails(errors: readonly ErrorObject[], context?: string): ErrorDetail[] {
  const schemaErrors = errors.filter((e) => e.keyword !== FIELD_CHECK);
  const { errors: kept, summaries } = collapseUnions(schemaErrors);
  kept.sort((a, b) => schemaErrors.indexOf(a) - schemaErrors.indexOf(b));
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  const add = (detail: ErrorDetail) => {
    const key = `${detail.field}\u0000${detail.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    details.push(detail);
  };
  for (const error of kept) add({ field: fieldOf(error, context), message: summaries.get(error) ?? message(error) });
  const named = details.map((d) => d.field);
  for (const error of errors) {
    if (error.keyword !== FIELD_CHECK) continue;
    const detail = error.params as ErrorDetail;
    if (!named.some((field) => related(field, detail.field))) add({ field: detail.field, message: detail.message });
  }
  return details;
}
