import { describe, expect, it } from "vitest";
import { uniqueTags } from "./editor";

describe("news tags", () => {
  it("keep the editor's capitals and drop repeats whatever their case", () => {
    expect(uniqueTags([" AEMPS", "vacunas ", "aemps", "", "COVID-19"])).toEqual(["AEMPS", "vacunas", "COVID-19"]);
  });
});
