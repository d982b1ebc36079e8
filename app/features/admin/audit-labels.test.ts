import { describe, expect, it } from "vitest";
import { actionLabel, auditChanges, subjectOf } from "./audit-labels";

describe("the audit log in Spanish", () => {
  it("names actions, composing subject and verb for the newsroom's codes", () => {
    expect(actionLabel("user.block")).toBe("Bloqueó la cuenta");
    expect(actionLabel("feedback.status")).toBe("Cambió el estado de una opinión");
    expect(actionLabel("noticia.publish")).toBe("Publicó una noticia");
    expect(actionLabel("tribuna.unpublish")).toBe("Despublicó una tribuna");
    expect(actionLabel("autor.delete")).toBe("Borró un autor");
    expect(actionLabel("algo.nuevo")).toBe("algo.nuevo");
  });

  it("names the subject and links it to its back-office page", () => {
    expect(subjectOf("user", "51")).toEqual({ label: "Usuario n.º 51", to: "/admin/usuarios/51" });
    expect(subjectOf("noticia", "7")).toEqual({ label: "Noticia n.º 7", to: "/admin/noticias/7" });
    expect(subjectOf("feedback", "3").to).toBe("/admin/opiniones");
    expect(subjectOf("newsletter", null)).toEqual({ label: "Boletín", to: null });
  });

  it("shows before and after per field, changed fields first, values readable", () => {
    const rows = auditChanges(
      { email: "a@b.es", bloqueado: false },
      { email: "a@b.es", bloqueado: true, sesiones_cerradas: 2, roles: ["editor", "admin"] },
    );
    expect(rows).toEqual([
      { field: "Bloqueado", before: "No", after: "Sí", changed: true },
      { field: "Sesiones cerradas", before: "—", after: "2", changed: true },
      { field: "Roles", before: "—", after: "editor, admin", changed: true },
      { field: "Email", before: "a@b.es", after: "a@b.es", changed: false },
    ]);
    expect(auditChanges(null, { imageKey: "x.png" })).toEqual([{ field: "Image key", before: "—", after: "x.png", changed: true }]);
  });
});
