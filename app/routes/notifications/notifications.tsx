import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { PageContainer } from "#app/ui/layout/app-layout";
import { appPathRelative, linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/notifications";
import classes from "./notifications.module.css";
import {
  formMutation,
  idParam,
  listNotifications,
  markNotificationsRead,
  openNotification,
  pageRedirect,
  requireUser,
  unknownIntent,
} from "./notifications.server";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const before = url.searchParams.get("antes");
  const page = await listNotifications(context.app.db, user, before ? idParam(before) : null);
  return { page, brandName: context.app.config.brandName, timeZone: context.timeZone };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    if (intent === "leer-todo") {
      await markNotificationsRead(context.app, user);
      return { ok: true as const };
    }
    if (intent === "abrir") {
      const link = await openNotification(context.app, user, idParam(String(form.get("id") ?? "")));
      // Only paths inside the app: a stored link never sends anyone elsewhere.
      throw pageRedirect(link && appPathRelative(link) ? link : pathTo("notificaciones"));
    }
    return unknownIntent();
  });
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Notificaciones · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function Notificaciones({ loaderData }: Route.ComponentProps) {
  const { page, timeZone } = loaderData;
  const when = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone });
  return (
    <PageContainer>
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={1}>Notificaciones</Title>
        <Group gap="xs">
          <Button component={Link} to={linkTo("notificaciones-preferencias")} variant="subtle">
            Preferencias
          </Button>
          {page.unread > 0 && (
            <Form method="post">
              <Button type="submit" name="intent" value="leer-todo" variant="light">
                Marcar todo como leído
              </Button>
            </Form>
          )}
        </Group>
      </Group>
      {page.items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>No tienes notificaciones. Aquí verás los cambios de tus candidaturas, las solicitudes de chat y otros avisos.</Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list} aria-label="Tus notificaciones">
          {page.items.map((item) => (
            <li key={item.id}>
              <Form method="post" className={classes.item} data-unread={item.read ? undefined : true}>
                <input type="hidden" name="id" value={item.id} />
                <button type="submit" name="intent" value="abrir" className={classes.open}>
                  {!item.read && <span className={classes.dot} aria-label="Sin leer" role="img" />}
                  <span className={classes.text}>{item.text}</span>
                  <time className={classes.time} dateTime={new Date(item.createdAt).toISOString()}>
                    {when.format(new Date(item.createdAt))}
                  </time>
                </button>
              </Form>
            </li>
          ))}
        </Stack>
      )}
      {page.nextBefore && (
        <Group justify="center" mt="md">
          <Button component={Link} to={linkTo("notificaciones", {}, { antes: String(page.nextBefore) })} variant="default">
            Ver anteriores
          </Button>
        </Group>
      )}
    </PageContainer>
  );
}
