// Response serialization compiled from the route's zod schema (issue 13, ADR 026 2026-11-26): the same bytes as
// fastify-type-provider-zod's serializer (zod's `safeEncode`, then `JSON.stringify`) at a fraction of zod's cost,
// which was 11% of a distinct search's CPU and 19% of a Community Insights page's.
//
// How it stays the same:
// - Generated once per route and status from the schema: one JavaScript function per object and array of the
//   schema that checks the value as zod checks it (a string is a string, a number finite, an integer a safe
//   integer, an enum value one of its values, ...) and returns what zod's encode returns: each object copied with
//   the schema's keys in the schema's order (keys the schema does not name left out), arrays of primitives as they
//   are. JSON.stringify then writes it, as after zod.
// - Whatever the compiled code does not accept, and any schema with a part it does not know (transforms, string
//   or number checks, defaults, unions, ...), goes to the zod serializer, which throws its error: bad data is never sent.
// - `verify` (under NODE_ENV=test) runs both and throws when the texts differ, so every server test checks it.
// - A frozen array of primitives (the option lists of the insight pages) is checked once: it cannot change.
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fail, GeneratedCode, INVALID, Unsupported } from './schema-codegen';

type Serialize = (data: unknown) => string;

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

/** Frozen arrays of primitives of at least this many items are checked once. */
const MEMO_MIN_LENGTH = 16;

/**
 * Builds the source of one function per object / array node of a schema; each returns the value as zod's encode
 * returns it (objects copied with the schema's keys in its order, arrays of primitives as they are once checked)
 * or throws INVALID.
 */
class Generator extends GeneratedCode<ZodLike> {
  /** An expression: `x` (a variable name) checked as the schema checks it, and copied where it is an object. */
  value(schema: ZodLike, x: string): string {
    const def = schema._zod.def;
    switch (def.type) {
      case 'string':
        if (def.checks?.length || def.format) throw new Unsupported('string checks');
        return `(typeof ${x} === 'string' ? ${x} : F())`;
      case 'number': {
        let integer = def.format === 'safeint';
        if (def.format && !integer) throw new Unsupported(`number format ${def.format}`);
        for (const c of def.checks ?? []) {
          if (c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint') integer = true;
          else throw new Unsupported('number checks');
        }
        return integer ? `(Number.isSafeInteger(${x}) ? ${x} : F())` : `(typeof ${x} === 'number' && Number.isFinite(${x}) ? ${x} : F())`;
      }
      case 'boolean':
        if (def.checks?.length) throw new Unsupported('boolean checks');
        return `(typeof ${x} === 'boolean' ? ${x} : F())`;
      case 'enum':
      case 'literal': {
        const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        for (const value of values) {
          const ok = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null;
          if (!ok) throw new Unsupported(`${def.type} value ${String(value)}`);
        }
        return `(${this.constant(new Set(values))}.has(${x}) ? ${x} : F())`;
      }
      case 'nullable':
        return `(${x} === null ? null : ${this.value(def.innerType!, x)})`;
      case 'object':
      case 'array':
        return `${this.function(schema)}(${x})`;
      default:
        throw new Unsupported(def.type);
    }
  }

  /** The name of the function for `schema` (an object or an array), generated once per schema node. */
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
    const reads: string[] = [];
    const fields: string[] = [];
    Object.entries(def.shape ?? {}).forEach(([key, field], k) => {
      // Integer-like keys come first in a JavaScript object whatever the order they were set in; __proto__ is special.
      if (/^(0|[1-9]\d*)$/.test(key) || key === '__proto__') throw new Unsupported(`key ${key}`);
      const optional = field._zod.def.type === 'optional';
      const inner = optional ? field._zod.def.innerType! : field;
      const x = `v${k}`;
      reads.push(`const ${x} = o[${JSON.stringify(key)}];`);
      // An optional key left undefined: JSON.stringify leaves it out, as it does zod's output.
      fields.push(`${JSON.stringify(key)}: ${optional ? `${x} === undefined ? undefined : ${this.value(inner, x)}` : this.value(inner, x)}`);
    });
    return [
      `function ${name}(o) {`,
      `if (typeof o !== 'object' || o === null || Array.isArray(o)) F();`,
      ...reads,
      `return { ${fields.join(', ')} };`,
      '}',
    ].join('\n');
  }

  private arrayFunction(name: string, def: ZodDef): string {
    if (def.checks?.length) throw new Unsupported('array checks');
    const element = def.element!;
    const kind = element._zod.def.type;
    if (kind === 'optional') throw new Unsupported('optional array element');
    const check = this.value(element, 'x');
    if (kind === 'object' || kind === 'array') {
      return [`function ${name}(a) {`, `if (!Array.isArray(a)) F();`, `const out = [];`, `for (let i = 0; i < a.length; i++) { const x = a[i]; out.push(${check}); }`, `return out;`, '}'].join('\n');
    }
    // Primitives (or null): checked, then the array itself (its JSON is its elements'); a frozen one checked once.
    return [
      `function ${name}(a) {`,
      `if (!Array.isArray(a)) F();`,
      `if (C.has(a)) return a;`,
      // JSON.stringify would call an own toJSON (zod's copy has none): left to zod.
      `if (a.toJSON !== undefined) F();`,
      `for (let i = 0; i < a.length; i++) { const x = a[i]; ${check}; }`,
      `if (a.length >= ${MEMO_MIN_LENGTH} && Object.isFrozen(a)) C.add(a);`,
      `return a;`,
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
  const source = [...generator.functions, `return function encode(data) { return ${rootCode}; };`].join('\n');
  // Code generated from the schema only (key names go in as JSON literals, enum values as constants); no request data.
  const encode = new Function('F', 'K', 'C', source)(fail, generator.constants, new WeakSet()) as (data: unknown) => unknown;
  return (data) => {
    let copy: unknown;
    try {
      copy = encode(data);
    } catch (err) {
      if (err === INVALID) return undefined;
      throw err;
    }
    return JSON.stringify(copy);
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
