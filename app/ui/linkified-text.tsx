import { Anchor } from "@mantine/core";
import { Fragment } from "react";
import { autolink, LINK_REL } from "#common/autolink";

/**
 * User text with its web addresses as links that open in a new tab. Everything else stays text:
 * React escapes it, so no user input ever becomes markup. Use it wherever user text is shown.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {autolink(text).map((part, index) =>
        // The parts of one text never reorder, so their position is a stable key.
        part.type === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Anchor key={index} href={part.href} target="_blank" rel={LINK_REL} inherit underline="always">
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
