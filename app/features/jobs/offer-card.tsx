import type { ReactNode } from "react";
import { Link } from "react-router";
import { relativeDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { CONTRACT_TYPE_LABELS } from "#common/jobs/vocabulary";
import { linkToAppPath } from "#common/route-names";
import type { OfferSummary } from "#server/jobs";
import classes from "./offer-card.module.css";
import { locationText, salaryText } from "./salary";
import { WorkModeBadge } from "./status-badge";

/** The offer's public page for <Link to>: its `url` is a full path, Link wants it without /app. */
export function offerLink(offer: Pick<OfferSummary, "url">): string {
  return linkToAppPath(offer.url);
}

type Props = {
  offer: OfferSummary;
  /** The loader's clock, so "hace 3 días" reads the same on the server and in the browser. */
  now: string;
  headingOrder?: 2 | 3;
  /** Extra content under the summary (a status, a remove button). */
  children?: ReactNode;
  showSnippet?: boolean;
};

export function OfferCard({ offer, now, headingOrder = 3, children, showSnippet = true }: Props) {
  const tz = useTimeZone();
  const salary = salaryText(offer.salario);
  const Heading = headingOrder === 2 ? "h2" : "h3";
  // Plain elements with the look of Mantine's Card, Title, Group and Text: listings, the home page
  // and company pages render up to 20 cards, and each Mantine component resolved its style props on
  // every server render (decision 0049).
  return (
    <article className={classes.card}>
      <Heading className={classes.title}>
        <Link to={offerLink(offer)} className={classes.link}>
          {offer.titulo}
        </Link>
      </Heading>
      <p className={classes.company}>{offer.empresa.nombre}</p>
      <p className={classes.meta}>{locationText(offer)}</p>
      <div className={classes.facts}>
        <WorkModeBadge modalidad={offer.modalidad} />
        <p className={classes.meta}>{CONTRACT_TYPE_LABELS[offer.contrato]}</p>
        {salary ? <p className={classes.salary}>{salary}</p> : null}
      </div>
      {showSnippet && offer.snippet ? <p className={`${classes.meta} ${classes.snippet}`}>{offer.snippet}</p> : null}
      <p className={classes.published}>
        Publicada <time dateTime={offer.publicadaEn}>{relativeDate(offer.publicadaEn, now, tz)}</time>
      </p>
      {children}
    </article>
  );
}
