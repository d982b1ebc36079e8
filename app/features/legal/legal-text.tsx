import type { ReactNode } from "react";
import classes from "./legal.module.css";

type Block = { type: "heading" | "paragraph"; text: string } | { type: "list"; items: string[] };

/**
 * A legal text's few conventions, as the back office writes it: "## " opens a section, "- " a
 * point of a list, a blank line separates paragraphs. Everything else is plain text (never HTML).
 */
export function legalBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((line) => line.trim());
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ type: "paragraph", text: paragraph.join(" ") });
      paragraph = [];
    };
    for (const line of lines) {
      if (!line) continue;
      if (line.startsWith("## ")) {
        flush();
        blocks.push({ type: "heading", text: line.slice(3).trim() });
      } else if (line.startsWith("- ")) {
        flush();
        const last = blocks.at(-1);
        if (last?.type === "list") last.items.push(line.slice(2).trim());
        else blocks.push({ type: "list", items: [line.slice(2).trim()] });
      } else paragraph.push(line);
    }
    flush();
  }
  return blocks;
}

/** Web addresses in a legal text become links (to the AEPD, the EU's dispute platform…). */
function withLinks(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s)]+[^\s).,;])/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <a key={index} href={part} rel="noopener noreferrer" className={classes.link}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function renderBlock(block: Block, key: string) {
  if (block.type === "heading") {
    return (
      <h2 key={key} className={classes.heading}>
        {block.text}
      </h2>
    );
  }
  if (block.type === "list") {
    return (
      <ul key={key} className={classes.list}>
        {block.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items of one fixed text
          <li key={index}>{withLinks(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p key={key} className={classes.paragraph}>
      {withLinks(block.text)}
    </p>
  );
}

/**
 * The text, and `insert` at the end of the section whose heading is `after` (the cookie policy's
 * generated table), or at the end when no section has that heading.
 */
export function LegalText({ body, insert }: { body: string; insert?: { after: string; node: ReactNode } }) {
  const blocks = legalBlocks(body);
  const at = insert ? blocks.findIndex((block) => block.type === "heading" && block.text === insert.after) : -1;
  const next = at === -1 ? -1 : blocks.findIndex((block, index) => index > at && block.type === "heading");
  const cut = at === -1 ? blocks.length : next === -1 ? blocks.length : next;
  return (
    <div className={classes.text}>
      {blocks.slice(0, cut).map((block, index) => renderBlock(block, `b${index}`))}
      {insert?.node}
      {blocks.slice(cut).map((block, index) => renderBlock(block, `b${cut + index}`))}
    </div>
  );
}
