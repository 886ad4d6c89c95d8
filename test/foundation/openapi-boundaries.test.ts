// The API reference says what the server does (issue 35, item 8): for every operation of
// /openapi.json with a JSON body or query parameters, every documented bound (minLength/maxLength,
// minimum/maximum and their exclusive forms, minItems/maxItems, enum/const, pattern, required) is
// probed at its edge. A value just inside must never be refused for that field (another refusal,
// 404 or 409, is fine); a value just outside must be 400 validation-failed (or the documented code)
// naming that field. Bodies and queries are built from the document's own schemas, checked by a
// local validator of the document (Ajv, as the server counts: code points, untrimmed), so each
// probe differs from a valid request in one field only. Strings inside a bound are also tried as
// the schema alone allows them (plain letters, astral characters, spaces), so a server rule the
// document does not state (a URL, trimming, UTF-16 counting) shows up as a disagreement.
// Bodies satisfy the document's alternatives (anyOf/allOf of required fields, object forms such as a
// customer by id or by name); a field that goes only with others is probed in a body holding them;
// a group of query parameters of which one is required (x-required-one-of) is left out as a whole.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Ajv as AjvType, ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { ALL_SCOPES } from '../../src/modules/developer/keys-service.ts';
import { CONTRACT_VERSION, describeEachDb, type Response, type TestEnv, type TestStore } from '../helpers/app.ts';

type Schema = Record<string, any>;

/** Operations no generic JSON/query probe can reach, with the reason. */
const EXCLUDED: Record<string, string> = {
  'POST /webhooks/paystack': 'the body is checked only after its HMAC signature, which a generic probe cannot make',
  'GET /b/{token}': 'the booking page needs the manage token, which is only mailed; an unknown token is 404 before the query is read',
  'GET /b/{token}/move': 'the booking page needs the manage token, which is only mailed; an unknown token is 404 before the query is read',
  'GET /s/{storeSlug}/book': 'a page for people: a query value out of bounds gets a 400 page, not a JSON body naming the field (test/storefront/store-page.test.ts sends them)',
};

/**
 * Fields whose values the server checks against something no JSON Schema keyword can state: a
 * registry (IANA time zones, the locales it has messages for, ISO 3166 countries, phone numbering
 * plans), a value it issued (tokens, cursors) or the account (its password). Values just inside
 * their length bounds are not sent (none is known to be valid); values just outside are, as for any field.
 */
const CHECKED_AGAINST_DATA: Record<string, string> = {
  timezone: 'an IANA time zone',
  locale: 'a language tag the server has messages for',
  country: 'an ISO 3166 country code',
  phone: 'a phone number of a real numbering plan',
  whatsapp: 'a phone number of a real numbering plan',
  token: 'a token the server issued',
  cursor: 'a cursor the server issued',
  currentPassword: "the account's password",
  // A checkout payload and its lines name the store the key is for, in any of these forms.
  storeId: 'the store the request names',
  store_id: 'the store the request names',
  merchantId: 'the store the request names',
  merchant_id: 'the store the request names',
  currency: "the store's currency (checkout: when sent, it must be the store's)",
  // Staff calendars: the people and services named must be the store's.
  memberId: 'a member of the store',
  serviceIds: "the store's services and courses",
  staffId: "one of the store's bookable people",
};

const DAY = 86_400_000;
const date = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
let unique = 0;

interface Fixtures {
  store: TestStore;
  key: string;
  ids: Record<string, string>;
}

/** One step from a request's root to a probed field: the key, and the schema that builds the container it lives in. */
interface Step {
  key: string;
  /** Schema of the value at this step (used to create it when the base request lacks it). */
  schema: Schema;
  /** Where the value above this step is a union of object forms: the form this key belongs to. */
  container?: Schema;
}

interface Target {
  loc: 'query' | 'body';
  steps: Step[];
  schema: Schema;
  required: boolean;
  /** For bodies whose root is a union of objects: the branch the base body is built from. */
  root: Schema;
  /** The root, or an object above the field, is one of several object forms: leaving out the field matches no form, and any field may be named. */
  alternative?: boolean;
}

const fieldOf = (t: Target) => t.steps.map((s) => s.key).join('.');

/** The document with every $ref to a component schema inlined. */
function inline(doc: Schema, node: any, seen: string[] = []): any {
  if (Array.isArray(node)) return node.map((n) => inline(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
    const name = node.$ref.split('/').pop()!;
    assert.ok(!seen.includes(name), `recursive schema ${name}`);
    return inline(doc, doc.components.schemas[name], [...seen, name]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(doc, v, seen)]));
}

/** The branches of a union that are not null (Nullable(X) is X here). */
const branches = (s: Schema): Schema[] => (Array.isArray(s.anyOf ?? s.oneOf) ? (s.anyOf ?? s.oneOf).filter((b: Schema) => b.type !== 'null') : [s]);
const isLiteralUnion = (s: Schema) => Array.isArray(s.anyOf ?? s.oneOf) && branches(s).length > 0 && branches(s).every((b) => 'const' in b);
const objectBranches = (s: Schema) => branches(s).filter((b) => b.type === 'object' && b.properties);

class Checker {
  private readonly ajv: AjvType;
  private readonly cache = new WeakMap<object, ValidateFunction>();
  constructor() {
    const require = createRequire(import.meta.url);
    this.ajv = new (require('ajv') as typeof import('ajv')).Ajv({ strict: false, allErrors: false, validateFormats: true });
    (require('ajv-formats') as (a: AjvType) => void)(this.ajv);
  }
  valid(schema: Schema, value: unknown): boolean {
    let v = this.cache.get(schema);
    if (!v) {
      v = this.ajv.compile(schema);
      this.cache.set(schema, v);
    }
    return v(value) as boolean;
  }
}

/** Realistic values by field name: the store's own ids, so a request gets past validation to the service. */
function hints(name: string, fx: Fixtures): unknown[] {
  const ids = fx.ids;
  const n = name.toLowerCase();
  const out: unknown[] = [];
  const id = ids[name];
  if (id) out.push(id);
  if (n === 'storeid' || n === 'store_id' || n === 'merchantid' || n === 'merchant_id') out.push(fx.store.storeId);
  if (n === 'serviceid') out.push(ids.serviceId);
  if (['itemid', 'item_id', 'productid', 'originalproductid', 'id'].includes(n)) out.push(ids.productId);
  if (n.includes('email')) out.push(`probe${++unique}@example.test`);
  if (n === 'currentpassword' || n === 'password') out.push(fx.store.password);
  if (n.includes('password')) out.push(`another long password ${++unique}`);
  // A literal address: webhook targets must resolve (tests allow private targets), images need only be http(s).
  if (n.includes('url')) out.push('http://127.0.0.1:9/hook.png');
  if (n.includes('phone')) out.push('+233 24 123 4567');
  if (n.includes('timezone')) out.push('Africa/Accra');
  if (n.includes('currency')) out.push('GHS');
  if (n === 'from' || n === 'bookingdate' || n === 'date') out.push(date(2));
  if (n === 'to') out.push(date(4));
  if (n === 'from' || n === 'to') out.push(`${date(n === 'from' ? 2 : 4)}T10:00:00.000Z`);
  if (n.includes('date') || n.includes('since') || n.endsWith('at')) out.push(`${date(2)}T10:00:00.000Z`, date(2));
  if (n.includes('time')) out.push('10:00');
  if (n === 'storeslug') out.push(fx.store.slug);
  if (n.includes('slug')) out.push(`probe-${++unique}`);
  if (n === 'reference' || n === 'trxref') out.push(ids.orderReference);
  if (n.includes('name') || n.includes('title')) out.push('Ama Mensah');
  if (n === 'contenthtml') out.push('<p>Hello</p>');
  if (n === 'token') out.push(ids.token);
  return out.filter((v) => v !== undefined);
}

/**
 * The groups of alternatives an object schema needs one of (anyOf/oneOf beside its properties, or in
 * its allOf parts: "one of these fields", "these fields only with that status"), each group with its
 * alternatives needing fewer fields first, so example bodies stay small.
 */
function alternativeGroups(schema: Schema): Schema[][] {
  const groups: Schema[][] = [];
  const own = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(own)) groups.push(own);
  for (const part of schema.allOf ?? []) {
    const group = part.anyOf ?? part.oneOf;
    if (Array.isArray(group)) groups.push(group);
    else if (part.required) groups.push([part]);
  }
  return groups.map((g) => [...g].sort((a, b) => (a.required ?? []).length - (b.required ?? []).length));
}

/** Every way of picking one alternative per group. */
function combinations(groups: Schema[][]): Schema[][] {
  return groups.reduce<Schema[][]>((acc, group) => acc.flatMap((picked) => group.map((alt) => [...picked, alt])), [[]]);
}

/** A value the schema accepts, preferring realistic ones; undefined when none is found. `want`: fields an object example must hold. */
function example(schema: Schema, name: string, fx: Fixtures, check: Checker, depth = 0, want: string[] = []): unknown {
  if (depth > 8) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union) && !schema.type) {
    for (const b of branches(schema)) {
      const v = example(b, name, fx, check, depth + 1);
      if (v !== undefined && check.valid(schema, v)) return v;
    }
    return check.valid(schema, null) ? null : undefined;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const ok = (v: unknown) => check.valid(schema, v);
  switch (type) {
    case 'string': {
      const candidates: unknown[] = [...hints(name, fx)];
      if (schema.format === 'date') candidates.push(date(2));
      if (schema.format === 'date-time') candidates.push(`${date(2)}T10:00:00.000Z`);
      if (schema.format === 'email') candidates.push(`probe${++unique}@example.test`);
      if (schema.format === 'uri' || schema.format === 'url') candidates.push('https://shop.example.test/a.png');
      candidates.push(`probe${++unique}`, 'x'.repeat(Math.max(1, schema.minLength ?? 1)));
      if (typeof schema.pattern === 'string') {
        try {
          candidates.push(...fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), { seed: 35, numRuns: 200 }));
        } catch {
          // fast-check cannot generate from this pattern: the other candidates remain.
        }
      }
      return candidates.find(ok);
    }
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
      return [Math.min(Math.max(1, lo), hi), lo, hi, 2].find((v) => Number.isFinite(v) && ok(v));
    }
    case 'boolean':
      return name === 'dryRun';
    case 'null':
      return null;
    case 'array': {
      const n = schema.minItems ?? 0;
      const items = Array.from({ length: n }, () => example(schema.items ?? {}, name, fx, check, depth + 1));
      return ok(items) ? items : undefined;
    }
    case 'object': {
      const properties = Object.entries<Schema>(schema.properties ?? {});
      // Where the object needs one of several forms (anyOf of required lists, fields going together),
      // the first combination of forms that makes a valid example.
      for (const picked of combinations(alternativeGroups(schema))) {
        const out: Record<string, unknown> = {};
        const required = new Set<string>([...(schema.required ?? []), ...want, ...picked.flatMap((alt) => alt.required ?? [])]);
        /** Values a picked form fixes (status rescheduled with its new date; a schedule with a service). */
        const fixed = new Map<string, unknown>(
          picked.flatMap((alt) =>
            Object.entries<Schema>(alt.properties ?? {})
              .filter(([, s]) => 'const' in s || Array.isArray(s.enum))
              .map(([k, s]) => [k, 'const' in s ? s.const : s.enum[0]] as [string, unknown]),
          ),
        );
        for (const [key, s] of properties) {
          // A dry run where the document offers one: probes check input, they need not change anything.
          if (!required.has(key) && !(key === 'dryRun' && s.type === 'boolean')) continue;
          const v = fixed.has(key) ? fixed.get(key) : example(s, key, fx, check, depth + 1);
          if (v !== undefined) out[key] = v;
        }
        // A body that must send something (a PATCH: minProperties 1) gets optional fields until it does.
        for (const [key, s] of properties) {
          if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
          if (key in out) continue;
          const v = example(s, key, fx, check, depth + 1);
          if (v !== undefined && check.valid(schema, { ...out, [key]: v })) out[key] = v;
        }
        if (ok(out)) return out;
      }
      return properties.length === 0 ? {} : undefined;
    }
    default:
      return hints(name, fx)[0] ?? 'x';
  }
}

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'enum', 'const', 'pattern'];
const hasBound = (s: Schema) => BOUNDS.some((k) => k in s);

/** Every field of a body schema with a bound or a required mark, walking nested objects and array items. */
function bodyTargets(schema: Schema, root: Schema, steps: Step[], out: Target[], required: boolean, alternative: boolean) {
  if (steps.length && (required || hasBound(schema) || branches(schema).some(hasBound))) out.push({ loc: 'body', steps, schema, required, root, alternative });
  if (isLiteralUnion(schema)) return;
  // A union of object forms (a customer by id, or by name): each form's fields are probed in that form.
  const forms = steps.length > 0 && objectBranches(schema).length > 1;
  for (const b of branches(schema)) {
    if (b.type === 'object') {
      // Required in the object itself, or in an allOf part of it.
      const required = new Set<string>([...(b.required ?? []), ...(b.allOf ?? []).flatMap((part: Schema) => part.required ?? [])]);
      for (const [key, s] of Object.entries<Schema>(b.properties ?? {})) {
        bodyTargets(s, root, [...steps, { key, schema: s, ...(forms ? { container: b } : {}) }], out, required.has(key), alternative || forms);
      }
    }
    if (b.type === 'array' && b.items && typeof b.items === 'object') bodyTargets(b.items, root, [...steps, { key: '0', schema: b.items }], out, false, alternative);
  }
}

/** The value at the end of `steps` set (or removed), creating missing containers from their schemas. */
function put(root: any, steps: Step[], value: unknown, remove: boolean, fx: Fixtures, check: Checker) {
  let holder = root;
  for (const [i, step] of steps.entries()) {
    if (i === steps.length - 1) {
      if (remove) delete holder[step.key];
      else holder[step.key] = value;
      return;
    }
    let next = holder[step.key];
    if (next === undefined || next === null) {
      const schema = objectBranches(step.schema)[0] ?? branches(step.schema)[0];
      next = example(schema, step.key, fx, check);
      if (Array.isArray(next) && next.length === 0) next = [example(schema.items ?? {}, step.key, fx, check)];
      holder[step.key] = next;
    } else if (Array.isArray(next) && next.length === 0) {
      next.push(example(step.schema.items ?? {}, step.key, fx, check));
    }
    holder = next;
  }
}

/** Sets each object above the field to the form (of a union of object forms) the field belongs to, where it is in another. */
function fitForms(root: any, steps: Step[], fx: Fixtures, check: Checker) {
  let holder = root;
  for (let i = 0; i < steps.length - 1; i++) {
    if (!holder || typeof holder !== 'object') return;
    const form = steps[i + 1].container;
    if (form && !check.valid(form, holder[steps[i].key])) {
      const v = example(form, steps[i].key, fx, check);
      if (v !== undefined) holder[steps[i].key] = v;
    }
    holder = holder[steps[i].key];
  }
}

/**
 * `body` where the target's field goes only with others: the nearest object above it (then the next,
 * up to the body) made anew as the document's example holding it, until the field's value fits.
 */
function withField(body: any, t: Target, value: unknown, fx: Fixtures, check: Checker): any {
  for (let j = t.steps.length - 1; j >= 0; j--) {
    const out = structuredClone(body);
    const want = [t.steps[j].key];
    if (j === 0) {
      const made = example(t.root, 'body', fx, check, 0, want);
      if (made === undefined) continue;
      put(made, t.steps, value, false, fx, check);
      if (check.valid(t.root, made)) return example(t.root, 'body', fx, check, 0, want);
      continue;
    }
    let holder = out;
    for (let i = 0; i < j - 1; i++) holder = holder?.[t.steps[i].key];
    const at = t.steps[j - 1];
    if (!holder || typeof holder !== 'object') continue;
    const made = example(at.key === '0' ? at.schema : (objectBranches(at.schema)[0] ?? at.schema), at.key, fx, check, 0, want);
    if (made === undefined) continue;
    holder[at.key] = made;
    const trial = structuredClone(out);
    put(trial, t.steps, value, false, fx, check);
    if (check.valid(t.root, trial)) return out;
  }
  return body;
}

interface Probe {
  kind: 'inside' | 'outside';
  rule: string;
  value?: unknown;
  remove?: boolean;
}

const without = (schema: Schema, keys: string[]) => Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k)));

/** Strings of length `n` to try: realistic ones stretched or cut to `n`, then ones the schema alone allows. */
function stringsOfLength(n: number, base: unknown): string[] {
  const out: string[] = [];
  if (typeof base === 'string' && base.length > 0) {
    const chars = [...base];
    if (n <= chars.length) out.push(chars.slice(0, n).join(''), chars.slice(chars.length - n).join(''));
    else {
      const pad = 'x'.repeat(n - chars.length);
      const half = Math.floor((n - chars.length) / 2);
      // Spaces around the value: where a pattern bounds the trimmed text, only they reach the length bound.
      out.push(base.includes('@') ? pad + base : base + pad, pad + base, ' '.repeat(half) + base + ' '.repeat(n - chars.length - half));
    }
  }
  out.push('x'.repeat(n), '1'.repeat(n), 'a'.repeat(n));
  return out;
}

/**
 * Strings of length `n` made from realistic ones (`seeds`) by repeating one of their characters at one
 * place: where only a part of a format may grow (the digits of a fraction of a second), the one of
 * that length the schema accepts. Lazily, as there are many.
 */
function* stretched(n: number, seeds: unknown[]): Generator<string> {
  for (const seed of seeds) {
    if (typeof seed !== 'string') continue;
    const chars = [...seed];
    if (chars.length === 0 || chars.length >= n) continue;
    for (let i = 0; i <= chars.length; i++) {
      for (const c of new Set(chars)) yield [...chars.slice(0, i), c.repeat(n - chars.length), ...chars.slice(i)].join('');
    }
  }
}

/** Strings just past each bounded repetition of a pattern ({0,498} of a trimmed length: 501 letters). */
function pastRepetitions(patternSource: string): string[] {
  const out: string[] = [];
  for (const m of patternSource.matchAll(/\{(\d+),(\d+)\}/g)) {
    for (let extra = 1; extra <= 3; extra++) out.push('x'.repeat(Number(m[2]) + extra));
  }
  return out;
}

/**
 * The probes of one field: values just inside and just outside each of its bounds, and leaving it out.
 * `seeds`: realistic values of the field, stretched where no other value of a length is found.
 */
function probesOf(t: Target, base: unknown, check: Checker, exampleOf: (schema: Schema) => unknown, seeds: unknown[]): Probe[] {
  const probes: Probe[] = [];
  const s0 = t.schema;
  if (t.required) probes.push({ kind: 'outside', rule: 'required', remove: true });
  if (isLiteralUnion(s0) || Array.isArray(s0.enum)) {
    const values = Array.isArray(s0.enum) ? s0.enum : branches(s0).map((b) => b.const);
    for (const v of values) probes.push({ kind: 'inside', rule: `enum ${JSON.stringify(v)}`, value: v });
    const wrong = typeof values[0] === 'number' ? 987_654 : 'not-a-listed-value';
    if (!check.valid(s0, wrong)) probes.push({ kind: 'outside', rule: 'enum', value: wrong });
    return probes;
  }
  for (const s of branches(s0)) {
    if ('const' in s) {
      probes.push({ kind: 'inside', rule: 'const', value: s.const });
      continue;
    }
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    /** First candidate inside the whole schema; or outside it while inside it without `dropped`. */
    // Outside: a value the schema refuses for this bound only, else one it refuses for this bound among others.
    const first = (candidates: unknown[], kind: Probe['kind'], dropped: string[]) =>
      kind === 'inside'
        ? candidates.find((v) => check.valid(s0, v))
        : (candidates.find((v) => !check.valid(s0, v) && check.valid(without(s, dropped), v)) ?? (dropped.length ? candidates.find((v) => !check.valid(s0, v)) : undefined));
    const add = (kind: Probe['kind'], rule: string, candidates: Iterable<unknown>, dropped: string[] = []) => {
      const v = first([...candidates], kind, dropped) ?? (kind === 'inside' && /Length/.test(rule) ? stretchedInside(Number(rule.split(' ')[1])) : undefined);
      if (v !== undefined) probes.push({ kind, rule, value: v });
      else probes.push({ kind, rule: `${rule} (no example)` });
    };
    /** A stretched realistic value of length n the schema accepts. */
    const stretchedInside = (n: number) => {
      for (const v of stretched(n, [base, ...seeds])) if (check.valid(s0, v)) return v;
      return undefined;
    };
    // The field a value is checked against data by: the property itself, or the list an entry is of.
    const dataKey = [...t.steps].reverse().find((step) => !/^\d+$/.test(step.key))?.key ?? '';
    if (type === 'string') {
      const plain = !s.pattern && !s.format;
      const data = CHECKED_AGAINST_DATA[dataKey];
      for (const [rule, n, kind] of [
        ['minLength', s.minLength, 'inside'],
        ['minLength', s.minLength - 1, 'outside'],
        ['maxLength', s.maxLength, 'inside'],
        ['maxLength', s.maxLength + 1, 'outside'],
      ] as const) {
        if (n === undefined || Number.isNaN(n) || n < 0) continue;
        // No value of that length is known to be one (a token of 200 characters the server issued): not sent.
        if (kind === 'inside' && data) continue;
        add(kind, `${rule} ${n}`, stringsOfLength(n, base), [rule]);
        if (kind === 'inside' && n > 0) {
          // The same length as the schema alone allows it: astral characters (one each for the
          // schema) and, where no pattern or format says otherwise, spaces around letters.
          const astral = '😀'.repeat(n);
          if (check.valid(s0, astral)) probes.push({ kind, rule: `${rule} ${n} astral`, value: astral });
          if (plain && n >= 3) probes.push({ kind, rule: `${rule} ${n} padded`, value: ` ${'x'.repeat(n - 2)} ` });
          if (plain && typeof base === 'string' && base !== 'x'.repeat(n) && check.valid(s0, 'x'.repeat(n))) probes.push({ kind, rule: `${rule} ${n} letters`, value: 'x'.repeat(n) });
        }
      }
      if (typeof s.pattern === 'string') {
        if (base !== undefined) probes.push({ kind: 'inside', rule: 'pattern', value: base });
        add('outside', 'pattern', ['!', '-', ' ', '!!!!!', 'zz', '0', '@', 'x y', `${base}!`, `!${base}`, 'ab', 'abcdefgh', '12:345', '2026-13-45', '2026-1-01', '20260101', '2026-02-31x', ...pastRepetitions(s.pattern)], ['pattern']);
      }
    }
    if (type === 'integer' || type === 'number') {
      const step = type === 'integer' ? 1 : 0.01;
      if (s.minimum !== undefined) {
        add('inside', `minimum ${s.minimum}`, [s.minimum]);
        add('outside', `minimum ${s.minimum}`, [s.minimum - step], ['minimum']);
      }
      if (s.maximum !== undefined) {
        add('inside', `maximum ${s.maximum}`, [s.maximum]);
        add('outside', `maximum ${s.maximum}`, [s.maximum + step], ['maximum']);
      }
      if (s.exclusiveMinimum !== undefined) {
        add('inside', `exclusiveMinimum ${s.exclusiveMinimum}`, [s.exclusiveMinimum + step]);
        add('outside', `exclusiveMinimum ${s.exclusiveMinimum}`, [s.exclusiveMinimum], ['exclusiveMinimum']);
      }
      if (s.exclusiveMaximum !== undefined) {
        add('inside', `exclusiveMaximum ${s.exclusiveMaximum}`, [s.exclusiveMaximum - step]);
        add('outside', `exclusiveMaximum ${s.exclusiveMaximum}`, [s.exclusiveMaximum], ['exclusiveMaximum']);
      }
    }
    if (type === 'array') {
      const item = Array.isArray(base) && base.length ? base[0] : exampleOf(s.items ?? {});
      /** Lists of n entries: the same entry n times, or n distinct ones (ids, strings, dates) where entries must differ. */
      const lists = (n: number): unknown[][] => {
        if (n < 0 || item === undefined) return [];
        const distinct = (i: number): unknown => {
          if (item && typeof item === 'object' && !Array.isArray(item) && 'id' in item) return { ...item, id: `probe-${i}` };
          if (typeof item === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(item)) return new Date(Date.parse(item) + i * DAY).toISOString().slice(0, 10);
          if (typeof item === 'string') return `${item}${i}`;
          if (typeof item === 'number') return check.valid(s.items ?? {}, item + i) ? item + i : item - i;
          if (item && typeof item === 'object' && !Array.isArray(item) && 'day' in item) return { ...item, day: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][i % 7] };
          return item;
        };
        return [Array.from({ length: n }, (_, i) => distinct(i)), Array.from({ length: n }, () => item)];
      };
      // Entries checked against data (ids of the store's services): no list of n known-good ones to send.
      const forItems = (rule: string, n: number, kind: Probe['kind'], dropped: string[]) =>
        kind === 'inside' && CHECKED_AGAINST_DATA[dataKey] && n > 1 ? undefined : add(kind, `${rule} ${n}`, lists(n), dropped);
      if (s.minItems !== undefined) {
        forItems('minItems', s.minItems, 'inside', []);
        if (s.minItems > 0) forItems('minItems', s.minItems - 1, 'outside', ['minItems']);
      }
      if (s.maxItems !== undefined) {
        forItems('maxItems', s.maxItems, 'inside', []);
        forItems('maxItems', s.maxItems + 1, 'outside', ['maxItems']);
      }
    }
  }
  return probes;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
}

function operationsOf(doc: Schema): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      list.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op: inline(doc, op) });
    }
  }
  // Deletes and revocations last, so the fixtures serve the rest.
  const late = (o: Operation) => (o.method === 'DELETE' || /revoke|logout|cancel|refund|password/.test(o.path) ? 1 : 0);
  return list.sort((a, b) => late(a) - late(b));
}

async function createFixtures(env: TestEnv): Promise<Fixtures> {
  const store = await env.createStore({ timezone: 'Africa/Accra' });
  const key = await env.createKey(store, [...ALL_SCOPES]);
  const staff = env.staffHeaders(store);
  const q = `storeId=${store.storeId}`;
  const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '08:00', end: '20:00' }));
  const product = await env.createItem(store, { itemType: 'product', price: 10, stockCount: 100_000 });
  const service = await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 30, capacity: 10_000, maxAdvanceDays: 365, weeklyHours } });
  // More items than a probe's feed deletes, so a full feed stays under the mass-delete guard's half.
  for (let i = 0; i < 2; i++) await env.createItem(store, { itemType: 'product', price: 1 });
  const ids: Record<string, string> = { productId: product.id, serviceId: service.id, itemId: product.id };
  const post = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts`, headers: staff, payload: { title: 'Probe post', contentHtml: '<p>x</p>', status: 'published' } });
  ids.postId = post.data?.post?.id;
  ids.postSlug = post.data?.post?.slug;
  const booking = await env.inject({
    method: 'POST',
    url: `/v1IntegrationBookings?${q}`,
    headers: env.keyHeaders(key),
    payload: { serviceId: service.id, bookingDate: date(2), bookingTime: '10:00', customer: { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.test' } },
  });
  ids.bookingId = booking.data?.booking?.id;
  ids.bookingReference = booking.data?.booking?.reference;
  const order = await env.inject({
    method: 'POST',
    url: '/integrationCheckoutCreate',
    headers: env.keyHeaders(key),
    payload: { storeId: store.storeId, items: [{ item_id: product.id, qty: 1 }], customer: { name: 'Kofi Mensah', phone: '+233 24 123 4567' }, returnUrl: 'https://shop.example.test/ok', cancelUrl: 'https://shop.example.test/cancel' },
  });
  ids.orderReference = order.data?.reference;
  ids.reference = order.data?.reference;
  ids.orderId = order.data?.orderId;
  const customer = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: staff, payload: { name: 'Efua Owusu', email: 'efua@example.test', phone: '+233 20 000 0000' } });
  ids.customerId = customer.data?.customer?.id;
  ids.endpointId = await env.createWebhookEndpoint(store, ['order.paid']);
  const gallery = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/gallery`, headers: staff, payload: { url: 'https://shop.example.test/g.png' } });
  ids.entryId = gallery.data?.entry?.id ?? gallery.data?.item?.id;
  const video = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/videos`, headers: staff, payload: { title: 'Probe video', url: 'https://video.example.test/v/1' } });
  ids.videoId = video.data?.video?.id;
  const revocable = await env.inject({ method: 'POST', url: `/developer/keys?${q}`, headers: staff, payload: { name: 'revocable', scopes: ['catalog:read'] } });
  ids.keyId = revocable.data?.key?.keyId;
  const run = await env.inject({ method: 'POST', url: `/developer/sync-runs?${q}`, headers: staff, payload: { mode: 'upsert', items: [{ id: 'feed-1', name: 'Feed item', itemType: 'product', price: 3 }] } });
  ids.runId = run.data?.run?.runId;
  const invite = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: staff, payload: { email: 'invitee@example.test', role: 'staff' } });
  ids.invitationId = invite.data?.invitation?.id ?? invite.data?.invitation?.invitationId;
  for (const [name, value] of Object.entries(ids)) if (!value) delete ids[name];
  return { store, key, ids };
}

/** Puts back what a probe may have taken away (a session ended by a password change, a revoked key). */
async function restoreCredentials(env: TestEnv, fx: Fixtures) {
  if ((await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(fx.store) })).statusCode !== 200) {
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: fx.store.email, password: fx.store.password } });
    assert.equal(login.statusCode, 200, `re-login after a probe: ${login.body}`);
    fx.store.token = login.data.token;
  }
  if ((await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${fx.store.storeId}`, headers: env.keyHeaders(fx.key) })).statusCode === 401) {
    fx.key = await env.createKey(fx.store, [...ALL_SCOPES]);
  }
}

/** Whether an answer's details name the field: itself, a part of it, or (per-row reports) its row with the field in the message. */
function names(res: Response, field: string): boolean {
  return (res.data?.details ?? []).some((d: { field: string; message: string }) => {
    if (d.field === field || d.field.startsWith(`${field}.`)) return true;
    if (!field.startsWith(`${d.field}.`)) return false;
    const rest = field.slice(d.field.length + 1).replace(/(^|\.)\d+(?=\.|$)/g, '');
    return new RegExp(`(^|[\\s:])${rest.replace(/\./g, '\\.(?:\\d+\\.)?')}:`).test(d.message);
  });
}

const show = (value: unknown, max = 160) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
};

describeEachDb(
  'every documented bound of /openapi.json at its edge',
  (env) => {
    let fx: Fixtures;
    before(async () => {
      fx = await createFixtures(env);
    });

    test('values just inside a bound are not refused for that field; values just outside are 400 naming it', async () => {
      const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
      const check = new Checker();
      const operations = operationsOf(doc);
      const failures: string[] = [];
      const unprobed: string[] = [];
      let sent = 0;
      for (const o of operations) {
        const params: Schema[] = o.op.parameters ?? [];
        const queryParams = params.filter((p) => p.in === 'query');
        const json = o.op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
        if (!json && queryParams.length === 0) continue;
        if (EXCLUDED[o.key]) continue;

        const targets: Target[] = [];
        for (const p of queryParams) {
          const schema = p.schema ?? {};
          targets.push({ loc: 'query', steps: [{ key: p.name, schema }], schema, required: Boolean(p.required), root: {} });
        }
        const roots = json ? (objectBranches(json).length > 1 ? objectBranches(json) : [json]) : [];
        for (const root of roots) bodyTargets(root, root, [], targets, false, roots.length > 1);

        const security = (o.op.security ?? []).map((s: Schema) => Object.keys(s)[0]);
        const pathOf = () => o.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(fx.ids[name] ?? (name === 'storeId' ? fx.store.storeId : name === 'storeSlug' ? fx.store.slug : `unknown-${name}`)));
        // Query parameters of which one is required (OpenAPI cannot mark a group required: an extension says it).
        const oneOfQuery: string[] = o.op['x-required-one-of'] ?? [];
        const baseQuery = () => {
          const q: Record<string, unknown> = {};
          for (const p of queryParams) {
            if (!p.required && p.name !== oneOfQuery[0]) continue;
            const v = example(p.schema ?? {}, p.name, fx, check);
            if (v === undefined) unprobed.push(`${o.key}: no valid example for the query parameter ${p.name}`);
            else q[p.name] = v;
          }
          return q;
        };
        const baseBody = (root: Schema) => {
          const v = example(root, 'body', fx, check);
          if (v === undefined) unprobed.push(`${o.key}: no valid example body`);
          return v;
        };
        const send = async (query: Record<string, unknown>, body: unknown) => {
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(query)) search.append(k, String(v));
          const headers: Record<string, string> = { 'x-service-contract-version': CONTRACT_VERSION };
          if (security[0] === 'apiKey') Object.assign(headers, env.keyHeaders(fx.key));
          else if (security[0] === 'bearer') headers.authorization = `Bearer ${fx.store.token}`;
          if (o.op.parameters?.some((p: Schema) => p.in === 'header' && p.name === 'idempotency-key')) headers['idempotency-key'] = `probe-${++unique}`;
          const qs = search.toString();
          sent++;
          const request = { method: o.method as 'GET', url: `${pathOf()}${qs ? `?${qs}` : ''}`, headers, ...(json && body !== undefined ? { payload: body as object } : {}) };
          return { request, res: (await env.inject(request)) as Response };
        };

        const baseRoots = new Map<Schema, unknown>();
        for (const root of roots) baseRoots.set(root, baseBody(root));
        // The base request (every required field, inside its bounds) is not refused as invalid.
        for (const root of roots.length ? roots : [undefined]) {
          const { request, res } = await send(baseQuery(), root ? structuredClone(baseRoots.get(root)) : undefined);
          if (res.statusCode >= 500 || (res.statusCode === 400 && ['validation-failed', 'missing-store-id'].includes(res.data?.error))) {
            failures.push(`${o.key}: a request the document accepts is refused: ${request.url} ${show(request.payload)} → ${res.statusCode} ${show(res.data?.details ?? res.data?.error, 300)}`);
          }
        }

        if (oneOfQuery.length) {
          // Leaving out every parameter of the group is refused, naming one of them.
          const q = baseQuery();
          for (const name of oneOfQuery) delete q[name];
          const { request, res } = await send(q, json ? structuredClone(baseRoots.get(roots[0])) : undefined);
          const named = (res.data?.details ?? []).some((d: { field: string }) => oneOfQuery.includes(d.field));
          if (!(res.statusCode === 400 && res.data?.error === 'validation-failed' && named)) failures.push(`accepted outside: ${o.key} x-required-one-of ${oneOfQuery.join(', ')}: (all left out) → ${res.statusCode} ${show(res.data?.details ?? res.data?.error ?? '', 300)} (${request.url})`);
        }

        for (const t of targets) {
          const field = fieldOf(t);
          const key = t.steps.at(-1)!.key;
          const query = baseQuery();
          let body = t.loc === 'body' ? structuredClone(baseRoots.get(t.root)) : json ? structuredClone(baseRoots.get(roots[0])) : undefined;
          if (t.loc === 'body' && body === undefined) continue;
          let current: unknown;
          if (t.loc === 'query') current = query[field] ?? example(t.schema, field, fx, check);
          else {
            fitForms(body, t.steps, fx, check);
            let holder: any = body;
            for (const s of t.steps.slice(0, -1)) holder = holder?.[s.key];
            current = holder?.[key];
            if (current === undefined) current = example(t.schema, key, fx, check);
            // A field that goes only with others (bookingTime with status rescheduled, a schedule with a
            // service): the object holding it made anew as the document's example with it.
            const trial = structuredClone(body);
            put(trial, t.steps, current, false, fx, check);
            if (!check.valid(t.root, trial)) body = withField(body, t, current, fx, check);
          }
          for (const probe of probesOf(t, current, check, (schema) => example(schema, key, fx, check), hints(key, fx))) {
            if (probe.rule.endsWith('(no example)')) {
              unprobed.push(`${o.key} ${field}: ${probe.kind} ${probe.rule}`);
              continue;
            }
            const q = { ...query };
            const b = structuredClone(body);
            if (t.loc === 'query') {
              if (probe.remove) delete q[field];
              else q[field] = Array.isArray(probe.value) ? probe.value.join(',') : probe.value;
            } else put(b, t.steps, probe.value, Boolean(probe.remove), fx, check);
            const { request, res } = await send(q, b);
            const alternativeRequired = t.alternative && probe.remove && res.statusCode === 400 && res.data?.error === 'validation-failed' && res.data.details?.length;
            const what = `${o.key} ${field} ${probe.kind} ${probe.rule}: ${show(probe.remove ? '(left out)' : probe.value)} → ${res.statusCode} ${show(res.data?.details ?? res.data?.error ?? '', 300)}`;
            if (res.statusCode >= 500) failures.push(what);
            else if (probe.kind === 'inside' && res.statusCode === 400 && names(res, field)) failures.push(`refused inside: ${what}`);
            else if (probe.kind === 'outside') {
              const storeId = t.loc === 'query' && field === 'storeId' && probe.remove && res.data?.error === 'missing-store-id';
              // CONTRACT §3: the key is checked against the store a request names before its input, so a
              // store id out of bounds is first a store this key is not for (checkout bodies name it).
              const namedStore = t.loc === 'body' && /^(storeId|store_id|merchantId|merchant_id)$/.test(field) && security[0] === 'apiKey' && res.statusCode === 401 && res.data?.error === 'invalid-api-key';
              if (!storeId && !namedStore && !alternativeRequired && !(res.statusCode === 400 && res.data?.error === 'validation-failed' && names(res, field))) failures.push(`accepted outside: ${what} (${request.url.slice(0, 120)})`);
            }
          }
        }
        await restoreCredentials(env, fx);
      }
      if (process.env.PROBE_VERBOSE) console.log(`${sent} requests; not probed:\n${unprobed.join('\n')}\nfailures:\n${failures.join('\n')}`);
      assert.ok(sent > 500, `${sent} requests`);
      assert.deepEqual(failures, []);
      assert.deepEqual(unprobed, [], 'fields whose bound no example could reach');
    });
  },
  { env: { LOGIN_MAX_FAILURES: '100000', LOGIN_MAX_FAILURES_PER_SOURCE: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000' } },
);
