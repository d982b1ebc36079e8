import { Container, NavLink as MantineNavLink, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { BusyOverlay } from "#app/ui/busy-overlay";
import { Grid } from "#app/ui/grid";
import { accountLinksFor } from "#app/ui/layout/account-links";
import type { AuthUser } from "#common/accounts";
import { linkTo } from "#common/route-names";

const SECTIONS = [
  { label: "Perfil", to: linkTo("cuenta") },
  { label: "Profesional", to: linkTo("cuenta-profesional") },
  { label: "Sesiones", to: linkTo("cuenta-sesiones") },
  { label: "Boletín", to: linkTo("cuenta-boletin") },
  { label: "Privacidad y cookies", to: linkTo("cuenta-privacidad") },
] as const;
const COMPANY_SECTION = { label: "Mi empresa", to: linkTo("cuenta-empresa") };

/** The user area's frame: heading, section navigation and content. */
export function CuentaLayout({ title, children, busyMessage }: { title: string; children: ReactNode; busyMessage?: string | null }) {
  const { pathname } = useLocation();
  // Only accounts that belong to a company get its section.
  const root = useRouteLoaderData<{ authUser: AuthUser | null }>("root");
  const sections = root?.authUser?.empresa ? [...SECTIONS, COMPANY_SECTION] : SECTIONS;
  // What the user's roles give them (applications, panel, profile…), besides this page itself.
  const areas = accountLinksFor(root?.authUser).filter((link) => link.to !== linkTo("cuenta"));
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Stack gap={2} component="nav" aria-label="Mi cuenta">
            {sections.map((section) => (
              <MantineNavLink
                key={section.to}
                component={NavLink}
                to={section.to}
                end
                active={pathname === section.to}
                label={section.label}
              />
            ))}
          </Stack>
          {areas.length ? (
            <Stack gap={2} component="nav" aria-label="Mis áreas" mt="lg">
              {areas.map((area) => (
                <MantineNavLink key={area.to} component={Link} to={area.to} label={area.label} />
              ))}
            </Stack>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="xl">{children}</Stack>
        </Grid.Col>
      </Grid>
      <BusyOverlay visible={Boolean(busyMessage)} message={busyMessage ?? ""} />
    </Container>
  );
}
