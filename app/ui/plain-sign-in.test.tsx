import { Anchor, Divider, Group, LoadingOverlay, Paper, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { BusyOverlay } from "./busy-overlay";
import { markup } from "./parity-markup";
import { PlainAnchor, PlainDivider, PlainGroup, PlainPaper } from "./plain-layout";
import { PlainTextInput } from "./plain-mantine";
import { PlainPasswordInput } from "./plain-password-input";

/** The plain controls of the account pages (sign-in above all) against Mantine's (decision 0049). */
describe("the account pages' plain controls render what Mantine renders", () => {
  it.each<[string, string | undefined]>([
    ["empty", undefined],
    ["with an error", "Introduce un correo electrónico válido"],
  ])("TextInput of an e-mail address: %s", (_, error) => {
    const field = { label: "Correo electrónico", type: "email", autoComplete: "email", required: true, defaultValue: "", error } as const;
    expect(markup(<PlainTextInput {...field} />)).toBe(markup(<TextInput {...field} />));
  });

  it.each<[string, { error?: string; defaultVisible?: boolean }]>([
    ["hidden", {}],
    ["hidden, with an error", { error: "Introduce tu contraseña" }],
    ["shown", { defaultVisible: true }],
    ["shown, with an error", { defaultVisible: true, error: "Introduce tu contraseña" }],
  ])("PasswordInput: %s", (_, state) => {
    const field = { label: "Contraseña", autoComplete: "current-password", required: true, ...state };
    // The toggle's Spanish name is the theme's default prop for Mantine's PasswordInput.
    expect(markup(<PlainPasswordInput {...field} />)).toBe(markup(<PasswordInput {...field} defaultValue="" />));
  });

  it("PasswordInput without an autocomplete hint", () => {
    expect(markup(<PlainPasswordInput label="Contraseña" />)).toBe(markup(<PasswordInput label="Contraseña" defaultValue="" />));
  });

  it("Anchor, size sm, in a Group to the right", () => {
    expect(
      markup(
        <PlainGroup justify="flex-end">
          <PlainAnchor to="/auth/change-password" size="sm">
            ¿Has olvidado tu contraseña?
          </PlainAnchor>
        </PlainGroup>,
      ),
    ).toBe(
      markup(
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/change-password" size="sm">
            ¿Has olvidado tu contraseña?
          </Anchor>
        </Group>,
      ),
    );
  });

  it("Anchor in a line of text", () => {
    expect(
      markup(
        <Text size="sm" ta="center">
          ¿Aún no tienes cuenta? <PlainAnchor to="/auth/crear-cuenta">Crear cuenta</PlainAnchor>
        </Text>,
      ),
    ).toBe(
      markup(
        <Text size="sm" ta="center">
          ¿Aún no tienes cuenta?{" "}
          <Anchor component={Link} to="/auth/crear-cuenta">
            Crear cuenta
          </Anchor>
        </Text>,
      ),
    );
  });

  it("Divider with a label in the centre", () => {
    expect(markup(<PlainDivider label="o" />)).toBe(markup(<Divider label="o" labelPosition="center" />));
  });

  it("Paper with a border, radius md and a class", () => {
    expect(markup(<PlainPaper className="card">Formulario</PlainPaper>)).toBe(
      markup(
        <Paper withBorder radius="md" className="card">
          Formulario
        </Paper>,
      ),
    );
  });

  it.each([true, false])("the busy overlay is Mantine's LoadingOverlay (visible: %s)", (visible) => {
    const message = "Iniciando sesión, por favor no cierres la ventana...";
    expect(markup(<BusyOverlay visible={visible} message={message} />)).toBe(
      markup(
        <LoadingOverlay
          visible={visible}
          zIndex={2000}
          pos="fixed"
          overlayProps={{ blur: 2, backgroundOpacity: 0.6 }}
          loaderProps={{
            children: (
              <Stack align="center" gap="sm" role="status" aria-live="polite">
                <div className="busy-spinner" aria-hidden="true" />
                <Text fw={600}>{message}</Text>
              </Stack>
            ),
          }}
        />,
      ),
    );
  });
});
