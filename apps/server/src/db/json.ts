import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * JSON written by the database, for answers sent as the database wrote them (decision 0016: a list's page is one
 * text value, not rows the driver parses, the ORM maps and the server serialises again).
 */

/** An instant as `Date.prototype.toJSON` writes it (UTC, milliseconds, `Z`), so the answer reads the same. */
export const jsonInstant = (column: AnyColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
