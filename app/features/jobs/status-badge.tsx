import { Badge } from "@mantine/core";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  OFFER_STATUS_LABELS,
  type OfferStatus,
  WORK_MODE_LABELS,
  type WorkMode,
} from "#common/jobs/vocabulary";
import classes from "./status-badge.module.css";

const APPLICATION_COLORS: Record<ApplicationStatus, string> = {
  recibida: "blue",
  en_proceso: "teal",
  finalista: "grape",
  contratada: "indigo",
  descartada: "gray",
  retirada: "orange",
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant="light" color={APPLICATION_COLORS[status]}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}

// Colours whose darkest shade passes WCAG AA on its light background (yellow and orange do not).
const OFFER_COLORS: Record<OfferStatus, string> = { borrador: "violet", publicada: "teal", cerrada: "gray", caducada: "red" };

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge variant="light" color={OFFER_COLORS[status]}>
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Mantine's outline blue <Badge tt="none"> as a plain element: every offer card shows one. */
export function WorkModeBadge({ modalidad }: { modalidad: WorkMode }) {
  return <span className={classes.workMode}>{WORK_MODE_LABELS[modalidad]}</span>;
}
