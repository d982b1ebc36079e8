import { Anchor, Container, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { FeedbackButton } from "#app/features/feedback/feedback-button";
import { MAIN_NAV } from "./app-layout";

export function SiteFooter({ brand }: { brand: string }) {
  return (
    <Container size="lg" component="footer" py="xl" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Stack gap="xs">
        <Group gap="lg" component="nav" aria-label="Pie de página">
          {MAIN_NAV.map((item) => (
            <Anchor key={item.to} component={Link} to={item.to} c="gray.8" size="sm">
              {item.label}
            </Anchor>
          ))}
        </Group>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7">
            ¿Algo que mejorar? Nos ayuda mucho saberlo.
          </Text>
          <FeedbackButton />
        </Group>
        <Text size="sm" c="gray.7">
          © {new Date().getFullYear()} {brand}. La comunidad profesional del sector farmacéutico y sanitario en España y Latinoamérica.
        </Text>
      </Stack>
    </Container>
  );
}
