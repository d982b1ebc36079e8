import { formatBytes } from "#app/ui/format-bytes";
import classes from "./chat.module.css";
import type { ChatAttachment } from "./chat-client";

const THUMB_SIDE = 240;

/**
 * A message's file: an image as a thumbnail that opens full size in a new tab, a PDF as a chip
 * with its name and size that downloads it. While it uploads there is no address yet.
 */
export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const size = formatBytes(attachment.size);
  if (attachment.kind === "image" && attachment.url) {
    const scale = attachment.width && attachment.height ? Math.min(1, THUMB_SIDE / Math.max(attachment.width, attachment.height)) : 1;
    return (
      <a href={attachment.url} target="_blank" rel="noopener noreferrer" className={classes.thumb}>
        <img
          src={attachment.url}
          alt={`Imagen adjunta: ${attachment.name}`}
          width={attachment.width ? Math.round(attachment.width * scale) : undefined}
          height={attachment.height ? Math.round(attachment.height * scale) : undefined}
          loading="lazy"
        />
      </a>
    );
  }
  const label = (
    <>
      <span className={classes.fileName}>{attachment.name}</span>
      <span className={classes.fileSize}>{attachment.kind === "pdf" ? `PDF · ${size}` : size}</span>
    </>
  );
  if (!attachment.url) return <span className={classes.fileChip}>{label}</span>;
  return (
    <a href={attachment.url} download={attachment.name} className={classes.fileChip} aria-label={`Descargar ${attachment.name} (${size})`}>
      {label}
    </a>
  );
}
