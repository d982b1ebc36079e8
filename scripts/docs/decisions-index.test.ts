import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { INDEX_PATH, readRecords, renderIndex, statusWord } from "./decisions-index";

describe("the decision records' index", () => {
  it("is current: run `npm run docs:decisions` after adding or changing a record", () => {
    expect(fs.readFileSync(INDEX_PATH, "utf8")).toBe(renderIndex(readRecords()));
  });

  it("gives every record a settled status", () => {
    const unsettled = readRecords().filter((record) => !["accepted", "superseded", "rejected"].includes(statusWord(record.status)));
    expect(unsettled.map((record) => `${record.file}: ${record.status}`)).toEqual([]);
  });
});
