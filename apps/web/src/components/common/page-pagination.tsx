import "@mantine/core/styles/Pagination.css";
import { Group, Pagination } from "@mantine/core";
import { clampPage } from "./page-number.ts";

export type PagePaginationProps = {
  /** The page as read (from the URL); clamped between 1 and the page count. */
  page: unknown;
  pageCount: number;
  onChange: (page: number) => void;
};

/** Page numbers for a paged list; hidden when there is a single page. */
export function PagePagination({ page, pageCount, onChange }: PagePaginationProps) {
  const total = Math.max(1, Math.floor(pageCount) || 1);
  if (total <= 1) return null;
  return (
    <Group justify="center" py="sm">
      <Pagination
        total={total}
        value={clampPage(page, total)}
        onChange={(next) => onChange(clampPage(next, total))}
        getControlProps={(control) => ({ "aria-label": `${control} page` })}
      />
    </Group>
  );
}
