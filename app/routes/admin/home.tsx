import { Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { adminNavFor } from "#app/features/admin/nav";
import { assertCan } from "#app/routes/admin/admin.server";
import { SimpleGrid } from "#app/ui/grid";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = assertCan(context, request, "enter");
  return { roles: user.roles as string[] };
}

export function meta() {
  return [{ title: "Administración" }, { name: "robots", content: "noindex" }];
}

/** The back office's home: one card per section the user may open. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const sections = adminNavFor({ roles: loaderData.roles }).filter((item) => !item.end);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Administración
      </Title>
      <Text c="gray.7">Elige una sección. Cada acción que hagas aquí queda registrada en el registro de auditoría.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((item) => (
          <Card key={item.to} component={Link} to={item.to} withBorder padding="lg" radius="md">
            <Text fw={600}>{item.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
