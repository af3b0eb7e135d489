import { Badge, CloseButton, Group, TextInput } from "@mantine/core";
import { TAG_NAME_MAX } from "@starboard/contract/reviews";
import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from "react";
import { useCreateReviewTag } from "../api/create-review-tag";
import { useDeleteReviewTag } from "../api/delete-review-tag";
import { useTags } from "../api/get-tags";

export type ReviewTagsProps = {
  reviewId: string;
  accountId: string;
  tags: { id: string; name: string }[];
  canAdd: boolean;
  canRemove: boolean;
  /** The tag input, for the `t` shortcut. */
  inputRef?: Ref<HTMLInputElement>;
  /** Escape in the empty input leaves it (back to the review). */
  onLeave?: () => void;
};

/** A review's tags: badges (removable with review_tag delete) and an input that adds one (review_tag create). */
export function ReviewTags({ reviewId, accountId, tags, canAdd, canRemove, inputRef, onLeave }: ReviewTagsProps) {
  const [name, setName] = useState("");
  const [focused, setFocused] = useState(false);
  const suggestions = useTags(canAdd && focused);
  const add = useCreateReviewTag();
  const remove = useDeleteReviewTag();
  const taken = new Set(tags.map((t) => t.name.toLowerCase()));
  const options = (suggestions.data ?? []).filter((t) => !taken.has(t.toLowerCase()));

  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || add.isPending) return;
    add.mutate({ review_id: reviewId, name: trimmed }, { onSuccess: () => setName("") });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && onLeave) {
      event.stopPropagation();
      setName("");
      onLeave();
    }
  };

  if (tags.length === 0 && !canAdd) return null;
  return (
    <Group gap={6} align="center" data-testid="review-tags">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          variant="light"
          color="gray"
          tt="none"
          rightSection={
            canRemove ? (
              <CloseButton
                size="xs"
                aria-label={`Remove tag ${tag.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ accountId, reviewId, name: tag.name })}
              />
            ) : undefined
          }
        >
          {tag.name}
        </Badge>
      ))}
      {canAdd && (
        <form onSubmit={submit} style={{ display: "contents" }}>
          <TextInput
            ref={inputRef}
            size="xs"
            w={180}
            placeholder="Add tag"
            aria-label="Add tag"
            maxLength={TAG_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onFocus={() => setFocused(true)}
            onKeyDown={onKeyDown}
            readOnly={add.isPending}
            list={listId}
            autoComplete="off"
            data-testid="tag-input"
          />
          <datalist id={listId}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </form>
      )}
    </Group>
  );
}
