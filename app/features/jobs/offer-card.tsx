import { Card, Group, Stack, Title, type TitleOrder } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONTRACT_TYPE_LABELS } from "#common/jobs/vocabulary";
import { linkToAppPath } from "#common/route-names";
import type { OfferSummary } from "#server/jobs";
import { relativeDate } from "./format";
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
  headingOrder?: TitleOrder;
  /** Extra content under the summary (a status, a remove button). */
  children?: ReactNode;
  showSnippet?: boolean;
};

export function OfferCard({ offer, now, headingOrder = 3, children, showSnippet = true }: Props) {
  const salary = salaryText(offer.salario);
  return (
    <Card withBorder padding="lg" radius="md" component="article" className={classes.card}>
      <Stack gap={6}>
        <Title order={headingOrder} size="h4" className={classes.title}>
          <Link to={offerLink(offer)} className={classes.link}>
            {offer.titulo}
          </Link>
        </Title>
        {/* Plain elements with the look of Mantine's <Text>: a listing renders 20 cards, and each
            <Text> resolved its style props on every server render (decision 0045). */}
        <p className={classes.company}>{offer.empresa.nombre}</p>
        <p className={classes.meta}>{locationText(offer)}</p>
        <Group gap="xs" mt={4}>
          <WorkModeBadge modalidad={offer.modalidad} />
          <p className={classes.meta}>{CONTRACT_TYPE_LABELS[offer.contrato]}</p>
          {salary ? <p className={classes.salary}>{salary}</p> : null}
        </Group>
        {showSnippet && offer.snippet ? <p className={`${classes.meta} ${classes.snippet}`}>{offer.snippet}</p> : null}
        <p className={classes.published}>
          Publicada <time dateTime={offer.publicadaEn}>{relativeDate(offer.publicadaEn, now)}</time>
        </p>
        {children}
      </Stack>
    </Card>
  );
}
