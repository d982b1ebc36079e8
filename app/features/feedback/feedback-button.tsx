import { Button } from "@mantine/core";
import { lazy, Suspense, useState } from "react";

// The form (and the validation library it uses) loads only when someone opens it.
const FeedbackDialog = lazy(() => import("./feedback-dialog"));

/** "Danos tu opinión", on every page (in the footer). */
export function FeedbackButton() {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
      >
        Danos tu opinión
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <FeedbackDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
