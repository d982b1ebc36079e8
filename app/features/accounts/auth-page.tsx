import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BusyOverlay } from "#app/ui/busy-overlay";
import { PlainPaper } from "#app/ui/plain-layout";
import classes from "./auth-page.module.css";

/** The frame of every accounts page: a heading, an optional lead and a card. */
export function AuthPage({
  title,
  lead,
  children,
  busyMessage,
  size = "xs",
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  busyMessage?: string | null;
  size?: "xs" | "sm" | "md";
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {lead && <Text c="gray.7">{lead}</Text>}
        </Stack>
        <PlainPaper className={classes.card}>{children}</PlainPaper>
      </Stack>
      <BusyOverlay visible={Boolean(busyMessage)} message={busyMessage ?? ""} />
    </Container>
  );
}
