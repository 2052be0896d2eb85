import { sql, type Expression, type SqlBool } from "kysely";

/** Case-insensitive "contains" that means the same on SQLite and PostgreSQL. */
export function containsText(column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
