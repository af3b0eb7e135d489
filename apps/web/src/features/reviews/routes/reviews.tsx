import { Group, Stack, Text } from "@mantine/core";
import { IconMessageCircleOff } from "@tabler/icons-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { pageParamFix, requestedPage } from "../../../components/common/page-number";
import { SearchInput } from "../../../components/common/search-input";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { useFilters } from "../../../lib/filters";
import { useSession, useSignedInSession } from "../../../lib/session";
import { useReviews } from "../api/get-reviews";
import { KeyboardHelp, KeyboardHelpButton } from "../components/keyboard-help";
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
  // `page` (without a cursor) asks for that page; once the page count is known the URL is clamped to it
  // (docs/product/platform.md §5), so ?page=999 lands on the last page.
  const page = requestedPage(params.get("page"));
  if (page > 1 && !query.after && !query.before) query.page = page;
  const reviews = useReviews(query);
  const totalPages = reviews.data && !reviews.isPlaceholderData ? reviews.data._total_pages : undefined;
  const rawPage = params.get("page");
  useEffect(() => {
    if (totalPages === undefined) return;
    const fix = pageParamFix(rawPage, totalPages);
    if (fix === undefined) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (fix === null) next.delete("page");
        else next.set("page", fix);
        return next;
      },
      { replace: true },
    );
  }, [rawPage, totalPages, setParams]);
  const abilities = useMemo(() => reviewAbilities(permissions), [permissions]);

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
  return (
    <>
      <PageHeader
        title="Reviews"
        actions={<KeyboardHelpButton opened={helpOpen} onToggle={toggleHelp} controls={helpId} />}
      />
      <KeyboardHelp opened={helpOpen} id={helpId} />
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
              <ReviewCard
                key={review.id}
                review={review}
                index={i}
                abilities={abilities}
                timeZone={timeZone}
                detailLink={`/reviews/${review.id}`}
                handleRef={(handle) => {
                  cards.current[i] = handle;
                }}
              />
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
