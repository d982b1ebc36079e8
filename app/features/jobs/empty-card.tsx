import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PlainButton } from "#app/ui/plain-button";

/** An empty list, saying what would appear here and how to get there. */
export function EmptyCard({ title, children, action }: { title: string; children: ReactNode; action?: { label: string; to: string } }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="gray.7">{children}</Text>
        {action ? (
          <PlainButton to={action.to} variant="light">
            {action.label}
          </PlainButton>
        ) : null}
      </Stack>
    </Card>
  );
}
