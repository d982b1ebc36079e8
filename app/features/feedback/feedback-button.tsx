import { lazy, Suspense, useState } from "react";
import { PlainButton } from "#app/ui/plain-button";

// The form (and the validation library it uses) loads only when someone opens it.
const FeedbackDialog = lazy(() => import("./feedback-dialog"));

/** "Danos tu opinión", on every page (in the footer). */
export function FeedbackButton() {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      {/* On every page: Mantine's markup without its render cost (decision 0049). */}
      <PlainButton
        type="button"
        variant="light"
        size="sm"
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
      >
        Danos tu opinión
      </PlainButton>
      {requested ? (
        <Suspense fallback={null}>
          <FeedbackDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
