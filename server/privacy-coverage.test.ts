import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_PRIVACY_COVERS } from "#server/accounts";
import * as schema from "#server/db/schema";
import { NOT_EXPORTED, PRIVACY_PARTS } from "./privacy";

// Issue 27 point 3: every column that refers to a user is exported (and erased) by a privacy part,
// or listed in NOT_EXPORTED with the reason. A new table with a user column fails here until it is.

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => typeof value === "object" && value !== null && Symbol.for("drizzle:IsDrizzleTable") in value,
);

/** Every `table.column` whose foreign key points at users(id), and users.id itself. */
function userColumns(): string[] {
  const found = ["users.id"];
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const reference = fk.reference();
      if (getTableConfig(reference.foreignTable).name !== "users") continue;
      for (const column of reference.columns) found.push(`${config.name}.${column.name}`);
    }
  }
  return found.sort();
}

const covered = new Map<string, string>([
  ...ACCOUNT_PRIVACY_COVERS.map((column): [string, string] => [column, "cuenta"]),
  ...PRIVACY_PARTS.flatMap((part) => part.covers.map((column): [string, string] => [column, part.area])),
]);

describe("the data export's coverage of the schema", () => {
  it("finds the user columns (the walk sees the schema)", () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(userColumns()).toEqual(expect.arrayContaining(["candidaturas.user_id", "chat_messages.sender_id", "sessions.user_id"]));
  });

  it("exports every column that refers to a user, or says why not", () => {
    const missing = userColumns().filter((column) => !covered.has(column) && !(column in NOT_EXPORTED));
    expect(missing, "add each to a privacy part's covers (export and erase) or to NOT_EXPORTED with the reason").toEqual([]);
  });

  it("lists no column twice, and none that does not exist", () => {
    const all = new Set(userColumns());
    const stale = [...covered.keys(), ...Object.keys(NOT_EXPORTED)].filter((column) => !all.has(column));
    expect(stale).toEqual([]);
    expect(Object.keys(NOT_EXPORTED).filter((column) => covered.has(column))).toEqual([]);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(20);
  });
});
