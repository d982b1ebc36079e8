// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import { type ChangeEvent, type CSSProperties, type Ref, useState } from "react";
import { BORDER_WIDTH } from "./plain-button";
import { Field } from "./plain-mantine";

/*
 * Mantine's <PasswordInput> (size sm, uncontrolled) as the markup it renders, with its show/hide
 * button, without rendering it (decision 0049). On the sign-in page Mantine's PasswordInput
 * brought Input, InputBase, ActionIcon, CloseButton and UnstyledButton into the first load. The
 * classes are in the root stylesheet (app/styles/mantine-public.css); `plain-mantine.test.tsx`
 * compares the markup, hidden and shown.
 */

const ROOT_STYLE = { "--psi-icon-size": "var(--psi-icon-size-sm)", "--psi-button-size": "var(--psi-button-size-sm)" } as CSSProperties;

/** Mantine's subtle gray ActionIcon. */
const TOGGLE_STYLE = {
  "--ai-bg": "transparent",
  "--ai-hover": "var(--mantine-color-gray-light-hover)",
  "--ai-color": "var(--mantine-color-gray-9)",
  "--ai-bd": `${BORDER_WIDTH} solid transparent`,
} as CSSProperties;

const ICON_STYLE = { width: "var(--psi-icon-size)", height: "var(--psi-icon-size)" };

const LINE = { fill: "none", stroke: "currentColor", strokeLinecap: "round", strokeLinejoin: "round", strokeWidth: "16" } as const;

/** Mantine's PasswordToggleIcon: an eye, struck through while the password is shown. */
function ToggleIcon({ reveal }: { reveal: boolean }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" style={ICON_STYLE}>
      <path fill="none" d="M0 0h256v256H0z" />
      {reveal ? (
        <>
          <path {...LINE} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path
            {...LINE}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...LINE} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle cx="128" cy="128" r="40" {...LINE} />
        </>
      )}
    </svg>
  );
}

type PlainPasswordInputProps = {
  label: string;
  /** The form field's name (a page form posts it). */
  name?: string;
  /** The toggle's accessible name; it carries aria-pressed, so one name fits both states (app/theme.ts). */
  toggleLabel?: string;
  autoComplete?: string;
  required?: boolean;
  /** A message under the input; it marks the input invalid. */
  error?: string;
  /** Start with the password shown. */
  defaultVisible?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Mantine's `<PasswordInput>`, uncontrolled. The toggle behaves as Mantine's: it reacts on press
 * (mouse down, touch end, Space or Enter), keeps the focus in the input and is out of the tab order.
 */
export function PlainPasswordInput({
  label,
  name,
  toggleLabel = "Mostrar contraseña",
  autoComplete,
  required,
  error,
  defaultVisible = false,
  onChange,
  ref,
}: PlainPasswordInputProps) {
  const [visible, setVisible] = useState(defaultVisible);
  const toggle = () => setVisible((shown) => !shown);
  const button = (
    <button
      style={TOGGLE_STYLE}
      className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="subtle"
      type="button"
      aria-pressed={visible}
      tabIndex={-1}
      aria-label={toggleLabel}
      onMouseDown={(event) => {
        event.preventDefault();
        toggle();
      }}
      onTouchEnd={(event) => {
        event.preventDefault();
        toggle();
      }}
      onKeyDown={(event) => {
        if (event.key === " " || event.key === "Enter") {
          event.preventDefault();
          toggle();
        }
      }}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">
        <ToggleIcon reveal={visible} />
      </span>
    </button>
  );
  return (
    <Field
      kind="PasswordInput"
      label={label}
      rootStyle={ROOT_STYLE}
      rootClassName="m_f61ca620 mantine-PasswordInput-root"
      rightSection={button}
      required={required}
      error={error}
    >
      {(id, describedBy) => (
        <div
          className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
          data-variant="default"
          data-error={error ? "true" : undefined}
        >
          <input
            className="m_f2d85dd2 mantine-PasswordInput-innerInput"
            required={required}
            data-invalid={error ? "true" : undefined}
            id={id}
            name={name}
            autoComplete={autoComplete || "off"}
            type={visible ? "text" : "password"}
            aria-describedby={describedBy}
            defaultValue=""
            onChange={onChange}
            ref={ref}
          />
        </div>
      )}
    </Field>
  );
}
