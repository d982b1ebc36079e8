import { Alert, Box, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import type { RootData } from "#app/ui/layout/root-data";
import { FEEDBACK_THANKS } from "#common/feedback/schema";
import { linkTo } from "#common/route-names";
import { StarRating } from "./star-rating";

type FeedbackResult = { ok: true } | { ok: false; message: string; errors: Record<string, string[]> };

/**
 * The feedback form: posts to the "opinion" action (decision 0060), which calls the service of
 * POST /api/feedback. Name and e-mail come pre-filled for a signed-in user; errors are shown per
 * field, and a refusal without field errors (too many sends) above the buttons.
 */
export default function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const location = useLocation();
  const authUser = useRouteLoaderData<RootData>("root")?.authUser ?? null;
  const fetcher = useFetcher<FeedbackResult>();
  const { failure, formRef, error, value } = useFormFailure(fetcher.data);
  const sending = fetcher.state !== "idle";
  const pagina = `/app${location.pathname === "/" ? "" : location.pathname}${location.search}`;
  const failed = failure && Object.keys(failure.errors).length === 0 ? failure.message : null;
  const sent = fetcher.data?.ok === true ? fetcher.data : null;

  // Each answer is handled once: the parent's onClose is a new function on every render.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!sent || handled.current === sent) return;
    handled.current = sent;
    notifications.show({ color: "teal", title: "Opinión enviada", message: FEEDBACK_THANKS });
    formRef.current?.reset();
    onClose();
  }, [sent, formRef, onClose]);

  return (
    <Modal opened={opened} onClose={onClose} title="Danos tu opinión" size="lg" closeButtonProps={{ "aria-label": "Cerrar" }} zIndex={400}>
      <fetcher.Form method="post" action={linkTo("opinion")} noValidate ref={formRef}>
        <input type="hidden" name="pagina" value={pagina} />
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Cuéntanos qué te parece {"esta página"} y qué mejorarías. Lo leemos todo.
          </Text>
          <StarRating name="valoracion" defaultValue={Number(value("valoracion", "0"))} error={error("valoracion")} />
          <TextInput label="Asunto" name="asunto" required maxLength={150} defaultValue={value("asunto")} error={error("asunto")} />
          <Textarea
            label="Tu opinión"
            required
            autosize
            minRows={4}
            maxLength={5000}
            name="contenido"
            defaultValue={value("contenido")}
            error={error("contenido")}
          />
          {/* One column on a phone: side by side, «Correo electrónico» wrapped and the fields misaligned. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Nombre"
              name="nombre"
              required
              autoComplete="name"
              defaultValue={value("nombre", authUser ? [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") : "")}
              error={error("nombre")}
            />
            <TextInput
              label="Correo electrónico"
              name="email"
              required
              type="email"
              autoComplete="email"
              defaultValue={value("email", authUser?.email ?? "")}
              error={error("email")}
            />
          </SimpleGrid>
          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <Box style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }} aria-hidden="true">
            <label>
              Web
              <input type="text" name="web" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </Box>
          {failed ? (
            <Alert color="red" title="No se ha podido enviar" role="alert">
              {failed}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={sending}>
              Enviar opinión
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
