import { CLIENT_CARD_PAGE_SIZES } from '@burgwall/shared';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GERMAN_PAGINATION_LABELS } from '../../components/list-table';

const PAGE_PARAM = 'seite';
const count = new Intl.NumberFormat('de-DE');

/**
 * The page of a long client list (thousands of cards, paged by the server): the page number lives in the URL
 * (`?seite=2`), so back, forward and reload keep it; a search that leaves fewer pages shows the last one that is left.
 * `total` is the number of matching clients the server reported, undefined until the first answer.
 */
export function useClientPage(total: number | undefined) {
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useState<number>(CLIENT_CARD_PAGE_SIZES[0]);
  const requested = Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1);
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // Before the first answer the requested page is all there is to load.
  const page = total === undefined ? requested : Math.min(requested, pageCount);
  const setPage = (next: number, replace = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set(PAGE_PARAM, String(next));
        else updated.delete(PAGE_PARAM);
        return updated;
      },
      { replace },
    );
  // Only once the count is there: before, every page number would look too large.
  useEffect(() => {
    if (total !== undefined && requested !== page) setPage(page, true);
    // setPage is a fresh function each render; the URL only follows the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [total, requested, page]);
  return {
    page,
    pageCount,
    pageSize,
    total: total ?? 0,
    offset: (page - 1) * pageSize,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

type ClientPage = ReturnType<typeof useClientPage>;

/** „1–24 von 1.000 Kunden“, the cards per page and the German page buttons. */
export function ClientPager({ paging }: { paging: ClientPage }) {
  const { page, pageCount, pageSize, total } = paging;
  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="lg" data-testid="client-pager">
      <Text size="sm" c="dimmed" data-testid="client-page-range">
        {count.format((page - 1) * pageSize + 1)}–{count.format(Math.min(total, page * pageSize))} von {count.format(total)} Kunden
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label="Kunden je Seite"
          size="xs"
          w={90}
          data={CLIENT_CARD_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => paging.setPageSize(Number(value))}
        />
        {pageCount > 1 && (
          <Pagination
            size="sm"
            siblings={1}
            boundaries={1}
            total={pageCount}
            value={page}
            onChange={(value) => {
              paging.setPage(value);
              window.scrollTo({ top: 0 });
            }}
            {...GERMAN_PAGINATION_LABELS}
          />
        )}
      </Group>
    </Group>
  );
}
