import { Alert, Box, Button, Group, Input, Modal, Rating, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { ApiError, api } from "#app/lib/api-client";
import { apiFieldErrors, zodResolver } from "#app/lib/zod-resolver";
import type { RootData } from "#app/ui/layout/root-data";
import { FEEDBACK_THANKS, type FeedbackInput, feedbackInputSchema, VALORACION_LABELS } from "#common/feedback/schema";

/**
 * The feedback form: posts the specification's payload to POST /api/feedback. Name and e-mail
 * come pre-filled for a signed-in user; the server's errors are shown as it sends them.
 */
export default function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const location = useLocation();
  const authUser = useRouteLoaderData<RootData>("root")?.authUser ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pagina = `/app${location.pathname === "/" ? "" : location.pathname}${location.search}`;
  const form = useForm<FeedbackInput>({
    mode: "uncontrolled",
    initialValues: {
      valoracion: 0,
      asunto: "",
      contenido: "",
      pagina,
      id_user_feedback: null,
      nombre: authUser ? [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") : "",
      email: authUser?.email ?? "",
      web: "",
    },
    validate: zodResolver(feedbackInputSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSending(true);
    try {
      const body = { ...values, pagina, id_user_feedback: null };
      const response = await api.post<{ message: string }>("/api/feedback", body, { keepSessionOn401: true });
      notifications.show({ color: "teal", title: "Opinión enviada", message: response.message || FEEDBACK_THANKS });
      form.reset();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) form.setErrors(apiFieldErrors(error.fieldErrors));
      setFailure(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : "Ups algo ha ido mal. Intentalo de nuevo mas tarde",
      );
    } finally {
      setSending(false);
    }
  });

  const ratingError = form.errors.valoracion;
  return (
    <Modal opened={opened} onClose={onClose} title="Danos tu opinión" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Cuéntanos qué te parece {"esta página"} y qué mejorarías. Lo leemos todo.
          </Text>
          <Input.Wrapper label="Valoración" required error={ratingError} id="feedback-valoracion-label">
            <Group gap="sm">
              <Rating
                {...form.getInputProps("valoracion")}
                key={form.key("valoracion")}
                size="lg"
                aria-labelledby="feedback-valoracion-label"
                getSymbolLabel={(value) => `${value} de 5: ${VALORACION_LABELS[value] ?? ""}`}
              />
            </Group>
          </Input.Wrapper>
          <TextInput label="Asunto" required maxLength={150} {...form.getInputProps("asunto")} key={form.key("asunto")} />
          <Textarea
            label="Tu opinión"
            required
            autosize
            minRows={4}
            maxLength={5000}
            {...form.getInputProps("contenido")}
            key={form.key("contenido")}
          />
          <Group grow align="flex-start">
            <TextInput label="Nombre" required autoComplete="name" {...form.getInputProps("nombre")} key={form.key("nombre")} />
            <TextInput label="E-mail" required type="email" autoComplete="email" {...form.getInputProps("email")} key={form.key("email")} />
          </Group>
          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <Box style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }} aria-hidden="true">
            <label>
              Web
              <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps("web")} key={form.key("web")} />
            </label>
          </Box>
          {failure ? (
            <Alert color="red" title="No se ha podido enviar" role="alert">
              {failure}
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
      </form>
    </Modal>
  );
}
