import { Link } from "react-router";
import { linkToAppPath } from "#common/route-names";
import type { NoticiaSummary } from "#server/news";
import { formatNewsDate } from "./format";
import classes from "./news-card.module.css";

/** Router path (for <Link>) of an item's /app address. */
export const toLink = linkToAppPath;

type Props = {
  item: NoticiaSummary;
  /** "lead": big image and lead (main story); "card": grid card; "row": image beside the text. */
  variant?: "lead" | "card" | "row";
  headingLevel?: 2 | 3;
  /** The first image of a page loads at once; the rest lazily. */
  eager?: boolean;
};

export function NewsCard({ item, variant = "card", headingLevel = 3, eager = false }: Props) {
  const image = item.imagen ? (
    <Link to={toLink(item.url)} tabIndex={-1} aria-hidden="true">
      <img
        className={classes.image}
        src={variant === "lead" ? item.imagen.url : item.imagen.thumb_url}
        alt=""
        width={variant === "lead" ? 960 : 480}
        height={variant === "lead" ? 540 : 270}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        {...(eager ? { fetchPriority: "high" as const } : {})}
      />
    </Link>
  ) : null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Plain elements with the look of Mantine's Stack, Group, Anchor, Badge, Title and Text: the
  // news index renders 40 cards, eight Mantine components each (decision 0049).
  const text = (
    <div className={classes.text}>
      <div className={classes.labels}>
        <Link to={toLink(item.area.url)} className={classes.area}>
          {item.area.nombre}
        </Link>
        <span className={classes.category}>{item.categoria.nombre}</span>
      </div>
      <Heading className={variant === "lead" ? classes.headingLead : classes.heading}>
        <Link to={toLink(item.url)} className={classes.title}>
          {item.titulo}
        </Link>
      </Heading>
      {variant !== "card" || item.entradilla.length < 180 ? (
        <p className={variant === "lead" ? classes.leadText : classes.summary}>{item.entradilla}</p>
      ) : null}
      <p className={classes.meta}>
        <time dateTime={item.publicada_en}>{formatNewsDate(item.publicada_en)}</time>
        {item.autor ? ` · ${item.autor.nombre}` : ""}
      </p>
    </div>
  );
  if (variant === "lead") {
    return (
      <article className={classes.lead}>
        {image}
        {text}
      </article>
    );
  }
  if (variant === "row") {
    return (
      <article className={classes.row}>
        {image ?? <span />}
        {text}
      </article>
    );
  }
  return (
    <article className={classes.card}>
      {image}
      {text}
    </article>
  );
}
