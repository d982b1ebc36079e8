import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { linkTo, linkToAppPath } from "#common/route-names";
import { REGISTER_STATUS_LABELS } from "#common/visita/vocabulary";
import type { RepresentativeDashboard } from "#server/visita";
import { useShortDate, VerificationRequests } from "./verification-requests";

/** Profile completeness, the public-profile switch and the link to share (visitadorPage). */
export function PublicProfileCard({
  perfil,
  appUrl,
  changed,
}: {
  perfil: RepresentativeDashboard["perfil"];
  appUrl: string;
  changed: string | null;
}) {
  const shareUrl = `${appUrl}${perfil.url}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="perfil-publico-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="perfil-publico-title">
            Tu perfil público
          </Title>
          <Badge variant="light" color={perfil.publico ? "teal" : "gray"} tt="none">
            {perfil.publico ? "Público" : "Privado"}
          </Badge>
        </Group>
        {changed ? (
          <Alert color="teal" role="status">
            {changed === "publico" ? "Tu perfil ya es público." : "Tu perfil ya no es público."}
          </Alert>
        ) : null}
        <Text size="sm">Perfil completo al {perfil.completitud.porcentaje} %</Text>
        <Progress value={perfil.completitud.porcentaje} color="teal" aria-label="Perfil completo" />
        {perfil.completitud.faltan.length ? (
          <Text size="sm" c="gray.7">
            Falta: {perfil.completitud.faltan.join(", ")}.{" "}
            <Anchor component={Link} to={linkTo("cuenta")} underline="always">
              Completar mi perfil
            </Anchor>
          </Text>
        ) : null}
        <Text size="sm" c="gray.7">
          {perfil.publico
            ? "Cualquiera con el enlace ve tu foto, cargo, empresa, zonas y cartera con sus verificaciones."
            : "Solo tú lo ves. Hazlo público para compartirlo con los profesionales que visitas."}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={perfil.publico ? "perfil-privado" : "perfil-publico"}
              size="xs"
              variant={perfil.publico ? "default" : "filled"}
            >
              {perfil.publico ? "Hacer privado" : "Hacer público mi perfil"}
            </Button>
          </Form>
          <Button component={Link} to={linkToAppPath(perfil.url)} size="xs" variant="light">
            {perfil.publico ? "Ver mi perfil público" : "Vista previa"}
          </Button>
          {perfil.publico ? (
            <CopyButton value={shareUrl}>
              {({ copied, copy }) => (
                <Button onClick={copy} size="xs" variant="subtle" color={copied ? "teal" : "blue"}>
                  {copied ? "Enlace copiado" : "Copiar enlace para compartir"}
                </Button>
              )}
            </CopyButton>
          ) : null}
        </Group>
        {perfil.publico ? (
          <Text size="xs" c="gray.7" style={{ wordBreak: "break-all" }}>
            {shareUrl}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The portfolio with each product's verifications and requests (resend or cancel pending ones). */
export function PortfolioVerifications({ cartera }: { cartera: RepresentativeDashboard["cartera"] }) {
  const date = useShortDate();
  return (
    <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {cartera.map((entry) => (
        <li key={entry.entrada_id}>
          <Paper withBorder radius="sm" p="sm">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: "1 1 240px", minWidth: 0 }}>
                  <Anchor component={Link} to={linkToAppPath(entry.producto.url)} fw={600}>
                    {entry.producto.nombre}
                  </Anchor>
                  <Text size="sm" c="gray.7">
                    {entry.producto.laboratorio.nombre} · {entry.zonas.map((z) => z.nombre).join(", ")}
                  </Text>
                  <Group gap="xs">
                    {entry.producto.estado_registro !== "autorizado" ? (
                      <Badge variant="filled" color="red" tt="none">
                        {REGISTER_STATUS_LABELS[entry.producto.estado_registro]}
                      </Badge>
                    ) : null}
                    <Badge variant="light" color={entry.verificaciones ? "teal" : "gray"} tt="none">
                      {entry.verificaciones === 1 ? "1 verificación" : `${entry.verificaciones} verificaciones`}
                    </Badge>
                    {entry.ultima_verificacion ? (
                      <Text size="xs" c="gray.7">
                        Última: {date(entry.ultima_verificacion)}
                      </Text>
                    ) : null}
                    {entry.pendientes ? (
                      <Text size="xs" c="gray.7">
                        {entry.pendientes === 1 ? "1 pendiente" : `${entry.pendientes} pendientes`}
                      </Text>
                    ) : null}
                  </Group>
                </Stack>
                <Group gap="xs">
                  {entryActions(entry.producto).map((action) => (
                    <Button
                      key={action.label}
                      component={Link}
                      to={action.to}
                      size="xs"
                      variant={action.variant ?? "light"}
                      aria-label={action.ariaLabel}
                    >
                      {action.label}
                    </Button>
                  ))}
                </Group>
              </Group>
              <VerificationRequests
                requests={entry.solicitudes.filter((s) => s.estado === "pendiente" || s.estado === "caducada")}
                productId={entry.producto.id}
              />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** What a representative does with a product of their portfolio, each named for screen readers with the product. */
const entryActions = (producto: { id: number; nombre: string }) => [
  {
    label: "Pedir verificación",
    to: linkTo("verificacion-prof", { idProd: producto.id, idVerif: "nueva", isRev: 0 }),
    ariaLabel: `Pedir verificación de ${producto.nombre}`,
  },
  {
    label: "Crear promoción",
    to: linkTo("crear-promocion", { idProd: producto.id }),
    ariaLabel: `Crear promoción de ${producto.nombre}`,
  },
  {
    label: "Editar",
    to: linkTo("asociar-producto", { id: producto.id }),
    ariaLabel: `Editar ${producto.nombre} en mi cartera`,
    variant: "default" as const,
  },
];
