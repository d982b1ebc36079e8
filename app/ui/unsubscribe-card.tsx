import { Alert, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/** What the page says once the POST has answered. */
export type UnsubscribeOutcome = { color: "teal" | "gray" | "red"; title: string; text: ReactNode };

/**
 * The one-click unsubscribe page of an e-mail: a question and a button that POSTs, then the
 * outcome. Unsubscribing is never a GET, because mail scanners open every link in a message.
 */
export function UnsubscribeCard({
  heading,
  question,
  outcome,
  footer,
}: {
  heading: string;
  question: string;
  /** Null until the person has confirmed. */
  outcome: UnsubscribeOutcome | null;
  footer?: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {heading}
          </Title>
          {outcome ? (
            <Alert color={outcome.color} title={outcome.title} role={outcome.color === "red" ? "alert" : "status"}>
              {outcome.text}
            </Alert>
          ) : (
            <>
              <Text>{question}</Text>
              <Form method="post">
                <Button type="submit" color="red" loading={navigation.state === "submitting"}>
                  Darme de baja
                </Button>
              </Form>
            </>
          )}
          {footer ? (
            <Text size="sm" c="gray.7">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
