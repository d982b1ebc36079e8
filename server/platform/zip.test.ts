import { describe, expect, it } from "vitest";
import { readZip } from "#tests/support/read-zip";
import { createZip } from "./zip";

describe("createZip", () => {
  it("writes an archive a strict reader opens, names in UTF-8, contents intact", async () => {
    const big = Buffer.alloc(100_000, "año ");
    const zip = createZip([
      { name: "datos.json", bytes: Buffer.from('{"nombre":"Lucía"}') },
      { name: "archivos/currículum.pdf", bytes: big },
      { name: "vacío.txt", bytes: Buffer.alloc(0) },
    ]);
    const read = await readZip(zip);
    expect([...read.keys()]).toEqual(["datos.json", "archivos/currículum.pdf", "vacío.txt"]);
    expect(read.get("datos.json")?.toString()).toBe('{"nombre":"Lucía"}');
    expect(read.get("archivos/currículum.pdf")?.equals(big)).toBe(true);
    expect(read.get("vacío.txt")?.length).toBe(0);
  });
});
