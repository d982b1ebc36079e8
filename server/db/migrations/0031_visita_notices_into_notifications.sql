-- Hand-written: the visita area's own notices move into the notifications area (one way to tell a
-- user something). Notices written since the notifications area exists were written to both tables
-- and are not copied twice; older ones get the kind their text says.
INSERT INTO "notifications" ("user_id", "kind", "text", "link", "read_at", "created_at")
SELECT n."user_id",
  CASE
    WHEN n."text" LIKE 'La AEMPS ha %' THEN 'register_change'
    WHEN n."text" LIKE '%ha confirmado que le presentas%' OR n."text" LIKE '%tu solicitud de verificación%' THEN 'visit_decided'
    WHEN n."text" LIKE 'Un moderador ha retirado tu promoción%' THEN 'promotion_taken_down'
    ELSE 'proposal_decided'
  END,
  left(n."text", 500), left(n."link", 500), n."read_at", n."created_at"
FROM "visita_notices" n
WHERE NOT EXISTS (SELECT 1 FROM "notifications" x WHERE x."user_id" = n."user_id" AND x."text" = left(n."text", 500));
--> statement-breakpoint
DROP TABLE "visita_notices" CASCADE;
