/**
 * The one row an INSERT … RETURNING or UPDATE … RETURNING that cannot miss gives back. An empty
 * result there is a bug (a constraint or trigger we did not expect), never a client error: it
 * throws a plain Error, which the error mappers answer with 500 and log.
 */
export function firstOrThrow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what} returned nothing`);
  return row;
}
