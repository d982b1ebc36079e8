import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { linkTo } from "../../../common/route-names";
import { NotFound } from "../not-found";
import { ServerError } from "../server-error";

/**
 * Error boundary of the private jobs pages: a signed-in user without the role gets a plain
 * "no access" page with status 403 instead of the generic error.
 */
export function JobsErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  return <ServerError />;
}

function Forbidden() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={64} c="teal.9" aria-hidden="true">
          403
        </Text>
        <Title order={1}>No tienes acceso a esta página</Title>
        <Text c="gray.7">
          Esta sección es para otro tipo de cuenta. Si crees que es un error, cierra sesión y entra con la cuenta adecuada.
        </Text>
        <Button component={Link} to={linkTo("empleo")}>
          Ver ofertas de empleo
        </Button>
      </Stack>
    </Container>
  );
}
