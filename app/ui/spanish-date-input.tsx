import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import { DateInput, type DateInputProps, DatesProvider, type DatesProviderSettings } from "@mantine/dates";
import dayjs from "dayjs";
import { parseSpanishDate, SPANISH_DATE_FORMAT, SPANISH_DATE_PLACEHOLDER } from "./spanish-date";

/** Spanish calendars: weeks start on Monday. */
export const SPANISH_DATES: DatesProviderSettings = { locale: "es", firstDayOfWeek: 1, weekendDays: [0, 6] };

/**
 * The app's date field: typed as dd/mm/aaaa or picked from a Spanish calendar whose weeks start on
 * Monday (SPANISH_DATES). With `name`, the form submits the ISO date ("2026-12-23"). The date
 * library and its styles load with the forms that use it, not with every page.
 */
export function SpanishDateInput(props: Omit<DateInputProps, "valueFormat" | "dateParser">) {
  return (
    <DatesProvider settings={SPANISH_DATES}>
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
    </DatesProvider>
  );
}
