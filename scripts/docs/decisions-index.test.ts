import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { changedByLater, INDEX_PATH, readRecords, renderIndex, statusWord } from "./decisions-index";

describe("the decision records' index", () => {
  it("is current: run `npm run docs:decisions` after adding or changing a record", () => {
    expect(fs.readFileSync(INDEX_PATH, "utf8")).toBe(renderIndex(readRecords()));
  });

  it("gives every record a settled status", () => {
    const unsettled = readRecords().filter((record) => !["accepted", "superseded", "rejected"].includes(statusWord(record.status)));
    expect(unsettled.map((record) => `${record.file}: ${record.status}`)).toEqual([]);
  });

  it("has each changed record's Status name the later records that change it (decision 0020's way)", () => {
    const records = readRecords();
    const stale = records.flatMap((record) =>
      changedByLater(record, records)
        .filter((later) => !new RegExp(`\\b${later.number}\\b`).test(record.status))
        .map((later) => `${record.file} does not say it is changed by ${later.number}`),
    );
    expect(stale).toEqual([]);
  });

  it("tells a change from a reference", () => {
    const record = (number: string, status: string) => ({ number, file: `${number}-x.md`, title: "x", status });
    const membership = record("0017", "accepted");
    const hardening = record("0023", "accepted");
    const records = [
      membership,
      hardening,
      record("0037", "accepted; built in migration 0017"),
      record("0055", "accepted. Supersedes part of 0008; extends 0023."),
    ];
    expect(changedByLater(membership, records)).toEqual([]);
    expect(changedByLater(hardening, records).map((later) => later.number)).toEqual(["0055"]);
  });
});
