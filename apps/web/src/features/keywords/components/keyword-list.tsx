import "@mantine/core/styles/Table.css";
import { Anchor, Box, Group, Table, Text } from "@mantine/core";
import type { TKeyword } from "@starboard/contract/insights";
import { reviewCategoryLabel } from "@starboard/contract/review-filter";
import { Link } from "react-router";
import type { TSortDirection } from "../../../components/common/sort-cycle";
import { SortHeader } from "../../../components/common/sort-header";

/** The list columns that sort, and the keyword sort each asks for. */
export const COLUMN_SORTS = {
  mentions: "highest_volume",
  positive: "positive_ratio",
  negative: "negative_ratio",
} as const;
export type TKeywordColumn = keyof typeof COLUMN_SORTS;

/** One bar: its share of the page's largest count, its count in words beside it. */
function Bar({ value, max, color, label }: { value: number; max: number; color: string; label: string }) {
  const width = max > 0 ? Math.max(value > 0 ? 4 : 0, Math.round((value / max) * 100)) : 0;
  return (
    <Group gap="xs" wrap="nowrap">
      <Box
        w={120}
        h={10}
        bg="gray.1"
        style={{ borderRadius: 4, overflow: "hidden", flexShrink: 0 }}
        aria-hidden
        data-testid={`bar-${label}`}
      >
        <Box h="100%" w={`${width}%`} bg={color} />
      </Box>
      <Text size="sm" miw={32}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The keyword list (docs/product/reviews.md §2): each keyword links to its page with the current filters
 * (sentiment included); positive and negative mentions as bars, each count linking to the keyword's
 * page with that sentiment.
 */
export function KeywordList({
  keywords,
  linkTo,
  sortDirection,
  onSort,
}: {
  keywords: TKeyword[];
  linkTo: (keyword: string, sentiment?: "positive" | "negative") => string;
  sortDirection: (column: TKeywordColumn) => TSortDirection;
  onSort: (column: TKeywordColumn, direction: TSortDirection) => void;
}) {
  const max = Math.max(0, ...keywords.flatMap((k) => [k.positive_mentions, k.negative_mentions]));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="keyword-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keyword</Table.Th>
            <Table.Th>Category</Table.Th>
            <SortHeader direction={sortDirection("mentions")} onChange={(d) => onSort("mentions", d)}>
              Mentions
            </SortHeader>
            <SortHeader direction={sortDirection("positive")} onChange={(d) => onSort("positive", d)}>
              Positive
            </SortHeader>
            <SortHeader direction={sortDirection("negative")} onChange={(d) => onSort("negative", d)}>
              Negative
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keywords.map((k) => (
            <Table.Tr key={k.short} data-testid="keyword-row">
              <Table.Td>
                <Anchor component={Link} to={linkTo(k.short)} fw={600}>
                  {k.short}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {k.category ? reviewCategoryLabel(k.category) : "–"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{k.positive_mentions + k.negative_mentions}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={linkTo(k.short, "positive")}
                  underline="never"
                  aria-label={`${k.short}: ${k.positive_mentions} positive mentions`}
                >
                  <Bar value={k.positive_mentions} max={max} color="teal.7" label="positive" />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={linkTo(k.short, "negative")}
                  underline="never"
                  aria-label={`${k.short}: ${k.negative_mentions} negative mentions`}
                >
                  <Bar value={k.negative_mentions} max={max} color="red.7" label="negative" />
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
