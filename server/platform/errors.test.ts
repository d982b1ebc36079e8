import { describe, expect, it } from "vitest";
import { AppError } from "./errors";

describe("AppError", () => {
  it("is recognised across bundle copies of the class (the compiled server and the page build)", () => {
    const ownCopy = new AppError("UNSUPPORTED_MEDIA", "El CV debe ser un archivo PDF, DOCX.");
    // What another bundle's copy produces: same brand, different prototype chain.
    const otherCopy = Object.assign(new Error("x"), { [Symbol.for("farmanexo.AppError")]: true, status: 415 });
    expect(ownCopy instanceof AppError).toBe(true);
    expect(otherCopy instanceof AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect((null as unknown as object) instanceof AppError).toBe(false);
  });
});
