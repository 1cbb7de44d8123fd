// Response serialization compiled from the route's zod schema (issue 13, ADR 026 2026-11-26): the same bytes as
// fastify-type-provider-zod's serializer (zod's `safeEncode`, then `JSON.stringify`) without building a copy of
// the answer first. The copy was 11% of a distinct search's CPU and 19% of a Community Insights page's.
//
// How it stays the same:
// - Generated once per route and status from the schema: one JavaScript function per object and array of the
//   schema, writing the keys in the schema's order (zod's output order), leaving out keys the schema does not
//   name (zod strips them) and optional keys whose value is undefined (JSON.stringify drops them).
// - Every value is checked as zod checks it (a string is a string, a number finite, an integer a safe integer,
//   an enum value one of its values, ...). Whatever the compiled code does not accept, and any schema with a
//   part it does not know (transforms, string checks, defaults, unions, ...), goes to the zod serializer, which
//   sends the same text or throws its error: bad data is never sent.
// - `verify` (under NODE_ENV=test) runs both and throws when the texts differ, so every server test checks it.
// - An array of strings that is frozen (and long enough to matter: the option lists of the insight pages) is
//   written once and its text kept with it (a WeakMap): a frozen array cannot change.
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Serialize = (data: unknown) => string;

/** Thrown inside the generated code when a value is not what the schema allows (then zod decides). */
const INVALID: unique symbol = Symbol('invalid');

/** A string as JSON.stringify writes it: quoted as it is unless it holds a quote, a backslash, a control character or a surrogate. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
function str(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Frozen string arrays of at least this many items keep their text. */
const MEMO_MIN_LENGTH = 16;

interface ZodDef {
  type: string;
  checks?: Array<{ _zod: { def: { check?: string; format?: string } } }>;
  format?: string;
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  innerType?: ZodLike;
  element?: ZodLike;
  entries?: Record<string, unknown>;
  values?: unknown[];
}
interface ZodLike {
  _zod: { def: ZodDef };
}

class Unsupported extends Error {}

/** Builds the source of one function per object / array node; `fail` marks a schema this compiler leaves to zod. */
class Generator {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];
  private vars = 0;
  private readonly done = new Map<ZodLike, string>();

  private constant(value: unknown): string {
    this.constants.push(value);
    return `K[${this.constants.length - 1}]`;
  }

  private v(): string {
    return `v${this.vars++}`;
  }

  /** Statements appending the JSON of `x` (a variable name) to `s`, or throwing INVALID. */
  value(schema: ZodLike, x: string): string {
    const def = schema._zod.def;
    switch (def.type) {
      case 'string':
        if (def.checks?.length || def.format) throw new Unsupported('string checks');
        return `if (typeof ${x} !== 'string') throw I; s += S(${x});`;
      case 'number': {
        let integer = def.format === 'safeint';
        if (def.format && !integer) throw new Unsupported(`number format ${def.format}`);
        for (const c of def.checks ?? []) {
          if (c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint') integer = true;
          else throw new Unsupported('number checks');
        }
        return integer
          ? `if (!Number.isSafeInteger(${x})) throw I; s += '' + ${x};`
          : `if (typeof ${x} !== 'number' || !Number.isFinite(${x})) throw I; s += '' + ${x};`;
      }
      case 'boolean':
        if (def.checks?.length) throw new Unsupported('boolean checks');
        return `if (${x} === true) s += 'true'; else if (${x} === false) s += 'false'; else throw I;`;
      case 'enum':
      case 'literal': {
        const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        const texts = new Map<unknown, string>();
        for (const value of values) {
          if (typeof value === 'string') texts.set(value, str(value));
          else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null) texts.set(value, JSON.stringify(value));
          else throw new Unsupported(`${def.type} value ${String(value)}`);
        }
        const t = this.v();
        return `const ${t} = ${this.constant(texts)}.get(${x}); if (${t} === undefined) throw I; s += ${t};`;
      }
      case 'nullable':
        return `if (${x} === null) s += 'null'; else { ${this.value(def.innerType!, x)} }`;
      case 'object':
      case 'array':
        return `s += ${this.function(schema)}(${x});`;
      default:
        throw new Unsupported(def.type);
    }
  }

  /** The name of the function writing `schema` (an object or an array), generated once per schema node. */
  function(schema: ZodLike): string {
    const known = this.done.get(schema);
    if (known) return known;
    const name = `f${this.done.size}`;
    this.done.set(schema, name);
    const def = schema._zod.def;
    if (def.type === 'object') this.functions.push(this.objectFunction(name, def));
    else if (def.type === 'array') this.functions.push(this.arrayFunction(name, def));
    else throw new Unsupported(def.type);
    return name;
  }

  private objectFunction(name: string, def: ZodDef): string {
    if (def.catchall || def.checks?.length) throw new Unsupported('object catchall or checks');
    const lines = [`function ${name}(o) {`, `if (typeof o !== 'object' || o === null || Array.isArray(o)) throw I;`, `let s = '';`];
    // Whether a key has certainly been written before this one (then the comma is known here).
    let written = false;
    let flag = false;
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      // Integer-like keys come first in a JavaScript object whatever the order they were set in; __proto__ is special.
      if (/^(0|[1-9]\d*)$/.test(key) || key === '__proto__') throw new Unsupported(`key ${key}`);
      const optional = field._zod.def.type === 'optional';
      const inner = optional ? field._zod.def.innerType! : field;
      const x = this.v();
      const head = JSON.stringify(`${JSON.stringify(key)}:`);
      const comma = JSON.stringify(`,${JSON.stringify(key)}:`);
      const prefix = written ? `s += ${comma};` : `s += (c ? ${comma} : ${head}); c = true;`;
      if (!written && !flag) {
        lines.push('let c = false;');
        flag = true;
      }
      lines.push(`const ${x} = o[${JSON.stringify(key)}];`);
      if (optional) {
        lines.push(`if (${x} !== undefined) { ${prefix} ${this.value(inner, x)} }`);
      } else {
        lines.push(`if (${x} === undefined) throw I;`, prefix, this.value(inner, x));
        written = true;
      }
    }
    lines.push(`return '{' + s + '}';`, '}');
    return lines.join('\n');
  }

  private arrayFunction(name: string, def: ZodDef): string {
    if (def.checks?.length) throw new Unsupported('array checks');
    const element = def.element!;
    if (element._zod.def.type === 'optional') throw new Unsupported('optional array element');
    const x = this.v();
    const body = [
      `if (!Array.isArray(a)) throw I;`,
      `let s = '[';`,
      `for (let i = 0; i < a.length; i++) {`,
      `if (i > 0) s += ',';`,
      `const ${x} = a[i];`,
      this.value(element, x),
      `}`,
      `return s + ']';`,
    ];
    if (element._zod.def.type !== 'string') return [`function ${name}(a) {`, ...body, '}'].join('\n');
    // Strings only: a frozen array's text is kept with it.
    return [
      `function ${name}(a) {`,
      `const frozen = Array.isArray(a) && a.length >= ${MEMO_MIN_LENGTH} && Object.isFrozen(a);`,
      `if (frozen) { const t = M.get(a); if (t !== undefined) return t; }`,
      `const t = ${name}_(a);`,
      `if (frozen) M.set(a, t);`,
      `return t;`,
      '}',
      `function ${name}_(a) {`,
      ...body,
      '}',
    ].join('\n');
  }
}

/**
 * The compiled writer of `schema`: the JSON text of a value the schema accepts, undefined for any other value;
 * null when the schema has a part this compiler does not handle (the caller then uses zod).
 */
export function compileJsonWriter(schema: z.ZodType): ((data: unknown) => string | undefined) | null {
  const root = schema as unknown as ZodLike;
  if (!root?._zod?.def) return null;
  const generator = new Generator();
  let rootCode: string;
  try {
    rootCode = generator.value(root, 'data');
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
  const source = [...generator.functions, `return function write(data) { let s = ''; ${rootCode} return s; };`].join('\n');
  // Code generated from the schema only (key names and enum texts go in as JSON literals or constants); no request data.
  const write = new Function('I', 'S', 'K', 'M', source)(INVALID, str, generator.constants, new WeakMap()) as Serialize;
  return (data) => {
    try {
      return write(data);
    } catch (err) {
      if (err === INVALID) return undefined;
      throw err;
    }
  };
}

/**
 * fastify's serializer compiler for the app's zod response schemas: the compiled writer where it applies and
 * accepts the answer, else fastify-type-provider-zod's (which throws on an answer its schema refuses).
 * `verify`: also serialize through zod and throw when the texts differ (tests).
 */
export function jsonSerializerCompiler(options: { verify?: boolean } = {}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    const write = compileJsonWriter(route.schema);
    if (!write) return viaZod;
    if (options.verify) {
      return (data) => {
        const expected = viaZod(data);
        const text = write(data);
        if (text !== undefined && text !== expected) {
          throw new Error(`compiled serializer differs from zod for ${route.method} ${route.url}: ${text.slice(0, 200)} against ${expected.slice(0, 200)}`);
        }
        return expected;
      };
    }
    return (data) => write(data) ?? viaZod(data);
  };
}
