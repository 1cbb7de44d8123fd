// Query-string and path-parameter validation compiled from the route's zod schema (issue 13, 2026-11-27): the same
// value as fastify-type-provider-zod's validator (zod's `safeParse`) for every request zod accepts, at a fraction of
// its cost. Measured inside the running app, zod took 33 µs of a distinct search's ~360 µs of main-thread time
// (5 µs in a loop of its own: in the app every schema shares zod's few parse functions, whose call sites see every
// shape). The generated code has one function per schema node, so each of its call sites sees one.
//
// How it stays the same:
// - Generated once per route part from the schema's definition: objects (keys in the schema's order, unknown keys
//   left out, a key absent, optional, defaulted or required as zod's `handlePropertyResult` decides from the field's
//   own `optin`/`optout`), optional, default (zod's `defaultValue`, not validated, as zod), pipe, transform (the
//   schema's own function, called as zod calls it), string, number (coerced or not), boolean, enum, literal, array;
//   the checks of these: regex, lengths, trim and other overwrites, integer, bounds and refinements (the schema's
//   own function).
// - The generated code accepts only what succeeds; anything else (a failed check, an issue a transform adds, a
//   value of another type) goes to zod, which gives the answer it gives today (its 400 and message included).
// - A schema with a part the compiler does not know (unions, records, string formats, strict objects, checks with a
//   `when`, ...) is validated by zod alone. Bodies always are (fewer requests, richer schemas).
// - `verify` (under NODE_ENV=test) runs both on every request and throws when they differ, so every server test
//   checks it; `query-validator.test.ts` compares both on every route's schema with thousands of random inputs.
import { isDeepStrictEqual } from 'node:util';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fail, GeneratedCode, INVALID, Unsupported } from './schema-codegen';

type Validate = (data: unknown) => { value?: unknown; error?: Error };

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  maximum?: number;
  minimum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  tx?: (v: unknown) => unknown;
  fn?: (v: unknown) => unknown;
  when?: unknown;
  type?: string;
}
interface ZodDef {
  type: string;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  format?: string;
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  innerType?: ZodLike;
  element?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  transform?: (value: unknown, ctx: unknown) => unknown;
  defaultValue?: unknown;
}
interface ZodLike {
  _zod: { def: ZodDef; optin?: string; optout?: string; values?: Set<unknown> };
}

/** The context a transform gets: zod's payload; an issue added (or pushed) means zod decides. */
function transformContext(value: unknown) {
  return { value, issues: [] as unknown[], addIssue: fail };
}

class Generator extends GeneratedCode<ZodLike> {
  /** The name of the function that returns what zod's parse of `schema` returns, or calls F(). */
  function(schema: ZodLike): string {
    const known = this.done.get(schema);
    if (known) return known;
    const name = `f${this.done.size}`;
    this.done.set(schema, name);
    const body = [...this.parse(schema), ...this.checks(schema._zod.def), 'return x;'];
    this.functions.push([`function ${name}(x) {`, ...body, '}'].join('\n'));
    return name;
  }

  /** Statements that turn `x` into the parsed value (the type's own parse, before the schema's checks). */
  private parse(schema: ZodLike): string[] {
    const def = schema._zod.def;
    switch (def.type) {
      case 'string':
        if (def.coerce || def.format) throw new Unsupported('string coercion or format');
        return [`if (typeof x !== 'string') F();`];
      case 'number':
        if (def.format && def.format !== 'safeint') throw new Unsupported(`number format ${def.format}`);
        return [
          ...(def.coerce ? ['try { x = Number(x); } catch { F(); }'] : []),
          `if (typeof x !== 'number' || !Number.isFinite(x)) F();`,
          // z.int() as a type is its own first check (not listed in its checks); .int() on z.number() is listed.
          ...(def.format === 'safeint' ? ['if (!Number.isSafeInteger(x)) F();'] : []),
        ];
      case 'boolean':
        if (def.coerce) throw new Unsupported('boolean coercion');
        return [`if (typeof x !== 'boolean') F();`];
      case 'enum':
      case 'literal': {
        const values = schema._zod.values;
        if (!values) throw new Unsupported(`${def.type} without values`);
        return [`if (!${this.constant(values)}.has(x)) F();`];
      }
      case 'optional': {
        const inner = def.innerType!;
        const f = this.function(inner);
        if (inner._zod.optin !== 'defaulted') return [`if (x === undefined) return undefined;`, `x = ${f}(x);`];
        // A defaulted inner schema substitutes for undefined; if that fails, zod yields undefined.
        return [`if (x === undefined) { try { return ${f}(x); } catch (e) { if (e === F.INVALID) return undefined; throw e; } }`, `x = ${f}(x);`];
      }
      case 'default': {
        const f = this.function(def.innerType!);
        const d = this.constant(def);
        return [`if (x === undefined) return ${d}.defaultValue;`, `x = ${f}(x);`, `if (x === undefined) x = ${d}.defaultValue;`];
      }
      case 'pipe':
        return [`x = ${this.function(def.out!)}(${this.function(def.in!)}(x));`];
      case 'transform': {
        const fn = this.constant(def.transform);
        return [
          'const ctx = T(x);',
          `x = ${fn}(x, ctx);`,
          `if (ctx.issues.length !== 0 || (x !== null && typeof x === 'object' && typeof x.then === 'function')) F();`,
        ];
      }
      case 'array': {
        const element = this.function(def.element!);
        return [
          'if (!Array.isArray(x)) F();',
          'const out = new Array(x.length);',
          `for (let i = 0; i < x.length; i++) out[i] = ${element}(x[i]);`,
          'x = out;',
        ];
      }
      case 'object':
        return this.object(def);
      default:
        throw new Unsupported(def.type);
    }
  }

  /** zod's object parse (strip mode) for the success path: handlePropertyResult per key, in the shape's order. */
  private object(def: ZodDef): string[] {
    if (def.catchall) throw new Unsupported('object catchall (strict or loose)');
    const lines = ['if (typeof x !== "object" || x === null || Array.isArray(x)) F();', 'const o = {};'];
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      if (/^(0|[1-9]\d*)$/.test(key) || key === '__proto__') throw new Unsupported(`key ${key}`);
      const k = JSON.stringify(key);
      const f = this.function(field);
      const { optin, optout } = field._zod;
      const optionalOut = optout === 'optional';
      if (optin === undefined) {
        // Required: absent is an issue; present, its value (even undefined) is kept.
        lines.push(`if (!(${k} in x)) F();`, `o[${k}] = ${f}(x[${k}]);`);
      } else if (optin === 'optional' && optionalOut) {
        // Absent contributes nothing; present is kept as parsed.
        lines.push(`if (${k} in x) o[${k}] = ${f}(x[${k}]);`);
      } else {
        // Optional-in with a value out (a transform after it) or defaulted: the schema runs on the absent value too.
        // Issues on an absent key are ignored when optional-out; undefined is kept only for a defaulted, not optional-out key.
        const run = optionalOut ? `try { v = ${f}(undefined); } catch (e) { if (e !== F.INVALID) throw e; }` : `v = ${f}(undefined);`;
        const store = optin === 'defaulted' && !optionalOut ? `o[${k}] = v;` : `if (v !== undefined) o[${k}] = v;`;
        lines.push(`if (${k} in x) o[${k}] = ${f}(x[${k}]); else { let v; ${run} ${store} }`);
      }
    }
    lines.push('x = o;');
    return lines;
  }

  /** The schema's checks in order, for the success path: each passes or F(). */
  private checks(def: ZodDef): string[] {
    const lines: string[] = [];
    for (const c of def.checks ?? []) {
      const check = c._zod.def;
      const start = lines.length;
      switch (check.check) {
        case 'string_format':
          if (check.format !== 'regex' || !(check.pattern instanceof RegExp)) throw new Unsupported(`string format ${check.format}`);
          lines.push(`{ const p = ${this.constant(check.pattern)}; p.lastIndex = 0; if (!p.test(x)) F(); }`);
          break;
        case 'max_length':
          lines.push(`if (!(x.length <= ${Number(check.maximum)})) F();`);
          break;
        case 'min_length':
          lines.push(`if (!(x.length >= ${Number(check.minimum)})) F();`);
          break;
        case 'length_equals':
          lines.push(`if (x.length !== ${Number(check.length)}) F();`);
          break;
        case 'overwrite':
          lines.push(`x = ${this.constant(check.tx)}(x);`);
          break;
        case 'number_format':
          if (check.format !== 'safeint') throw new Unsupported(`number format ${check.format}`);
          lines.push('if (!Number.isSafeInteger(x)) F();');
          break;
        case 'greater_than':
          lines.push(`if (!(x ${check.inclusive ? '>=' : '>'} ${this.constant(check.value)})) F();`);
          break;
        case 'less_than':
          lines.push(`if (!(x ${check.inclusive ? '<=' : '<'} ${this.constant(check.value)})) F();`);
          break;
        case 'custom':
          if (check.type !== 'custom' || typeof check.fn !== 'function') throw new Unsupported('custom check');
          lines.push(`{ const r = ${this.constant(check.fn)}(x); if (!r || typeof r.then === 'function') F(); }`);
          break;
        default:
          throw new Unsupported(`check ${check.check}`);
      }
      // A check with a condition (zod's length checks have one: a value with a length) runs when it holds, as in zod.
      if (typeof check.when === 'function') {
        lines.push(`if (${this.constant(check.when)}({ value: x, issues: [] })) { ${lines.splice(start).join(' ')} }`);
      } else if (check.when !== undefined) throw new Unsupported('check condition');
    }
    return lines;
  }
}

/**
 * The compiled parse of `schema`: the value zod's safeParse gives for an input it accepts, INVALID_INPUT where the
 * generated code does not accept it (then zod decides); null when the schema has a part this compiler does not handle.
 */
export function compileQueryParser(schema: z.ZodType): ((data: unknown) => unknown) | null {
  const root = schema as unknown as ZodLike;
  if (!root?._zod?.def) return null;
  const generator = new Generator();
  let rootName: string;
  try {
    rootName = generator.function(root);
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
  const F = Object.assign(() => fail(), { INVALID });
  const source = [...generator.functions, `return ${rootName};`].join('\n');
  // Code generated from the schema only (keys go in as JSON literals, functions and values as constants); no request data.
  const parse = new Function('F', 'K', 'T', source)(F, generator.constants, transformContext) as (data: unknown) => unknown;
  return (data) => {
    try {
      return parse(data);
    } catch (err) {
      if (err === INVALID) return INVALID_INPUT;
      throw err;
    }
  };
}

/** What a compiled parser returns for an input it leaves to zod. */
export const INVALID_INPUT: unique symbol = Symbol('left to zod');

/** Route parts validated by the compiled code where it applies (bodies stay with zod). */
const COMPILED_PARTS = new Set(['querystring', 'params']);

/**
 * fastify's validator compiler for the app's zod schemas: the compiled parser where it applies and accepts the
 * input, else fastify-type-provider-zod's. `verify`: also parse with zod and throw when the two differ (tests).
 */
export function queryValidatorCompiler(options: { verify?: boolean } = {}): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodValidatorCompiler(route) as Validate;
    const parse = COMPILED_PARTS.has(route.httpPart ?? '') ? compileQueryParser(route.schema) : null;
    if (!parse) return viaZod;
    if (options.verify) {
      return (data) => {
        const fast = parse(data);
        const slow = viaZod(data);
        const agree = fast === INVALID_INPUT ? slow.error !== undefined : slow.error === undefined && isDeepStrictEqual(fast, slow.value);
        if (!agree) {
          throw new Error(`compiled ${route.httpPart} validation of ${route.method} ${route.url} differs from zod's for ${JSON.stringify(data)}: ${fast === INVALID_INPUT ? 'refused' : JSON.stringify(fast)} against ${slow.error ? 'an error' : JSON.stringify(slow.value)}`);
        }
        return slow;
      };
    }
    return (data) => {
      const value = parse(data);
      return value === INVALID_INPUT ? viaZod(data) : { value };
    };
  };
}
