import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useSession } from "#app/lib/session-store";
import { linkTo } from "#common/route-names";
import { areaHomeLabel } from "#common/visita/area-home";

/** The «‹ …» link back to visitadorPage at the top of the area's private pages. */
export function AreaBackLink() {
  const { authUser } = useSession();
  return (
    <Anchor component={Link} to={linkTo("visitadorPage")} size="sm">
      ‹ {areaHomeLabel(authUser)}
    </Anchor>
  );
}
