// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import { type CSSProperties, useId } from "react";
import { PRIMARY_COLOR } from "#app/theme-colors";
import { RequiredMark, scale } from "./plain-mantine";

/*
 * Mantine's Radio.Group as the markup it renders, without rendering it (decision 0049): the offer
 * page's screening questions, in its first load. Its own module, so that the listing and the other
 * landing pages, which use the rest of `plain-mantine.tsx`, do not carry it. The classes are in the
 * root stylesheet (app/styles/mantine-public.css: Radio, InlineInput, Input, Group);
 * `plain-mantine.test.tsx` renders it next to Mantine's and fails when the markup differs.
 */

type Option = { value: string; label: string };

type PlainRadioGroupProps = {
  name: string;
  label: string;
  /** The choices, in a row (Mantine's `<Group gap="lg" mt={6}>` inside the group). */
  options: readonly Option[];
  /** An asterisk after the label, as Mantine's `required` on a group (the radios stay optional). */
  required?: boolean;
  /** A message under the choices. */
  error?: string;
  /** The value checked at first. */
  defaultValue?: string;
};

/**
 * Mantine's `<Radio.Group>` with a `<Radio>` per option, as native uncontrolled radios: the browser
 * keeps the choice (and posts it without JavaScript) where Mantine keeps it in state.
 * `data-checked` marks the initially checked one, as in Mantine's markup; no stylesheet reads it
 * (the radio's look follows `:checked`).
 */
export function PlainRadioGroup({ name, label, options, required, error, defaultValue }: PlainRadioGroupProps) {
  const id = `mantine-${useId()}`;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root" data-error={error ? "true" : undefined}>
      <div
        className="m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label"
        data-required={required ? "true" : undefined}
        id={`${id}-label`}
      >
        {label}
        {required ? <RequiredMark kind="RadioGroup" /> : null}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        <div style={RADIO_ROW_STYLE} className="m_4081bf90 mantine-Group-root">
          {options.map((option) => (
            <PlainRadio key={option.value} name={name} option={option} defaultChecked={option.value === defaultValue} />
          ))}
        </div>
      </div>
      {error ? (
        <p className="m_8f816625 mantine-InputWrapper-error mantine-RadioGroup-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const RADIO_ROW_STYLE = {
  "--group-gap": "var(--mantine-spacing-lg)",
  "--group-align": "center",
  "--group-justify": "flex-start",
  "--group-wrap": "wrap",
  marginTop: scale(0.375),
} as CSSProperties;

const RADIO_STYLE = { "--radio-color": `var(--mantine-color-${PRIMARY_COLOR}-filled)` } as CSSProperties;

/** Mantine's `<Radio>` (size sm, label on the right) inside a group. */
function PlainRadio({ name, option, defaultChecked }: { name: string; option: Option; defaultChecked: boolean }) {
  const id = `mantine-${useId()}`;
  return (
    <div
      style={RADIO_STYLE}
      className="m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root"
      data-label-position="right"
      data-checked={defaultChecked ? "true" : undefined}
    >
      <div className="m_5f6e695e mantine-Radio-body">
        <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio"
            data-with-error-styles="true"
            id={id}
            type="radio"
            name={name}
            defaultChecked={defaultChecked}
            value={option.value}
          />
          <svg
            xmlns="http://www.w3.org/2000/svg"
            fill="none"
            viewBox="0 0 5 5"
            aria-hidden="true"
            className="m_f3ed6b2b mantine-Radio-icon"
          >
            <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Radio-labelWrapper">
          <label className="m_8ee546b8 mantine-Radio-label" htmlFor={id}>
            {option.label}
          </label>
        </div>
      </div>
    </div>
  );
}
