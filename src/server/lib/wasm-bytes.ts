// WebAssembly modules assembled byte by byte in the source (ADR 018, addenda of 2026-11-30): the binary format's few
// pieces and the instructions the app's kernels use (WebAssembly core specification 1.0, §5), so that a kernel needs
// no toolchain, download or file. Used by lib/word-kernel.ts (bitset words) and the map's cell sums
// (modules/communities/search-index.cell-kernel.ts).

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/** Signed LEB128 (an i32.const's or i64.const's immediate). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
export const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
/** A function's type: params -> results. */
export const fnType = (params: number[], results: number[]) => [0x60, ...vec(params.map((t) => [t])), ...vec(results.map((t) => [t]))];
/** A function's body: its locals as [count, type] runs, then its code. */
export const fnBody = (locals: Array<[number, number]>, code: number[]): number[] => {
  const f = [...vec(locals.map(([count, type]) => [...uleb(count), type])), ...code, END];
  return [...uleb(f.length), ...f];
};
/** A module of one memory (exported as "memory", `pages` of 64 kB to start with) and the functions, exported by name. */
export function wasmModule(functions: Array<{ name: string; params: number[]; results: number[]; locals: Array<[number, number]>; code: number[] }>, pages = 1): Uint8Array<ArrayBuffer> {
  // Each distinct signature once, in the order first used.
  const types = [...new Set(functions.map((f) => JSON.stringify(fnType(f.params, f.results))))];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec(types.map((t) => JSON.parse(t) as number[]))),
    ...section(3, vec(functions.map((f) => uleb(types.indexOf(JSON.stringify(fnType(f.params, f.results))))))),
    ...section(5, vec([[0x00, ...uleb(pages)]])),
    ...section(7, vec([[...name('memory'), 2, 0], ...functions.map((f, k) => [...name(f.name), 0, ...uleb(k)])])),
    ...section(10, vec(functions.map((f) => fnBody(f.locals, f.code)))),
  ]);
}

// Value types.
export const I32 = 0x7f;
export const I64 = 0x7e;
export const F64 = 0x7c;

// Control and variables.
export const BLOCK = 0x02;
export const LOOP = 0x03;
export const IF = 0x04;
export const BR = 0x0c;
export const BR_IF = 0x0d;
export const END = 0x0b;
/** A block's empty type. */
export const EMPTY = 0x40;
export const GET = 0x20;
export const SET = 0x21;
export const TEE = 0x22;

// Memory (with their alignment and offset immediates).
export const I32_LOAD = [0x28, 2, 0];
export const I64_LOAD = [0x29, 3, 0];
export const F64_LOAD = [0x2b, 3, 0];
export const I32_STORE = [0x36, 2, 0];
export const I64_STORE = [0x37, 3, 0];
export const F64_STORE = [0x39, 3, 0];

// Numbers.
export const I32_CONST = 0x41;
export const I64_CONST = 0x42;
export const I32_EQZ = 0x45;
export const I32_LT_S = 0x48;
export const I32_LT_U = 0x49;
export const I32_GE_U = 0x4f;
export const I64_EQZ = 0x50;
export const F64_LT = 0x63;
export const F64_GT = 0x64;
export const F64_LE = 0x65;
export const F64_GE = 0x66;
export const I32_ADD = 0x6a;
export const I32_AND = 0x71;
export const I32_SHL = 0x74;
export const I32_SHR_U = 0x76;
export const I64_CTZ = 0x7a;
export const I64_POPCNT = 0x7b;
export const I64_ADD = 0x7c;
export const I64_SUB = 0x7d;
export const I64_AND = 0x83;
export const I64_OR = 0x84;
export const I64_XOR = 0x85;
export const F64_ADD = 0xa0;
export const I32_WRAP_I64 = 0xa7;
export const I64_EXTEND_I32_U = 0xad;

export const get = (l: number) => [GET, l];
export const set = (l: number) => [SET, l];
export const i32 = (n: number) => [I32_CONST, ...sleb(n)];
