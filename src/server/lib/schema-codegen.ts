// What the two code generators compiled from zod schemas share (json-serializer.ts writes answers, query-validator.ts
// reads query strings): the value thrown inside generated code when zod must decide, the error for a schema part a
// generator does not handle, and the pool of generated functions and the constants they use.

/** Thrown inside the generated code when a value is not what the schema allows (then zod decides). */
export const INVALID: unique symbol = Symbol('invalid');
export function fail(): never {
  throw INVALID;
}

/** A schema part the generator does not handle: zod alone is used for that schema. */
export class Unsupported extends Error {}

/** The generated functions (one per schema node, named once) and the constants they read as `K[i]`. */
export class GeneratedCode<Node> {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];
  protected readonly done = new Map<Node, string>();

  protected constant(value: unknown): string {
    this.constants.push(value);
    return `K[${this.constants.length - 1}]`;
  }
}
