// fast-check arbitraries generated from zod 4 schemas (zod-fast-check only knows zod 3): for a
// request schema of proto, values it accepts and values that break exactly one of its rules. The
// schema itself is the oracle: a candidate counts as valid or broken by what `safeParse` answers
// for it as the server receives it (after JSON, a query string or GraphQL variables), so a rule the
// walk below cannot read (a refine, a preprocess) still decides, and a mutation the schema happens
// to accept (a trimmed blank, a coerced string) is never sent as a defect.
import fc from 'fast-check';

/** Absent from its object: a required key left out. */
export const ABSENT = Symbol('absent');

/** The request guard's rules in front of every schema (services/common/src/http/json-guard.ts). */
export const MAX_JSON_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const def = (schema) => schema._zod.def;
const checks = (schema) => (def(schema).checks ?? []).map((check) => check._zod.def);
const INT32 = 2 ** 31 - 1;

/** The bounds of a string or number schema's checks. */
const bounds = (schema) => {
  const out = { min: undefined, max: undefined, minExclusive: false, maxExclusive: false };
  for (const check of checks(schema)) {
    if (check.check === 'min_length') out.min = check.minimum;
    if (check.check === 'max_length') out.max = check.maximum;
    if (check.check === 'length_equals') out.min = out.max = check.length;
    if (check.check === 'greater_than') [out.min, out.minExclusive] = [check.value, !check.inclusive];
    if (check.check === 'less_than') [out.max, out.maxExclusive] = [check.value, !check.inclusive];
    if (check.check === 'number_format') out.int = /int/.test(check.format);
    if (check.check === 'string_format') out.format = { format: check.format, pattern: check.pattern };
    if (check.check === 'overwrite') out.trims = true;
  }
  if (def(schema).format) out.format = { format: def(schema).format, pattern: def(schema).pattern };
  return out;
};

/** What the walk sees through: optional, nullable, default, catch, readonly, a preprocess's input. */
const peel = (schema) => {
  const d = def(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type))
    return peel(d.innerType);
  if (d.type === 'pipe') return def(d.in).type === 'transform' ? peel(d.out) : peel(d.in);
  return schema;
};

// ---------------------------------------------------------------------------------------------
// Valid values

/** Text that is valid wherever a string of that length is: letters, accents, emoji, RTL marks, quotes. */
const TRICKY_TEXT = [
  'Zoë',
  'Ångström',
  '🚴‍♀️ ride',
  'ℕ𝕆𝕋',
  '\u202eright to left',
  "O'Brien",
  '<b>bold</b>',
  'tab\there',
];
const text = (min = 0, max = 40) => {
  const cap = Math.min(max, min + 40);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: cap }) },
      fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }),
      fc.constantFrom(...TRICKY_TEXT),
    )
    .filter((value) => value.length >= min && value.length <= max && !unstorable(value));
};

const lowerWord = (min, max) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
    minLength: min,
    maxLength: max,
  });
const email = fc
  .tuple(lowerWord(1, 20), fc.constantFrom('', '.', '+', '_', '-'), lowerWord(1, 8), lowerWord(1, 12))
  .map(([user, sep, tag, host]) => `${user}${sep}${tag}@${host}.example.com`);

const formatted = (format, pattern, min, max) => {
  switch (format) {
    case 'email':
      return email;
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: 4 });
    case 'datetime':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
    case 'regex':
      // a whole-value pattern; its length bounds are the string's own
      return fc
        .stringMatching(pattern)
        .filter((value) => value.length >= (min ?? 0) && value.length <= (max ?? Infinity));
    default:
      throw new Error(`schema-arbitraries: no generator for string format ${format}`);
  }
};

const number = ({ min, max, minExclusive, maxExclusive, int }, { int32 }) => {
  if (int) {
    const lo = min === undefined ? -INT32 : Math.ceil(minExclusive ? min + 1 : min);
    const hi = max === undefined ? INT32 : Math.floor(maxExclusive ? max - 1 : max);
    return fc.integer({ min: int32 ? Math.max(lo, -INT32) : lo, max: int32 ? Math.min(hi, INT32) : hi });
  }
  return fc
    .double({
      min: min ?? -1e9,
      max: max ?? 1e9,
      minExcluded: minExclusive,
      maxExcluded: maxExclusive,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((value) => (Object.is(value, -0) ? 0 : value));
};

/**
 * Values `schema` accepts, in the canonical shape a client sends (a preprocess's target, not the
 * alternatives it converts). `options.int32`: whole numbers fit GraphQL's Int. `options.overrides`:
 * arbitraries by object key, for values the schema allows but the domain refuses (a past date).
 */
export const validArbitrary = (schema, options = {}) => {
  const d = def(schema);
  switch (d.type) {
    case 'optional':
      return fc.option(validArbitrary(d.innerType, options), { nil: ABSENT, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(d.innerType, options), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(d.innerType, options), { nil: ABSENT, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(d.innerType, options);
    case 'pipe':
      if (def(d.in).type === 'transform') return validArbitrary(d.out, options);
      if (def(d.out).type === 'transform') return validArbitrary(d.in, options);
      // a string piped into a format: generate the format, keep the string's own bounds
      return validArbitrary(d.out, { ...options, outer: bounds(d.in) });
    case 'string': {
      const own = bounds(schema);
      const min = Math.max(own.min ?? 0, options.outer?.min ?? 0);
      const max = Math.min(own.max ?? Infinity, options.outer?.max ?? Infinity);
      if (own.format)
        return formatted(own.format.format, own.format.pattern, min, max).filter((s) => s.length <= max);
      return text(min, Number.isFinite(max) ? max : 60);
    }
    case 'number':
      return number(bounds(schema), options);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries));
    case 'literal':
      return fc.constantFrom(...d.values);
    case 'union':
      return fc.oneof(...d.options.map((option) => validArbitrary(option, options)));
    case 'array': {
      const { min, max } = bounds(schema);
      return fc.array(validArbitrary(d.element, options), {
        minLength: min ?? 0,
        maxLength: Math.min(max ?? 5, 5),
      });
    }
    case 'record':
      return fc.dictionary(validArbitrary(d.keyType, options), validArbitrary(d.valueType, options), {
        maxKeys: 3,
      });
    case 'object': {
      const entries = Object.entries(d.shape).map(([key, field]) => [
        key,
        options.overrides?.[key] ?? validArbitrary(field, { ...options, overrides: undefined }),
      ]);
      return fc
        .tuple(...entries.map(([, arbitrary]) => arbitrary))
        .map((values) =>
          Object.fromEntries(
            entries.map(([key], i) => [key, values[i]]).filter(([, value]) => value !== ABSENT),
          ),
        );
    }
    default:
      throw new Error(`schema-arbitraries: no generator for a zod ${d.type}`);
  }
};

// ---------------------------------------------------------------------------------------------
// Broken values: each candidate breaks one rule of one field; the oracle keeps the refused ones.

const nested = (depth) => {
  let value = 1;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};
const defect = (kind, value) => ({ value, defect: kind });

/** Whatever the field: a value of another JSON type, null, deep nesting, a huge array. */
const anyFieldBreaks = () => [
  fc.oneof(
    fc.integer().map((v) => defect('wrong type (number)', v)),
    fc.boolean().map((v) => defect('wrong type (boolean)', v)),
    fc.string({ maxLength: 8 }).map((v) => defect('wrong type (string)', v)),
    fc.array(fc.integer(), { maxLength: 3 }).map((v) => defect('wrong type (array)', v)),
    fc
      .dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 })
      .map((v) => defect('wrong type (object)', v)),
  ),
  fc.constant(defect('null', null)),
  fc.constantFrom(MAX_JSON_DEPTH + 1, 200).map((depth) => defect(`nested ${depth} deep`, nested(depth))),
  fc.constant(
    defect(
      'array of 10,000 items',
      Array.from({ length: 10_000 }, () => 1),
    ),
  ),
];

const stringBreaks = (schema, outer = {}) => {
  const own = bounds(schema);
  const min = Math.max(own.min ?? 0, outer.min ?? 0);
  const max = Math.min(own.max ?? Infinity, outer.max ?? Infinity);
  const out = [
    fc
      .constantFrom('\u0000', 'a\u0000b', 'lone \ud800', '\udc00 low')
      .map((v) => defect('unstorable text', v)),
  ];
  if (min > 0)
    out.push(
      fc
        .constantFrom('', ' '.repeat(min), '\n\t', 'x'.repeat(min - 1))
        .map((v) => defect(`shorter than ${min}`, v)),
    );
  if (Number.isFinite(max))
    out.push(
      fc
        .constantFrom(max + 1, max * 2 + 1, 100_000)
        .chain((length) =>
          fc
            .constantFrom('x', 'é', '🚴')
            .map((unit) => defect(`longer than ${max} (${length})`, unit.repeat(length).slice(0, length))),
        ),
    );
  const format = own.format?.format;
  if (format === 'email')
    out.push(
      fc
        .constantFrom(
          'plainaddress',
          '@example.com',
          'a@',
          'a@b',
          'a b@c.de',
          'a@@b.com',
          "' OR '1'='1",
          '<script>@x.io',
          'ℕ𝕆𝕋@𝔼𝕄𝔸𝕀𝕃.com',
        )
        .map((v) => defect('not an email', v)),
    );
  if (format === 'uuid' || format === 'guid')
    out.push(
      fc
        .constantFrom('abc', '1', 'ffffffff-ffff-ffff-ffff', "1' OR '1'='1")
        .map((v) => defect('not a uuid', v)),
    );
  if (format === 'datetime')
    out.push(
      fc
        .constantFrom(
          'not a date',
          '2025-02-30T00:00:00Z',
          '2025-13-01T00:00:00Z',
          '2025-01-01',
          '+275760-09-13T00:00:00Z',
          '17',
        )
        .map((v) => defect('not a date-time', v)),
    );
  if (format === 'regex')
    out.push(
      fc
        .oneof(
          fc.constantFrom('a b', "'; DROP TABLE x; --", '<b>', '2025-1-1', '2025-02-30', 'ü'),
          fc.string({ maxLength: 12 }),
        )
        .map((v) => defect(`not matching ${own.format.pattern}`, v)),
    );
  return out;
};

const numberBreaks = (schema) => {
  const { min, max, int } = bounds(schema);
  const out = [
    fc.constantFrom(Number.NaN, Infinity, -Infinity).map((v) => defect(`${v} (JSON null)`, v)),
    fc
      .constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 5e-324)
      .map((v) => defect(`extreme ${v}`, v)),
    fc
      .constantFrom('12', '1e3', '0x10', 'NaN', '')
      .map((v) => defect(`number as text ${JSON.stringify(v)}`, v)),
  ];
  if (min !== undefined)
    out.push(
      fc.constantFrom(min - 1, min - 0.5, -1e9, Math.min(min, 0) - 1).map((v) => defect(`below ${min}`, v)),
    );
  if (max !== undefined)
    out.push(fc.constantFrom(max + 1, max + 0.5, 1e12).map((v) => defect(`above ${max}`, v)));
  if (int)
    out.push(
      fc
        .double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true })
        .filter((v) => !Number.isInteger(v))
        .map((v) => defect('not a whole number', v)),
    );
  return out;
};

/** Candidate breaks of one value (a field, or the whole body). */
const valueBreaks = (schema, outer) => {
  const d = def(schema);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return valueBreaks(d.innerType, outer);
    case 'pipe':
      if (def(d.in).type === 'transform') return valueBreaks(d.out, outer);
      if (def(d.out).type === 'transform') return valueBreaks(d.in, outer);
      return [...valueBreaks(d.in, outer), ...valueBreaks(d.out, bounds(d.in))];
    case 'string':
      return [...anyFieldBreaks(), ...stringBreaks(schema, outer)];
    case 'number':
      return [...anyFieldBreaks(), ...numberBreaks(schema)];
    case 'enum': {
      const values = Object.values(d.entries).map(String);
      return [
        ...anyFieldBreaks(),
        fc
          .constantFrom(
            ...values.map((v) => v.toUpperCase()),
            ...values.map((v) => ` ${v}`),
            'bogus',
            '',
            "' OR '1'='1",
          )
          .map((v) => defect(`not one of ${values.join('|')}`, v)),
      ];
    }
    case 'array': {
      const { max } = bounds(schema);
      const out = [...anyFieldBreaks()];
      if (max !== undefined)
        out.push(
          fc.constant(
            defect(
              `more than ${max} items`,
              Array.from({ length: max + 1 }, () => 1),
            ),
          ),
        );
      return out;
    }
    default:
      return anyFieldBreaks();
  }
};

const strictObject = (objectSchema) =>
  def(def(objectSchema).catchall ?? { _zod: { def: {} } }).type === 'never';
const EXTRA_KEYS = ['isAdmin', 'role', 'userId', 'subscriptionTier', '__proto__', 'constructor', 'extra'];

/** An object with `key` set as an own property (even `__proto__`). */
const withKey = (object, key, value) => {
  const copy = { ...object };
  if (value === ABSENT) delete copy[key];
  else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
};

/** The object schema under refinements and transforms, if the body is one. */
const objectOf = (schema) => {
  const inner = peel(schema);
  return def(inner).type === 'object' ? inner : undefined;
};

/**
 * Candidates that break one rule of `schema`: {value, defect}. For an object, each starts from a
 * valid value (`base`) and changes one field (`field`: broken, left out, or an unknown key added).
 */
export const brokenCandidates = (schema, options = {}) => {
  const object = objectOf(schema);
  if (!object) return fc.oneof(...valueBreaks(schema));
  const shape = def(object).shape;
  const keys = Object.keys(shape).filter((key) => !options.fixed?.includes(key));
  const base = validArbitrary(schema, options);
  const perKey = keys.map((key) =>
    fc.tuple(base, fc.oneof(...valueBreaks(shape[key]))).map(([valid, broken]) => ({
      value: withKey(valid, key, broken.value),
      defect: `${key}: ${broken.defect}`,
      field: key,
      base: valid,
    })),
  );
  const out = [...perKey];
  if (keys.length)
    out.push(
      fc.tuple(base, fc.constantFrom(...keys)).map(([valid, key]) => ({
        value: withKey(valid, key, ABSENT),
        defect: `${key}: missing`,
        field: key,
        base: valid,
      })),
    );
  if (strictObject(object) && !options.noExtraKeys)
    out.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...EXTRA_KEYS.filter((key) => !Object.hasOwn(shape, key))),
          fc.oneof(fc.boolean(), fc.string({ maxLength: 5 })),
        )
        .map(([valid, key, extra]) => ({
          value: withKey(valid, key, extra),
          defect: `unknown key ${key}`,
          field: key,
          base: valid,
        })),
    );
  return fc.oneof(...out);
};

// ---------------------------------------------------------------------------------------------
// The oracle

const depthOf = (value, depth = 0) => {
  if (depth > MAX_JSON_DEPTH + 1 || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, depth + 1));
  return deepest;
};
const hasUnstorable = (value) =>
  typeof value === 'string'
    ? unstorable(value)
    : value !== null &&
      typeof value === 'object' &&
      Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorable(v));

/** Whether the server must refuse `received` (what it parses from the request) by `schema` or the request guard. */
export const mustRefuse = (schema, received) =>
  hasUnstorable(received) || depthOf(received) > MAX_JSON_DEPTH || !schema.safeParse(received).success;

/** The first message the server answers for a refused value (services/common parseOrThrow). */
export const expectedMessage = (schema, received, firstIssueMessage) => {
  const result = schema.safeParse(received);
  return result.success ? undefined : firstIssueMessage(result.error);
};
