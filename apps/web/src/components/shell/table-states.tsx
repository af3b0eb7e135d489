import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Pagination.css";
import { Center, Pagination, Skeleton, Stack, Text } from "@mantine/core";
import { useSearchParams } from "../../lib/search-params";
import { clampPage, requestedPage } from "../common/page-number";

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

export function EmptyRows({ message }: { message: string }) {
  return (
    <Center py="xl">
      <Text c="gray.7" data-testid="empty-state">
        {message}
      </Text>
    </Center>
  );
}

export function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <Center mt="md">
      <Pagination
        value={clampPage(page, total)}
        total={total}
        onChange={onChange}
        getControlProps={(control) => ({ "aria-label": `${control} page` })}
        getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
      />
    </Center>
  );
}

/** A list's page kept in the URL's `page` key (1 when absent or unreadable); setting it keeps the other keys. */
export function useUrlPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = requestedPage(params.get("page"));
  const setPage = (next: number) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set("page", String(next));
      return out;
    });
  return [page, setPage];
}
