/** The scale seed's inserts, cut into statements of a size PostgreSQL takes. */

/** Rows per statement: well under PostgreSQL's 65,535 parameters for every table written here. */
const BATCH = 2_000;
export async function inBatches<T, R>(rows: T[], write: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += BATCH) out.push(...(await write(rows.slice(start, start + BATCH))));
  return out;
}
