import { Card, Group, Stack, Title } from "@mantine/core";

/**
 * A person in the employer's panel (an applicant, a searched profile): an article named by its
 * heading, the name with a few lines under it, what sits beside them on the right, then the body.
 */
export function PersonCard({
  headingId,
  name,
  details,
  aside,
  gap,
  children,
}: {
  headingId: string;
  name: string;
  details: React.ReactNode;
  aside?: React.ReactNode;
  gap: "xs" | "sm";
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {name}
            </Title>
            {details}
          </Stack>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The unstyled list the panel's person cards stand in. */
export function PersonList({ children }: { children: React.ReactNode }) {
  return (
    <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}
