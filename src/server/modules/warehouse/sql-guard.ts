// Validates a warehouse query with PostgreSQL's own parser (libpg-query) before anything reaches the
// database: exactly one plain SELECT, reading only the review tables, calling only allow-listed
// functions. The database role and the read-only transaction are the second line of defence.
import { loadModule, parseSync, scanSync } from 'libpg-query';
import { WAREHOUSE_TABLES } from '../../../contracts/warehouse';

export type GuardResult = { ok: true; sql: string } | { ok: false; reason: string };

let loaded: Promise<void> | null = null;
/** Loads the parser's WASM module once per process. */
export function loadSqlParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

const TABLES: ReadonlySet<string> = new Set(WAREHOUSE_TABLES);

/** Functions a query may call (unqualified or pg_catalog-qualified): aggregates, rounding, text and dates. */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'bool_and', 'bool_or',
  'percentile_cont', 'percentile_disc', 'mode',
  'round', 'trunc', 'floor', 'ceil', 'ceiling', 'abs',
  'lower', 'upper', 'length', 'char_length', 'btrim', 'ltrim', 'rtrim', 'substring', 'left', 'right',
  'date_trunc', 'extract', 'date_part', 'to_char', 'now',
  'row_number', 'rank', 'dense_rank', 'similar_to_escape',
]);

/** Bounds that keep parsing and checking cheap (a real analyst query is far below them). */
export const MAX_TOKENS = 1500;
export const MAX_PAREN_DEPTH = 32;
const MAX_TREE_DEPTH = 400;

/** Types a value may be cast to (last name component; `pg_catalog.` prefix allowed). */
const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'char', 'date', 'timestamp', 'timestamptz', 'bool', 'boolean', 'interval',
]);

/** Parse-tree node types a query may contain; anything else (other statements, ROW, XML, JSON...) is refused. */
const ALLOWED_NODES: ReadonlySet<string> = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'Integer', 'Float', 'Boolean', 'A_Const', 'A_Star', 'A_Expr',
  'BoolExpr', 'NullTest', 'BooleanTest', 'FuncCall', 'TypeCast', 'TypeName', 'SortBy', 'RangeVar', 'Alias', 'JoinExpr',
  'RangeSubselect', 'SubLink', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'SQLValueFunction', 'WindowDef',
  'WithClause', 'CommonTableExpr', 'List', 'GroupingSet',
]);

const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid']);
const CATALOG_SCHEMAS: ReadonlySet<string> = new Set(['pg_catalog', 'information_schema', 'pg_toast']);
const ALLOWED_VALUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N', 'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `sval`s of a list of String nodes (function, type and column names). */
function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (isObj(item) && isObj(item.String) && typeof item.String.sval === 'string') return item.String.sval;
    if (isObj(item) && 'A_Star' in item) return '*';
    return refuse('The query uses a name form that is not allowed.');
  });
}

/** Checks one node of a given type; returns the CTE scope its children see. */
function checkNode(type: string, node: Obj, scope: ReadonlySet<string>): ReadonlySet<string> {
  if (!ALLOWED_NODES.has(type)) refuse(`${type} is not allowed: only a plain SELECT over ${WAREHOUSE_TABLES.join(' and ')} is accepted.`);
  switch (type) {
    case 'SelectStmt': {
      if (node.intoClause) refuse('SELECT INTO is not allowed (it creates a table).');
      if (node.lockingClause) refuse('Locking clauses (FOR UPDATE / FOR SHARE) are not allowed.');
      const withClause = isObj(node.withClause) ? node.withClause : null;
      if (!withClause) return scope;
      const ctes = Array.isArray(withClause.ctes) ? withClause.ctes : [];
      const inner = new Set(scope);
      for (const c of ctes) {
        const cte = isObj(c) && isObj(c.CommonTableExpr) ? c.CommonTableExpr : null;
        if (cte && typeof cte.ctename === 'string') inner.add(cte.ctename);
      }
      return inner;
    }
    case 'CommonTableExpr': {
      const query = isObj(node.ctequery) ? node.ctequery : {};
      if (!('SelectStmt' in query)) refuse('WITH may only contain SELECT queries.');
      if (node.search_clause || node.cycle_clause) refuse('SEARCH / CYCLE clauses are not allowed.');
      return scope;
    }
    case 'RangeVar': {
      const rel = String(node.relname ?? '');
      if (node.catalogname) refuse('Database-qualified names are not allowed.');
      if (node.schemaname !== undefined) {
        if (node.schemaname !== 'public' || !TABLES.has(rel)) refuse(`Table ${node.schemaname}.${rel} is not allowed: only ${WAREHOUSE_TABLES.join(' and ')} can be queried.`);
      } else if (!TABLES.has(rel) && !scope.has(rel)) {
        refuse(`Table ${rel} is not allowed: only ${WAREHOUSE_TABLES.join(' and ')} can be queried.`);
      }
      return scope;
    }
    case 'ColumnRef': {
      const parts = names(node.fields);
      for (const p of parts) if (SYSTEM_COLUMNS.has(p)) refuse(`System column ${p} is not allowed.`);
      if (parts.length > 2 && (parts[0] !== 'public' || parts.length > 3)) refuse('Column references may name at most public.table.column.');
      if (parts.length > 0 && CATALOG_SCHEMAS.has(parts[0] ?? '')) refuse('System catalogs are not allowed.');
      return scope;
    }
    case 'FuncCall': {
      const parts = names(node.funcname);
      const name = parts[parts.length - 1] ?? '';
      const schema = parts.length > 1 ? parts[0] : undefined;
      if (parts.length > 2 || (schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) {
        refuse(`Function ${parts.join('.')} is not allowed. Allowed functions: ${[...ALLOWED_FUNCTIONS].join(', ')}.`);
      }
      return scope;
    }
    case 'TypeCast':
      // The target type is an unwrapped TypeName struct inside the cast.
      return checkNode('TypeName', isObj(node.typeName) ? node.typeName : {}, scope);
    case 'TypeName': {
      const parts = names(node.names);
      const name = parts[parts.length - 1] ?? '';
      if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !ALLOWED_TYPES.has(name) || node.setof || node.pct_type) {
        refuse(`Casting to type ${parts.join('.')} is not allowed.`);
      }
      return scope;
    }
    case 'A_Expr': {
      if (names(node.name).length > 1) refuse('Schema-qualified operators are not allowed.');
      return scope;
    }
    case 'SQLValueFunction': {
      if (!ALLOWED_VALUE_FUNCTIONS.has(String(node.op))) refuse('Only the current date and time functions are allowed among SQL value functions.');
      return scope;
    }
    default:
      return scope;
  }
}

function walk(value: unknown, scope: ReadonlySet<string>, depth = 0): void {
  if (depth > MAX_TREE_DEPTH) refuse('The query is nested too deeply.');
  if (Array.isArray(value)) {
    for (const v of value) walk(v, scope, depth + 1);
    return;
  }
  if (!isObj(value)) return;
  for (const [key, child] of Object.entries(value)) {
    // Node wrappers are the only keys that start with an upper-case letter ({ "SelectStmt": {...} }).
    if (/^[A-Z]/.test(key)) {
      const inner = checkNode(key, isObj(child) ? child : {}, scope);
      walk(child, inner, depth + 1);
    } else {
      walk(child, scope, depth + 1);
    }
  }
}

/** Bidirectional overrides, zero-width and other invisible format characters, and control characters. */
function hasInvisible(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
    if (/\p{Cf}|\p{Co}|\p{Cs}|\p{Cn}/u.test(ch)) return true; // format (zero-width, bidi), private use, unassigned
    if (c === 0x115f || c === 0x1160 || c === 0x3164 || c === 0xffa0 || (c >= 0xfe00 && c <= 0xfe0f)) return true; // fillers, variation selectors
  }
  return false;
}

/** Lexical checks: no comments, no escape-string or Unicode-escape syntax, non-ASCII text only inside plain string literals. */
function checkTokens(sql: string): void {
  if (hasInvisible(sql)) refuse('Invisible, control or bidirectional Unicode characters are not allowed.');
  let tokens;
  try {
    tokens = scanSync(sql).tokens;
  } catch {
    return refuse('The query could not be read.');
  }
  if (tokens.length > MAX_TOKENS) refuse(`The query is too long: at most ${MAX_TOKENS} tokens.`);
  let parens = 0;
  for (const t of tokens) {
    if (t.text === '(' || t.text === '[') parens += 1;
    else if (t.text === ')' || t.text === ']') parens -= 1;
    if (parens > MAX_PAREN_DEPTH) refuse(`The query is nested too deeply: at most ${MAX_PAREN_DEPTH} levels of parentheses.`);
    if (t.tokenName === 'SQL_COMMENT' || t.tokenName === 'C_COMMENT') refuse('Comments are not allowed in warehouse queries.');
    const head = t.text.slice(0, 2).toUpperCase();
    if (head === 'U&') refuse('Unicode escapes (U&) are not allowed.');
    if (/^\$\d/.test(t.text)) refuse('Parameters ($1) are not allowed.');
    if (head === "E'" || t.text.startsWith('$')) refuse("Escape strings (E'...') and dollar quoting are not allowed; use plain '...' literals.");
    if (head === "B'" || head === "X'" || head === "N'") refuse("Bit, hex and national string literals are not allowed.");
    const plainString = t.tokenName === 'SCONST' && t.text.startsWith("'");
    if (!plainString && /[^\x20-\x7e\t\r\n]/.test(t.text)) refuse('Non-ASCII characters are only allowed inside string literals.');
  }
  // Between tokens there is only ASCII whitespace: PostgreSQL reads any non-ASCII byte as part of a token.
}

/**
 * Decides whether a warehouse query may run. Returns the statement text to run (the input without
 * trailing semicolons) or the reason it is refused.
 */
export function guardWarehouseQuery(input: string): GuardResult {
  try {
    const sql = input.trim().replace(/[;\s]+$/, '');
    if (!sql) refuse('Enter one SELECT statement.');
    checkTokens(sql);
    let tree;
    try {
      tree = parseSync(sql);
    } catch (err) {
      return refuse(`Syntax error: ${err instanceof Error ? err.message : 'the query could not be parsed'}.`);
    }
    const stmts = tree.stmts ?? [];
    if (stmts.length !== 1) refuse(stmts.length === 0 ? 'Enter one SELECT statement.' : 'Only one statement is allowed.');
    const stmt = stmts[0]?.stmt as Obj | undefined;
    if (!stmt || !('SelectStmt' in stmt)) refuse('Only SELECT statements are allowed.');
    walk(stmt, new Set());
    return { ok: true, sql };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    if (err instanceof RangeError) return { ok: false, reason: 'The query is too complex.' };
    throw err;
  }
}
