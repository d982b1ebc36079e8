import { ActionIcon, Button, FileButton, Textarea } from "@mantine/core";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX_CHARS } from "#common/chat/vocabulary";
import classes from "./chat.module.css";

const TYPING_EVERY_MS = 3000;
const ATTACHMENT_TYPES = "image/png,image/jpeg,image/webp,application/pdf";
const draftKey = (key: string) => `farmanexo:chat-draft:${key}`;

function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(draftKey(key)) ?? "";
  } catch {
    return "";
  }
}

function writeDraft(key: string, value: string) {
  try {
    if (value) window.localStorage.setItem(draftKey(key), value);
    else window.localStorage.removeItem(draftKey(key));
  } catch {
    // Private mode or a full storage: the draft just is not kept.
  }
}

/**
 * The message box. It keeps a draft per conversation (in this browser), sends with Enter
 * (Shift+Enter for a new line), and says "typing" at most every 3 seconds.
 */
export function Composer({
  draftId,
  disabled,
  onSend,
  onAttach,
  onTyping,
}: {
  draftId: string;
  disabled?: boolean;
  onSend: (body: string) => void;
  /** Sends an image or a PDF (the server checks its content and size). */
  onAttach?: (file: File) => void;
  onTyping?: () => void;
}) {
  const [value, setValue] = useState("");
  const lastTyping = useRef(0);
  useEffect(() => setValue(readDraft(draftId)), [draftId]);

  const change = (next: string) => {
    setValue(next);
    writeDraft(draftId, next);
    if (next && onTyping && Date.now() - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      onTyping();
    }
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = value.trim();
    if (!body || disabled) return;
    onSend(body);
    change("");
    lastTyping.current = 0;
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className={classes.composer} onSubmit={submit}>
      {onAttach && (
        <FileButton onChange={(file) => file && onAttach(file)} accept={ATTACHMENT_TYPES} disabled={disabled}>
          {(props) => (
            // An icon, not the word: on a 390 px phone «Adjuntar» took a third of the row and the placeholder wrapped.
            <ActionIcon
              {...props}
              variant="default"
              size={36}
              aria-label="Adjuntar una imagen o un PDF"
              title="Adjuntar una imagen o un PDF"
            >
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.5 3.5 0 0 1 5 5l-8.6 8.6a2 2 0 0 1-2.8-2.8l8-8" />
              </svg>
            </ActionIcon>
          )}
        </FileButton>
      )}
      <Textarea
        aria-label="Escribe un mensaje"
        placeholder="Escribe un mensaje"
        autosize
        minRows={1}
        maxRows={6}
        maxLength={CHAT_MESSAGE_MAX_CHARS}
        value={value}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={keyDown}
        disabled={disabled}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button type="submit" disabled={disabled || !value.trim()}>
        Enviar
      </Button>
    </form>
  );
}
