import { Checkbox, Group, Stack, Text } from "@mantine/core";
import { IconMessageCircleOff } from "@tabler/icons-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { pageParamFix, requestedPage } from "../../../components/common/page-number";
import { SearchInput } from "../../../components/common/search-input";
import { ExportMenu } from "../../../components/export/export-menu";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { useFilters } from "../../../lib/filters";
import { useSearchParams } from "../../../lib/search-params";
import { useSession, useSignedInSession } from "../../../lib/session";
import { useReviews } from "../api/get-reviews";
import { BulkBar, type TBulkSelection } from "../components/bulk-bar";
import { KeyboardHelp, KeyboardHelpButton } from "../components/keyboard-help";
import { ReviewListControls, sortOption } from "../components/list-controls";
import { reviewAbilities } from "../components/review-abilities";
import { ReviewCard, type TReviewCardHandle } from "../components/review-card";
import { ReviewListSkeleton } from "../components/review-list-skeleton";
import { ReviewPager } from "../components/review-pager";
import { cursorOf, reviewListQuery } from "../components/review-query";
import { useReviewKeyboard } from "../components/use-review-keyboard";

/**
 * /reviews (docs/product/reviews.md §2): the filtered list, newest first, thirty days by default, paged by the
 * before / after cursors kept in the query; each review with its response state and respond box.
 */
export default function ReviewsRoute() {
  const session = useSignedInSession();
  const { permissions } = useSession();
  const { filters, setFilters } = useFilters();
  const [params, setParams] = useSearchParams();
  const timeZone = session.account.time_zone;
  const keywords = params.get("search_terms") ?? "";
  const paging = { before: params.get("before"), after: params.get("after") };
  const query = reviewListQuery(filters, { timeZone, keywords, paging });
  // The sort, "Assigned to me" and the dashboard's `respondable` travel in the URL too (issue 11).
  const sort = sortOption(params.get("sort"));
  if (sort.value !== "newest") Object.assign(query, { "sort[by]": sort.by, "sort[order]": sort.order });
  const assignedTo = params.get("assigned_to");
  if (assignedTo) query.assigned_to = assignedTo;
  const respondable = params.get("respondable");
  if (respondable === "true" || respondable === "false") query.respondable = respondable;
  // `page` (without a cursor) asks for that page; once the page count is known the URL is clamped to it
  // (docs/product/platform.md §5), so ?page=999 lands on the last page.
  const page = requestedPage(params.get("page"));
  if (page > 1 && !query.after && !query.before) query.page = page;
  const reviews = useReviews(query);
  const totalPages = reviews.data && !reviews.isPlaceholderData ? reviews.data._total_pages : undefined;
  const rawPage = params.get("page");
  // The address this answer was asked for: once the user has changed it (a filter chosen while the list
  // was loading), the answer's page count no longer applies and the clamp leaves the address alone.
  const askedFor = params.toString();
  useEffect(() => {
    if (totalPages === undefined) return;
    const fix = pageParamFix(rawPage, totalPages);
    if (fix === undefined) return;
    setParams(
      (current) => {
        if (current.toString() !== askedFor) return current;
        if (fix === null) current.delete("page");
        else current.set("page", fix);
        return current;
      },
      { replace: true },
    );
  }, [askedFor, rawPage, totalPages, setParams]);
  const abilities = useMemo(() => reviewAbilities(permissions), [permissions]);
  /** Sets list keys the filter bar does not own (sort, assigned_to) and goes back to page 1. */
  const setListParam = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      for (const k of ["page", "before", "after"]) next.delete(k);
      return next;
    });
  const jumpTo = (n: number) => {
    current.current = -1;
    setParams((currentParams) => {
      const next = new URLSearchParams(currentParams);
      for (const k of ["before", "after"]) next.delete(k);
      if (n <= 1) next.delete("page");
      else next.set("page", String(n));
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const toggleHelp = useCallback(() => setHelpOpen((open) => !open), []);
  const cards = useRef<(TReviewCardHandle | null)[]>([]);
  const current = useRef(-1);
  const items = reviews.data?._embedded.reviews ?? [];
  useReviewKeyboard({ cards, count: items.length, current, onToggleHelp: toggleHelp });

  const goTo = (key: "before" | "after") => {
    const links = reviews.data?._links;
    const link = key === "after" ? links?.next?.href : links?.prev?.href;
    // Cursor pages link by cursor; a numbered page (?page=N) links by number, so go on from its own cursors.
    const cursor = link ? (cursorOf(link, key) ?? reviews.data?.cursors[key] ?? null) : null;
    if (!cursor) return;
    current.current = -1;
    setFilters(
      key === "after" ? { after: cursor, before: null, page: null } : { before: cursor, after: null, page: null },
    );
    window.scrollTo({ top: 0 });
  };

  const data = reviews.data;
  const selection: TBulkSelection = allMatching
    ? { kind: "all", total: data?._total ?? 0 }
    : { kind: "ids", ids: [...selected] };
  const allOnPage = allMatching || (items.length > 0 && items.every((r) => selected.has(r.id)));
  const filterQuery = Object.fromEntries(
    Object.entries(query)
      .filter(
        ([key, value]) =>
          !["page", "per_page", "before", "after", "sort[by]", "sort[order]"].includes(key) &&
          value !== undefined &&
          value !== null,
      )
      .map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]),
  );
  const toggle = (id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  return (
    <>
      <PageHeader
        title="Reviews"
        actions={<KeyboardHelpButton opened={helpOpen} onToggle={toggleHelp} controls={helpId} />}
      />
      <KeyboardHelp opened={helpOpen} id={helpId} />
      <Group justify="flex-end" mb="xs">
        <ExportMenu resource="reviews" filters={filterQuery} />
      </Group>
      <Group mb="sm">
        <ReviewListControls
          sort={sort.value}
          onSort={(value) => setListParam("sort", value === "newest" ? null : value)}
          assignedToMe={assignedTo === "me"}
          onAssignedToMe={(on) => setListParam("assigned_to", on ? "me" : null)}
          totalPages={data?._total_pages ?? 1}
          onJump={jumpTo}
        />
      </Group>
      {abilities.updateStatus && data && data._total > 0 && (
        <BulkBar
          selection={selection}
          filterQuery={filterQuery}
          pageCount={items.length}
          matching={data._total}
          allOnPage={allOnPage}
          onToggleAllOnPage={(on) => {
            setAllMatching(false);
            setSelected((prev) => {
              const next = new Set(prev);
              for (const r of items) {
                if (on) next.add(r.id);
                else next.delete(r.id);
              }
              return next;
            });
          }}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={() => {
            setAllMatching(false);
            setSelected(new Set());
          }}
          canAssign={abilities.assign}
        />
      )}
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="reviews-total">
          {data ? `${data._total.toLocaleString("en-US")} ${data._total === 1 ? "review" : "reviews"}` : "\u00a0"}
        </Text>
        <SearchInput
          value={keywords}
          onSearch={(terms) => setFilters({ search_terms: terms || null, before: null, after: null, page: null })}
          placeholder="Search reviews"
          w={280}
        />
      </Group>

      {reviews.isPending ? (
        <ReviewListSkeleton />
      ) : reviews.isError && !data ? (
        <QueryError error={reviews.error} title="Could not load reviews" onRetry={() => void reviews.refetch()} />
      ) : items.length === 0 ? (
        <EmptyStatePanel
          image={<IconMessageCircleOff size={48} color="var(--mantine-color-gray-6)" aria-hidden />}
          primary="No reviews match these filters"
          secondary="Try a longer date range or clear some filters."
        />
      ) : (
        <>
          {reviews.isError && (
            <QueryError
              error={reviews.error}
              title="Could not refresh reviews"
              onRetry={() => void reviews.refetch()}
            />
          )}
          <Stack
            gap="md"
            aria-busy={reviews.isFetching && reviews.isPlaceholderData}
            style={{ opacity: reviews.isPlaceholderData ? 0.6 : 1 }}
            data-testid="review-list"
            onFocus={(event) => {
              const card = (event.target as HTMLElement).closest<HTMLElement>("[data-testid=review-card]");
              if (card?.dataset.index) current.current = Number(card.dataset.index);
            }}
          >
            {items.map((review, i) => (
              <Group key={review.id} align="flex-start" wrap="nowrap" gap="xs">
                {abilities.updateStatus && (
                  <Checkbox
                    mt="md"
                    aria-label={`Select the review by ${review.author_name || "Anonymous"}`}
                    checked={allMatching || selected.has(review.id)}
                    onChange={(e) => toggle(review.id, e.currentTarget.checked)}
                    data-testid="select-review"
                  />
                )}
                <div style={{ flex: 1, minWidth: 0 }}>
                  <ReviewCard
                    review={review}
                    index={i}
                    abilities={abilities}
                    timeZone={timeZone}
                    detailLink={`/reviews/${review.id}`}
                    handleRef={(handle) => {
                      cards.current[i] = handle;
                    }}
                  />
                </div>
              </Group>
            ))}
          </Stack>
          <ReviewPager
            page={data?._page ?? 1}
            totalPages={data?._total_pages ?? 1}
            total={data?._total ?? 0}
            hasPrev={Boolean(data?._links.prev)}
            hasNext={Boolean(data?._links.next)}
            onPrev={() => goTo("before")}
            onNext={() => goTo("after")}
          />
        </>
      )}
    </>
  );
}
