import { Group } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PlainButton } from "./plain-button";
import { PlainLoadingButton } from "./plain-loading-button";

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A cursor-paginated list that grows: the loader's page first, then each page "load more" fetches
 * (through the same loader, `pageOf` picks it out of its data), without repeating an item. Key the
 * component that calls it by the search, so a new search starts again.
 */
export function useLoadMore<T extends { id: number }, Data>(first: Page<T>, pageOf: (data: Data) => Page<T> | undefined) {
  const fetcher = useFetcher<Data>();
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const pick = useRef(pageOf);
  pick.current = pageOf;

  useEffect(() => {
    // The fetcher loads the calling page's own loader, so its data is that page's loader data.
    const page = fetcher.data === undefined ? undefined : pick.current(fetcher.data as Data);
    if (!page) return;
    setMore((items) => [...items, ...page.items.filter((item) => !items.some((other) => other.id === item.id))]);
    setCursor(page.nextCursor);
  }, [fetcher.data]);

  return { items: [...first.items, ...more], cursor, loading: fetcher.state !== "idle", load: (href: string) => fetcher.load(href) };
}

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
        <PlainButton to={firstPageHref} variant="subtle">
          Volver a la primera página
        </PlainButton>
      ) : null}
      {nextHref ? (
        <PlainLoadingButton
          to={nextHref}
          variant="default"
          loading={loading}
          onClick={(event) => {
            event.preventDefault();
            onLoadMore(nextHref);
          }}
        >
          {label}
        </PlainLoadingButton>
      ) : null}
    </Group>
  );
}
