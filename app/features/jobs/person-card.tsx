import classes from "./person-card.module.css";

/** The card's classes, for the lines a page puts in it (plain elements, no per-render style props). */
export { classes as personCardClasses };

/**
 * A person in the employer's panel (an applicant, a searched profile): an article named by its
 * heading, the name with a few lines under it, what sits beside them on the right, then the body.
 * Plain elements with a CSS module: the panel repeats it 50 times a page (decision 0134).
 */
export function PersonCard({
  headingId,
  name,
  details,
  aside,
  gap,
  children,
}: {
  headingId: string;
  name: string;
  details: React.ReactNode;
  aside?: React.ReactNode;
  gap: "xs" | "sm";
  children: React.ReactNode;
}) {
  return (
    <article className={gap === "xs" ? `${classes.card} ${classes.gapXs}` : classes.card} aria-labelledby={headingId}>
      <div className={classes.head}>
        <div className={classes.who}>
          <h2 className={classes.title} id={headingId}>
            {name}
          </h2>
          {details}
        </div>
        {aside}
      </div>
      {children}
    </article>
  );
}

/** The unstyled list the panel's person cards stand in. */
export function PersonList({ children }: { children: React.ReactNode }) {
  return <ul className={classes.list}>{children}</ul>;
}
