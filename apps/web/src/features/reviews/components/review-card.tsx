import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Spoiler.css";
import { Anchor, Badge, Button, Group, Image, Paper, Spoiler, Stack, Text, Title } from "@mantine/core";
import type { TReview } from "@starboard/contract/reviews";
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { reviewTagsShown } from "../../../lib/feature-flags";
import { useFeatureFlags } from "../../../lib/feature-flags-context";
import { FOCUS_RING } from "./focus-ring";
import { formatDate, placeOf } from "./format";
import { listReturnState } from "./list-return";
import { RespondBox } from "./respond-box";
import { hasDraft } from "./response-drafts";
import { ResponseState } from "./response-state";
import classes from "./review-card.module.css";
import { ReviewImages } from "./review-images";
import { ReviewStars } from "./review-stars";
import { ReviewTags } from "./review-tags";

/** What a review card lets the user do (from the session's permission summary). */
export type TReviewAbilities = {
  respond: boolean;
  addTag: boolean;
  removeTag: boolean;
  deleteResponse: boolean;
};

/** What the list's keyboard path asks of a card. */
export type TReviewCardHandle = {
  focus: () => void;
  openRespond: () => boolean;
  focusTagInput: () => boolean;
};

export type ReviewCardProps = {
  review: TReview;
  abilities: TReviewAbilities;
  timeZone: string;
  /** The list links each card's title to its detail page; the detail page does not. */
  detailLink?: string;
  handleRef?: Ref<TReviewCardHandle>;
  /** Position in the list, for the keyboard path. */
  index?: number;
  onFocusCard?: () => void;
  /** Extra content under the response (the detail page's response list replaces the summary). */
  responseSlot?: ReactNode;
};

/**
 * One review: source logo, stars, author, date, location, status label, title and text, photos
 * (opening the lightbox), tags, the response and its state, and the respond box.
 */
export function ReviewCard({
  review,
  abilities,
  timeZone,
  detailLink,
  handleRef,
  index,
  onFocusCard,
  responseSlot,
}: ReviewCardProps) {
  // The list's whole query (filters, page, cursor) goes with the links, for the way back.
  const backState = listReturnState(useLocation().search);
  // The list links to the detail; the detail page does not (docs/product/reviews.md §6 flags).
  const showTags = reviewTagsShown(useFeatureFlags(), detailLink ? "index" : "detail");
  const cardRef = useRef<HTMLElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const tagInputRef = useRef<HTMLInputElement>(null);
  const [responding, setResponding] = useState(false);
  const author = review.author_name || "Anonymous";
  const canRespondHere = abilities.respond && review.respondable && !review.response;

  const openRespond = () => {
    if (!canRespondHere) return false;
    setResponding(true);
    // The box renders on the next frame.
    requestAnimationFrame(() => textareaRef.current?.focus());
    return true;
  };
  const backToCard = () => cardRef.current?.focus();

  useImperativeHandle(handleRef, () => ({
    focus: () => {
      cardRef.current?.focus();
      cardRef.current?.scrollIntoView({ block: "nearest" });
    },
    openRespond,
    focusTagInput: () => {
      if (!tagInputRef.current) return false;
      tagInputRef.current.focus();
      return true;
    },
  }));

  const onCardKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && event.target !== cardRef.current) {
      event.preventDefault();
      backToCard();
    }
  };

  const title = review.title ? (
    <Title order={3} size="h5">
      {detailLink ? (
        <Anchor component={Link} to={detailLink} state={backState} inherit>
          {review.title}
        </Anchor>
      ) : (
        review.title
      )}
    </Title>
  ) : null;

  return (
    <Paper
      ref={cardRef}
      component="article"
      withBorder
      p="md"
      tabIndex={-1}
      aria-label={`Review by ${author}${review.rating ? `, ${review.rating} stars` : ""}, ${review.source_name}`}
      aria-keyshortcuts={detailLink ? "j k r t Escape" : undefined}
      data-testid="review-card"
      data-review-id={review.id}
      data-index={index}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusCard?.();
      }}
      onKeyDown={onCardKeyDown}
      className={classes.card}
      style={
        {
          "--review-focus-color": FOCUS_RING.color,
          "--review-focus-width": `${FOCUS_RING.width}px`,
        } as CSSProperties
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {review.source.logo_url ? (
              <Image src={review.source.logo_url} alt={review.source_name} w={32} h={32} radius="sm" />
            ) : (
              <Badge variant="outline">{review.source_name}</Badge>
            )}
            <Stack gap={2}>
              <Group gap="xs">
                <ReviewStars rating={review.rating} recommendation={review.recommendation} />
                <Text size="sm" fw={600}>
                  {author}
                </Text>
                {review.source.sandbox && (
                  <Badge
                    size="xs"
                    variant="light"
                    color="grape"
                    tt="none"
                    title={`${review.source_name} here is Starboard's demo sandbox, not the real ${review.source_name}.`}
                    data-testid="demo-connection"
                  >
                    Demo connection
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {[formatDate(review.published_at, timeZone), review.location.name, placeOf(review.location)]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {review.assigned_user && (
              <Badge variant="light" color="indigo.9" tt="none" data-testid="assignee-badge">
                {`Assigned to ${review.assigned_user.name}`}
              </Badge>
            )}
            {review.url && (
              <Anchor
                href={review.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                data-testid="review-permalink"
                aria-label={`View on ${review.source_name}: the review by ${author} (opens in a new tab)`}
              >
                {`View on ${review.source_name}`}
              </Anchor>
            )}
            {review.status_label && (
              <Badge variant="dot" color={review.status_label.color ?? "gray"} tt="none" data-testid="status-badge">
                {review.status_label.name}
              </Badge>
            )}
            {detailLink && (
              <Anchor
                component={Link}
                to={detailLink}
                state={backState}
                size="sm"
                aria-label={`Details of the review by ${author}`}
              >
                Details
              </Anchor>
            )}
          </Group>
        </Group>

        {title}
        {review.content ? (
          <Spoiler maxHeight={detailLink ? 120 : 10_000} showLabel="Show more" hideLabel="Show less">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {review.content}
            </Text>
          </Spoiler>
        ) : (
          <Text size="sm" c="dimmed">
            No text
          </Text>
        )}
        <ReviewImages images={review.images} author={author} />

        {showTags && (
          <ReviewTags
            reviewId={review.id}
            accountId={review.account_id}
            tags={review.tags}
            canAdd={abilities.addTag}
            canRemove={abilities.removeTag}
            inputRef={tagInputRef}
            onLeave={backToCard}
          />
        )}

        {responseSlot ??
          (review.response && (
            <ResponseState
              reviewId={review.id}
              response={review.response}
              timeZone={timeZone}
              canDelete={abilities.deleteResponse}
              canRetry={abilities.respond}
            />
          ))}

        {abilities.respond && !review.respondable && !review.response && (
          <Text size="xs" c="dimmed" data-testid="not-respondable">
            Responding to {review.source_name} reviews is not available in Starboard for this location.
          </Text>
        )}

        {canRespondHere &&
          (responding ? (
            <RespondBox
              review={review}
              textareaRef={textareaRef}
              onClose={() => {
                setResponding(false);
                backToCard();
              }}
            />
          ) : (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={openRespond} aria-keyshortcuts="r">
                Respond
              </Button>
              {hasDraft(review.id) && (
                <Badge variant="light" color="gray" data-testid="draft-badge">
                  Draft saved
                </Badge>
              )}
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
