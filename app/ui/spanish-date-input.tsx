import { DateInput, type DateInputProps } from "@mantine/dates";
import dayjs from "dayjs";
import { parseSpanishDate, SPANISH_DATE_FORMAT, SPANISH_DATE_PLACEHOLDER } from "./spanish-date";

/**
 * The app's date field: typed as dd/mm/aaaa or picked from a Spanish calendar whose weeks start on
 * Monday (DatesProvider in root.tsx). With `name`, the form submits the ISO date ("2026-12-23").
 */
export function SpanishDateInput(props: Omit<DateInputProps, "valueFormat" | "dateParser">) {
  return (
    <DateInput
      placeholder={SPANISH_DATE_PLACEHOLDER}
      // Emptying the field empties the value (so a required date gets its message).
      clearable
      clearButtonProps={{ "aria-label": "Borrar la fecha" }}
      {...props}
      valueFormat={SPANISH_DATE_FORMAT}
      dateParser={(text) => {
        const iso = parseSpanishDate(text);
        return iso ? dayjs(iso).format("YYYY-MM-DD") : null;
      }}
    />
  );
}
