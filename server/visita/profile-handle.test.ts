import { describe, expect, it } from "vitest";
import { idOfHandle } from "./profile.service";
import { profileHandle } from "./representative-card";

describe("public profile handles", () => {
  it("are the id and the name as a slug; only the id identifies", () => {
    expect(profileHandle(27, "Javier", "Romero Visitador")).toBe("27-javier-romero-visitador");
    expect(profileHandle(27, null, null)).toBe("27");
    expect(idOfHandle("27-javier-romero-visitador")).toBe(27);
    expect(idOfHandle("27-otro-nombre")).toBe(27);
    expect(idOfHandle("27")).toBe(27);
    expect(idOfHandle("javier")).toBeNull();
    expect(idOfHandle("27;drop")).toBeNull();
  });
});
