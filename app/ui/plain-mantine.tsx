// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import { type ChangeEvent, type CSSProperties, type ReactNode, type Ref, useId } from "react";

/*
 * Mantine's NativeSelect, TextInput and DataList as the markup they render, without rendering them
 * (its Button: `plain-button.tsx`; its Radio.Group: `plain-radio.tsx`; its PasswordInput:
 * `plain-password-input.tsx`). Each Mantine component resolves its theme, props and style props
 * on every render and hydration; the hot public pages use these instead (decision 0049: less
 * blocking time while the listing hydrates). They emit Mantine's own classes and CSS variables, so they look
 * and behave exactly the same; `plain-mantine.test.tsx` renders both and fails when a Mantine
 * upgrade changes the markup. Elsewhere, use Mantine's components.
 */

export const scale = (rem: number) => `calc(${rem}rem * var(--mantine-scale))`;

type FieldProps = {
  /** Mantine's component name, for its `mantine-<Name>-*` classes. */
  kind: "NativeSelect" | "TextInput" | "PasswordInput";
  /** Without one, the control needs an `aria-label`. */
  label?: string;
  size?: FieldSize;
  description?: string;
  /** The description's colour (the listing darkens Mantine's dimmed grey for contrast). */
  descriptionColor?: string;
  rootStyle?: CSSProperties;
  /** The component's own root classes, before the InputWrapper's (PasswordInput has them). */
  rootClassName?: string;
  withChevron?: boolean;
  /** What the input shows at its right (PasswordInput's visibility toggle); the chevron when `withChevron`. */
  rightSection?: ReactNode;
  /** An asterisk after the label (the control's own `required` is the caller's). */
  required?: boolean;
  /** A message under the control, in red. */
  error?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
};

type FieldSize = "sm" | "md";

/** Mantine's InputWrapper and Input wrapper around a control, at the default size (sm) or md. */
export function Field({
  kind,
  label,
  size = "sm",
  description,
  descriptionColor,
  rootStyle,
  rootClassName,
  withChevron,
  rightSection,
  required,
  error,
  children,
}: FieldProps) {
  const id = `mantine-${useId()}`;
  const errorId = error ? `${id}-error` : undefined;
  // Mantine's own join, with the empty slot of its success message between the two.
  const describedBy = `${errorId ?? ""}  ${description ? `${id}-description` : ""}`.trim() || undefined;
  return (
    <div
      style={rootStyle}
      className={`${rootClassName ? `${rootClassName} ` : ""}m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`}
      data-size={size}
      data-error={error ? "true" : undefined}
    >
      {label ? (
        <label
          style={{ "--input-label-size": `var(--mantine-font-size-${size})` } as CSSProperties}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
          data-size={size}
          data-required={required ? "true" : undefined}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
          {required ? <RequiredMark kind={kind} /> : null}
        </label>
      ) : null}
      {description ? (
        <p
          style={
            {
              ...(descriptionColor ? { color: descriptionColor } : {}),
              "--input-description-size": `calc(var(--mantine-font-size-${size}) - ${scale(0.125)})`,
            } as CSSProperties
          }
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size={size}
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={
          {
            ...(description ? { "--input-margin-top": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
            ...(error ? { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
            "--input-height": `var(--input-height-${size})`,
            "--input-fz": `var(--mantine-font-size-${size})`,
            ...(withChevron ? { "--input-right-section-pointer-events": "none" } : {}),
          } as CSSProperties
        }
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size={size}
        data-error={error ? "true" : undefined}
        data-pointer={withChevron ? "true" : undefined}
        data-with-right-section={withChevron || rightSection ? "true" : undefined}
      >
        {children(id, describedBy)}
        {withChevron || rightSection ? (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
            {withChevron ? <Chevron /> : rightSection}
          </div>
        ) : null}
      </div>
      {error ? (
        <p
          style={{ "--input-error-size": `calc(var(--mantine-font-size-${size}) - ${scale(0.125)})` } as CSSProperties}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size={size}
          id={errorId}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Mantine's asterisk after a required field's label. */
export function RequiredMark({ kind }: { kind: string }) {
  return (
    <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
      {" *"}
    </span>
  );
}

/** Mantine's ComboboxChevron (size sm). */
function Chevron() {
  return (
    <svg
      style={{ "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" } as CSSProperties}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="sm"
      data-combobox-chevron="true"
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

type Option = { value: string; label: string };

type PlainSelectProps = {
  name: string;
  label: string;
  description?: string;
  descriptionColor?: string;
  defaultValue?: string;
  /** Options, or groups of options. */
  data: Option[] | { group: string; items: Option[] }[];
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  rootStyle?: CSSProperties;
};

/** Mantine's `<NativeSelect>`, uncontrolled. */
export function PlainSelect({ name, label, description, descriptionColor, defaultValue, data, onChange, rootStyle }: PlainSelectProps) {
  return (
    <Field
      kind="NativeSelect"
      label={label}
      description={description}
      descriptionColor={descriptionColor}
      rootStyle={rootStyle}
      withChevron
    >
      {(id, describedBy) => (
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          name={name}
          aria-describedby={describedBy}
          id={id}
          defaultValue={defaultValue}
          onChange={onChange}
        >
          {data.map((entry) =>
            "group" in entry ? (
              <optgroup key={entry.group} label={entry.group}>
                {entry.items.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ),
          )}
        </select>
      )}
    </Field>
  );
}

type PlainTextInputProps = {
  /** Without one, the value is not posted with the form (the sign-in form reads it itself). */
  name?: string;
  /** Visible label; without one, give an `aria-label`. */
  label?: string;
  "aria-label"?: string;
  description?: string;
  size?: FieldSize;
  type?: "text" | "search" | "number" | "email";
  autoComplete?: string;
  defaultValue?: string;
  placeholder?: string;
  maxLength?: number;
  inputMode?: "numeric";
  min?: number;
  step?: number;
  autoFocus?: boolean;
  required?: boolean;
  /** A message under the input; it marks the input invalid. */
  error?: string;
  rootStyle?: CSSProperties;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
};

/** Mantine's `<TextInput>`, uncontrolled. */
export function PlainTextInput({ name, label, description, size, rootStyle, error, ...input }: PlainTextInputProps) {
  return (
    <Field
      kind="TextInput"
      label={label}
      description={description}
      size={size}
      rootStyle={rootStyle}
      required={input.required}
      error={error}
    >
      {(id, describedBy) => (
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={error ? "true" : undefined}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          id={id}
          name={name}
        />
      )}
    </Field>
  );
}

/** Mantine's `<DataList orientation="horizontal" withDivider>`: labels in grey, values in medium weight. */
export function PlainDataList({ items, labelWidth }: { items: [label: string, value: string][]; labelWidth: string }) {
  return (
    <dl
      style={{ "--data-list-label-width": labelWidth } as CSSProperties}
      className="m_f84d0407 mantine-DataList-root"
      data-orientation="horizontal"
      data-with-divider="true"
    >
      {items.map(([label, value]) => (
        <div key={label} className="m_f848fe38 mantine-DataList-item">
          <dt style={{ color: "var(--mantine-color-gray-7)" }} className="m_c791b39c mantine-DataList-itemLabel">
            {label}
          </dt>
          <dd style={{ fontWeight: 500 }} className="m_c81ec619 mantine-DataList-itemValue">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
