import { sql, type Expression, type Selectable, type SqlBool } from "kysely";
import type { DB } from "../db";
import type { Database } from "../db/schema";

/** Case-insensitive "contains" that means the same on SQLite and PostgreSQL. */
export function containsText(column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

type ListTable = "courses" | "posts" | "applicants" | "contact_messages";
type ListParams = { search?: string; limit: number; skip: number };

/**
 * One page of a list, newest first (id breaks ties so pages never overlap), optionally
 * narrowed to rows whose searchable columns contain `q.search` and by one more condition.
 */
export async function newestFirst<T extends ListTable>(
  db: DB,
  table: T,
  q: ListParams,
  searchIn: readonly (keyof Database[T] & string)[],
  where?: Expression<SqlBool>,
): Promise<Selectable<Database[T]>[]> {
  const conditions: Expression<SqlBool>[] = [];
  if (where) conditions.push(where);
  if (q.search)
    conditions.push(
      sql<SqlBool>`(${sql.join(
        searchIn.map((column) => containsText(column, q.search!)),
        sql` or `,
      )})`,
    );
  const filter = conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
  const rows = await db
    .selectFrom(table as ListTable)
    .selectAll()
    .where(filter)
    .orderBy(sql.ref("created_at"), "desc")
    .orderBy(sql.ref("id"), "desc")
    .limit(q.limit)
    .offset(q.skip)
    .execute();
  return rows as Selectable<Database[T]>[];
}
