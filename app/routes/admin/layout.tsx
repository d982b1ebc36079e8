import { Badge, Container, Group, NavLink as MantineNavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { NavLink, Outlet, useLocation } from "react-router";
import { adminNavFor } from "#app/features/admin/nav";
import { assertCan } from "#app/routes/admin/admin.server";
import { Grid } from "#app/ui/grid";
import { BACKOFFICE_ROLE_LABELS, backofficeRolesOf } from "#common/accounts/permissions";
import type { Route } from "./+types/layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = assertCan(context, request, "enter");
  return { roles: backofficeRolesOf(user), email: user.email };
}

/** Back-office pages are personal: never cached, never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The back office's frame: the sections the user's roles allow, and the page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const nav = adminNavFor({ roles: loaderData.roles });
  const isActive = (to: string, end?: boolean) => {
    const full = `/app${to}`;
    return end ? pathname === full : pathname === full || pathname.startsWith(`${full}/`);
  };
  return (
    <Container size="xl" py="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Stack gap="xs">
            <Text fw={700} size="sm" c="gray.7" tt="uppercase">
              Administración
            </Text>
            <Group gap={4}>
              {loaderData.roles.map((role) => (
                <Badge key={role} variant="light" size="sm">
                  {BACKOFFICE_ROLE_LABELS[role]}
                </Badge>
              ))}
            </Group>
            {/* A vertical list on wide screens, a scrolling row on phones. */}
            <ScrollArea type="never" visibleFrom="md">
              <Stack gap={2} component="nav" aria-label="Administración">
                {nav.map((item) => (
                  <MantineNavLink
                    key={item.to}
                    component={NavLink}
                    to={item.to}
                    end={item.end}
                    active={isActive(item.to, item.end)}
                    label={item.label}
                  />
                ))}
              </Stack>
            </ScrollArea>
            <ScrollArea type="auto" hiddenFrom="md" offsetScrollbars>
              <Group gap={4} wrap="nowrap" component="nav" aria-label="Administración (móvil)">
                {nav.map((item) => (
                  <MantineNavLink
                    key={item.to}
                    component={NavLink}
                    to={item.to}
                    end={item.end}
                    active={isActive(item.to, item.end)}
                    label={item.label}
                    style={{ width: "auto", whiteSpace: "nowrap" }}
                  />
                ))}
              </Group>
            </ScrollArea>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 10 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
