import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { CompanyJoinRequests } from "#app/features/accounts/company-join-requests";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/company";
import { CuentaLayout } from "./account-layout";
import { companyAction, loadCompany } from "./company.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCompany(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return companyAction(context, request);
}

export const handle = { title: "Mi empresa" };

export function meta() {
  return [{ title: "Mi empresa" }, { name: "robots", content: "noindex" }];
}

const DATE = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeZone: "Europe/Madrid" });
const ROLE_LABEL = { admin: "Administrador", member: "Miembro" } as const;

/** The company the user belongs to, its members and, for administrators, the requests to join it. */
export default function Empresa({ loaderData, actionData }: Route.ComponentProps) {
  const { empresa, role, members, requests } = loaderData;
  return (
    <CuentaLayout title="Mi empresa">
      {!empresa || !role ? (
        <Text>
          Tu cuenta no pertenece a ninguna empresa.{" "}
          <Anchor component={Link} to={linkTo("crear-cuenta-empleo-empresa")}>
            Únete a tu empresa o regístrala
          </Anchor>
          .
        </Text>
      ) : (
        <>
          <Text>
            Perteneces a <strong>{empresa.nombre}</strong> como {ROLE_LABEL[role].toLowerCase()}.
            {role === "member" ? " Los administradores de la empresa deciden quién se une a ella." : ""}
          </Text>
          <CompanyJoinRequests requests={requests} outcome={actionData} />
          <Paper withBorder radius="md" p="lg" component="section" aria-label="Personas de la empresa">
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {members.map((member) => (
                <Group key={member.id} component="li" justify="space-between">
                  <Text>{member.nombre}</Text>
                  <Group gap="xs">
                    <Badge variant="light" color={member.role === "admin" ? "teal" : "gray"}>
                      {ROLE_LABEL[member.role]}
                    </Badge>
                    <Text size="sm" c="gray.7">
                      desde el {DATE.format(new Date(member.since))}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        </>
      )}
    </CuentaLayout>
  );
}
