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

const ONLY = `only ${WAREHOUSE_TABLES.join(' and ')} can be queried`;

/**
 * Checks one node of a given type. Refusal reasons never repeat a name from the query: the caller
 * learns which rule was broken, not whether some relation or function exists.
 */
function checkNode(type: string, node: Obj, scope: ReadonlySet<string>): void {
  if (!ALLOWED_NODES.has(type)) refuse(`${type} is not allowed: only a plain SELECT over ${WAREHOUSE_TABLES.join(' and ')} is accepted.`);
  switch (type) {
    case 'SelectStmt': {
      if (node.intoClause) refuse('SELECT INTO is not allowed (it creates a table).');
      if (node.lockingClause) refuse('Locking clauses (FOR UPDATE / FOR SHARE) are not allowed.');
      return;
    }
    case 'WithClause': {
      if (node.recursive) refuse('WITH RECURSIVE is not allowed.');
      return;
    }
    case 'CommonTableExpr': {
      const query = isObj(node.ctequery) ? node.ctequery : {};
      if (!('SelectStmt' in query)) refuse('WITH may only contain SELECT queries.');
      if (node.search_clause || node.cycle_clause) refuse('SEARCH / CYCLE clauses are not allowed.');
      return;
    }
    case 'RangeVar': {
      const rel = String(node.relname ?? '');
      if (node.catalogname) refuse(`Database-qualified names are not allowed: ${ONLY}.`);
      if (node.schemaname !== undefined) {
        if (node.schemaname !== 'public' || !TABLES.has(rel)) refuse(`The query reads a relation that is not allowed: ${ONLY}.`);
      } else if (!TABLES.has(rel) && !scope.has(rel)) {
        refuse(`The query reads a relation that is not allowed: ${ONLY}.`);
      }
      return;
    }
    case 'ColumnRef': {
      const parts = names(node.fields);
      for (const p of parts) if (SYSTEM_COLUMNS.has(p)) refuse('System columns (ctid, xmin...) are not allowed.');
      if (parts.length > 2 && (parts[0] !== 'public' || parts.length > 3)) refuse('Column references may name at most public.table.column.');
      if (parts.length > 0 && CATALOG_SCHEMAS.has(parts[0] ?? '')) refuse('System catalogs are not allowed.');
      return;
    }
    case 'FuncCall': {
      const parts = names(node.funcname);
      const name = parts[parts.length - 1] ?? '';
      const schema = parts.length > 1 ? parts[0] : undefined;
      if (parts.length > 2 || (schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) {
        refuse(`The query calls a function that is not allowed. Allowed functions: ${[...ALLOWED_FUNCTIONS].join(', ')}.`);
      }
      return;
    }
    case 'TypeCast':
      // The target type is an unwrapped TypeName struct inside the cast.
      return checkNode('TypeName', isObj(node.typeName) ? node.typeName : {}, scope);
    case 'TypeName': {
      const parts = names(node.names);
      const name = parts[parts.length - 1] ?? '';
      if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !ALLOWED_TYPES.has(name) || node.setof || node.pct_type) {
        refuse(`Casting to this type is not allowed. Allowed types: ${[...ALLOWED_TYPES].join(', ')}.`);
      }
      return;
    }
    case 'SubLink': {
      // ARRAY(SELECT ...) builds one value of any size inside PostgreSQL (up to 1 GB), beyond work_mem.
      if (node.subLinkType === 'ARRAY_SUBLINK') refuse('ARRAY(SELECT ...) is not allowed: it can build one value of unbounded size.');
      return;
    }
    case 'A_Expr': {
      if (names(node.name).length > 1) refuse('Schema-qualified operators are not allowed.');
      return;
    }
    case 'SQLValueFunction': {
      if (!ALLOWED_VALUE_FUNCTIONS.has(String(node.op))) refuse('Only the current date and time functions are allowed among SQL value functions.');
      return;
    }
    default:
      return;
  }
}

const cteName = (c: unknown): string | null =>
  isObj(c) && isObj(c.CommonTableExpr) && typeof c.CommonTableExpr.ctename === 'string' ? c.CommonTableExpr.ctename : null;

/**
 * Walks the tree with PostgreSQL's scoping of (non-recursive) CTE names: a CTE sees only the CTEs
 * listed before it, the statement body sees all of them, and nothing outside the statement sees any.
 * So `WITH a AS (SELECT ... FROM pg_x), pg_x AS (...) SELECT * FROM a` reads the real pg_x and is refused.
 */
function walk(value: unknown, scope: ReadonlySet<string>, depth = 0): void {
  if (depth > MAX_TREE_DEPTH) refuse('The query is nested too deeply.');
  if (Array.isArray(value)) {
    for (const v of value) walk(v, scope, depth + 1);
    return;
  }
  if (!isObj(value)) return;
  for (const [key, child] of Object.entries(value)) {
    // Node wrappers are the only keys that start with an upper-case letter ({ "SelectStmt": {...} }).
    if (!/^[A-Z]/.test(key)) {
      walk(child, scope, depth + 1);
      continue;
    }
    const node = isObj(child) ? child : {};
    checkNode(key, node, scope);
    if (key === 'SelectStmt' && isObj(node.withClause)) {
      const withClause = isObj(node.withClause.WithClause) ? node.withClause.WithClause : node.withClause;
      checkNode('WithClause', withClause, scope);
      const ctes = Array.isArray(withClause.ctes) ? withClause.ctes : [];
      const inner = new Set(scope);
      for (const c of ctes) {
        walk(c, inner, depth + 2); // sees only the CTEs before it
        const name = cteName(c);
        if (name) inner.add(name);
      }
      const { withClause: _skip, ...rest } = node;
      walk(rest, inner, depth + 1);
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

// ---------------------------------------------------------------------------------------------------
// The plan check: what PostgreSQL will actually read. The service runs `EXPLAIN (FORMAT JSON, VERBOSE)`
// of the guarded statement as warehouse_reader (no ANALYZE: nothing runs) and hands the plan here.
// Views, CTEs and name resolution are PostgreSQL's: a plan node that scans a relation names it and its
// schema after all of that, so a shadowed or disguised catalog shows up here under its real name.

/** Plan nodes that read something other than table rows, or that the parse check already excludes. */
const REFUSED_PLAN_NODES: ReadonlySet<string> = new Set([
  'Function Scan', 'Table Function Scan', 'Foreign Scan', 'Custom Scan', 'Sample Scan', 'Tid Scan', 'Tid Range Scan',
  'Named Tuplestore Scan', 'WorkTable Scan', 'Recursive Union', 'ProjectSet', 'LockRows', 'ModifyTable',
]);

/** Plan keys that hold names (ours or the user's), not expressions. */
const NAME_KEYS: ReadonlySet<string> = new Set([
  'Node Type', 'Relation Name', 'Schema', 'Alias', 'Index Name', 'CTE Name', 'Subplan Name', 'Parent Relationship',
  'Strategy', 'Partial Mode', 'Join Type', 'Scan Direction', 'Command', 'Function Name',
]);

/** SQL-syntax forms that EXPLAIN VERBOSE prints as `KEYWORD(` (they call no catalog-reading function). */
const SYNTAX_CALLS: ReadonlySet<string> = new Set([
  'EXTRACT', 'COALESCE', 'GREATEST', 'LEAST', 'NULLIF', 'ROW', 'SUBSTRING', 'TRIM', 'ANY', 'ALL',
  'CURRENT_TIME', 'CURRENT_TIMESTAMP', 'LOCALTIME', 'LOCALTIMESTAMP',
]);

const STRING_LITERAL = /'(?:[^']|'')*'/g;
const CAST_SUFFIX = /::(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_ ]*)(?:\(\d+(?:,\s*\d+)?\))?(?:\s*with(?:out)? time zone)?(?:\[\])*/g;
const CALL = /((?:(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)\.)*(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))\(/g;

/** Names of the functions an EXPLAIN VERBOSE expression calls (literals and cast type modifiers removed). */
export function planExpressionCalls(expr: string): string[] {
  const bare = expr.replace(STRING_LITERAL, "''").replace(CAST_SUFFIX, '');
  return [...bare.matchAll(CALL)].map((m) => m[1] ?? '');
}

function callAllowed(quoted: string): boolean {
  // EXPLAIN quotes names that are keywords or not lower case: "left"(...); unquote them exactly.
  const name = quoted.replace(/"((?:[^"]|"")+)"/g, (_m, inner: string) => inner.replace(/""/g, '"'));
  if (SYNTAX_CALLS.has(name)) return true;
  const base = name.startsWith('pg_catalog.') ? name.slice('pg_catalog.'.length) : name;
  return ALLOWED_FUNCTIONS.has(base);
}

function checkPlanNode(node: Obj, depth: number): void {
  if (depth > MAX_TREE_DEPTH) refuse('The query plan is nested too deeply.');
  const type = String(node['Node Type'] ?? '');
  if (REFUSED_PLAN_NODES.has(type)) refuse(`The query plan contains a ${type}: ${ONLY}, with no set-returning functions or recursion.`);
  if ('Function Name' in node) refuse('The query reads from a function: only tables can be read.');
  if ('Relation Name' in node) {
    if (node.Schema !== 'public' || !TABLES.has(String(node['Relation Name']))) refuse(`The query reads a relation that is not allowed: ${ONLY}.`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'Plans' || NAME_KEYS.has(key)) continue;
    const exprs = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
    for (const expr of exprs) {
      for (const call of planExpressionCalls(expr)) {
        if (!callAllowed(call)) refuse(`The query calls a function that is not allowed. Allowed functions: ${[...ALLOWED_FUNCTIONS].join(', ')}.`);
      }
    }
  }
  const children = Array.isArray(node.Plans) ? node.Plans : [];
  for (const child of children) if (isObj(child)) checkPlanNode(child, depth + 1);
}

/**
 * Decides on the output of `EXPLAIN (FORMAT JSON, VERBOSE)`: every relation scanned must be one of the
 * review tables in `public`, no node may read from a function or recurse, and every function the
 * expressions call must be on the allow-list. Returns null when the plan is acceptable, else the reason.
 */
export function checkWarehousePlan(explain: unknown): string | null {
  try {
    const top = Array.isArray(explain) ? explain[0] : undefined;
    const plan = isObj(top) && isObj(top.Plan) ? top.Plan : null;
    if (!plan) return 'The query plan could not be read.';
    checkPlanNode(plan, 0);
    return null;
  } catch (err) {
    if (err instanceof Refused) return err.message;
    throw err;
  }
}
