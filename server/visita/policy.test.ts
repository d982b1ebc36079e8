import { describe, expect, it } from "vitest";
import { mailboxOf } from "./policy";

describe("mailboxOf", () => {
  it("drops the sub-address everywhere and Gmail's dots only at Gmail", () => {
    expect(mailboxOf(" Demo-Visita+x@Farmanexo.test ")).toBe("demo-visita@farmanexo.test");
    expect(mailboxOf("j.romero+visitas@gmail.com")).toBe("jromero@gmail.com");
    expect(mailboxOf("J.Romero@googlemail.com")).toBe("jromero@gmail.com");
    expect(mailboxOf("j.romero@centro.test")).toBe("j.romero@centro.test");
  });
});
