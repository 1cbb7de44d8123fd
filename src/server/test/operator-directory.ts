// The random operator directories of the Operator Intelligence equivalence tests (ADR 027): operators with
// their listed and delisted communities and their employee reviews, written in one statement per table.
import type { Queryable } from '../db/sql';

export interface TestOperator {
  name: string;
  city: string | null;
  state: string | null;
  revenue: number | null;
  employees: number | null;
  /** Listed communities. */
  communities: number;
  delisted: number;
  /** Employee reviews. */
  reviews: number;
  /** The stored community_count (filters, sorts and means use it); the listed count, as refreshAggregates keeps it, when not given. */
  stored?: number;
}

/** Writes the operators in order (ids ascend with the index in `ops`) and the rows under them, then ANALYZE. */
export async function insertOperatorDirectory(pool: Queryable, ops: readonly TestOperator[]): Promise<void> {
  const { rows: inserted } = await pool.query<{ id: number }>(
    `INSERT INTO operators (name, city, state, revenue, employees, community_count, source_id)
     SELECT r.name, r.city, r.state, r.revenue, r.employees, r.stored, 'op' || r.i
       FROM json_to_recordset($1::json) AS r(i int, name text, city text, state text, revenue bigint, employees int, stored int)
     ORDER BY r.i
     RETURNING id`,
    [JSON.stringify(ops.map((o, i) => ({ ...o, stored: o.stored ?? o.communities, i })))],
  );
  const communities = ops.flatMap((o, i) =>
    Array.from({ length: o.communities + o.delisted }, (_, k) => ({ op: inserted[i]!.id, status: k < o.communities ? 'listed' : 'delisted', src: `c${i}-${k}` })),
  );
  await pool.query(
    `INSERT INTO communities (name, city, state, zip_code, operator_id, listing_status, source_id)
     SELECT 'Community ' || r.src, 'Austin', 'TX', '78701', r.op, r.status, r.src
       FROM json_to_recordset($1::json) AS r(op int, status text, src text)`,
    [JSON.stringify(communities)],
  );
  const reviews = ops.flatMap((o, i) => Array.from({ length: o.reviews }, () => ({ op: inserted[i]!.id })));
  await pool.query(
    `INSERT INTO employee_reviews (operator_id, rating, title, content, review_date, job_title, employment_status, source, sentiment)
     SELECT r.op, 4, 'Fine', 'A fine place to work.', DATE '2026-01-01', 'Aide', 'Current', 'Demo', 0.5 FROM json_to_recordset($1::json) AS r(op int)`,
    [JSON.stringify(reviews)],
  );
  await pool.query('ANALYZE operators, communities, employee_reviews');
}
