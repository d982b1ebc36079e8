import { Badge } from "@mantine/core";
import { VERIFIED_BADGE } from "#common/accounts/professional-verification";

/** «Profesional verificado»: a moderator checked the colegiado credential (issue 30); shown in profiles, chat and visits. */
export function VerifiedBadge({ size = "sm" }: { size?: "xs" | "sm" | "md" }) {
  return (
    <Badge color="indigo" variant="light" size={size} tt="none" style={{ flexShrink: 0 }}>
      ✓ {VERIFIED_BADGE}
    </Badge>
  );
}
