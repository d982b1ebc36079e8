import { Button, Group } from "@mantine/core";
import { Link } from "react-router";

/**
 * The pager under a cursor-paginated list: back to the first page, and "load more", which appends
 * the next page through `onLoadMore` with JavaScript and opens it as a plain link without.
 */
export function LoadMorePager({
  firstPageHref,
  nextHref,
  loading,
  onLoadMore,
  label,
}: {
  firstPageHref: string | null;
  nextHref: string | null;
  loading: boolean;
  onLoadMore: (href: string) => void;
  label: string;
}) {
  return (
    <Group justify="center" gap="md">
      {firstPageHref ? (
        <Button component={Link} to={firstPageHref} variant="subtle">
          Volver a la primera página
        </Button>
      ) : null}
      {nextHref ? (
        <Button
          component={Link}
          to={nextHref}
          variant="default"
          loading={loading}
          onClick={(event) => {
            event.preventDefault();
            onLoadMore(nextHref);
          }}
        >
          {label}
        </Button>
      ) : null}
    </Group>
  );
}
