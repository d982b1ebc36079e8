import { describe, expect, it } from "vitest";
import { appErrorFromDatabase, isDatabaseUnavailable } from "./db-errors";

describe("appErrorFromDatabase", () => {
  it("answers 503 with a short Retry-After when every pooled connection is busy (overload, not a bug)", () => {
    const wrapped = new Error("Failed query: select 1", { cause: new Error("timeout exceeded when trying to connect") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(appErrorFromDatabase(wrapped)).toMatchObject({
      status: 503,
      retryAfter: 1,
      message: "Hay mucha actividad en este momento. Inténtalo de nuevo.",
    });
  });

  it("leaves a real bug alone", () => {
    expect(appErrorFromDatabase(new Error("column x does not exist"))).toBeUndefined();
  });
});
