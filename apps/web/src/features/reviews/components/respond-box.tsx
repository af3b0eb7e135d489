import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type TResponseTemplate, type TReview, ZResponseCreateSchema } from "@starboard/contract/reviews";
import { type KeyboardEvent, type Ref, useState } from "react";
import { charCount } from "../../../components/common/char-count";
import { CharLimitTextarea } from "../../../components/common/char-limit-textarea";
import { useCreateResponse } from "../api/create-response";
import { useResponseTemplates } from "../api/get-response-templates";
import { useRenderResponseTemplate } from "../api/render-response-template";
import { clearDraft, readDraft, saveDraft } from "./response-drafts";

/** Bound of a response when the source names no limit (the contract's request bound). */
export const RESPONSE_FALLBACK_LIMIT = 20_000;

/** Templates whose rating range holds the review's rating come first. */
export function orderTemplates(templates: TResponseTemplate[], rating: number | null): TResponseTemplate[] {
  const fits = (t: TResponseTemplate) =>
    rating !== null && (t.rating_min ?? 0) <= rating && rating <= (t.rating_max ?? 5) ? 0 : 1;
  return [...templates].sort((a, b) => fits(a) - fits(b) || a.name.localeCompare(b.name));
}

export type RespondBoxProps = {
  review: Pick<TReview, "id" | "rating" | "response_char_limit" | "source_name">;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Escape (the draft is kept), Cancel (a draft is discarded after a confirmation), or after publishing. */
  onClose: () => void;
};

/**
 * The respond box: a template picker, the source's character limit, Publish (pending, then published).
 * What is typed is kept per review (response-drafts.ts) until it is published or discarded.
 */
export function RespondBox({ review, textareaRef, onClose }: RespondBoxProps) {
  const [content, setContentState] = useState(() => readDraft(review.id));
  const setContent = (next: string) => {
    setContentState(next);
    saveDraft(review.id, next);
  };
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useResponseTemplates(true);
  const render = useRenderResponseTemplate();
  const create = useCreateResponse();
  const limit = review.response_char_limit ?? RESPONSE_FALLBACK_LIMIT;
  const over = charCount(content, limit).over;
  const blank = !ZResponseCreateSchema.shape.content.safeParse(content).success;

  const pickTemplate = (id: string | null) => {
    setTemplateId(id);
    if (!id) return;
    render.mutate({ templateId: id, reviewId: review.id }, { onSuccess: (rendered) => setContent(rendered.content) });
  };
  const publish = () => {
    if (blank || over || create.isPending) return;
    create.mutate(
      { review_id: review.id, content: content.trim() },
      {
        onSuccess: () => {
          clearDraft(review.id);
          onClose();
        },
      },
    );
  };
  const discard = () => {
    clearDraft(review.id);
    onClose();
  };
  /** Cancel: with text typed, ask first; Mantine's modal traps focus, Escape or "Keep editing" keeps the draft. */
  const cancel = () => {
    if (content.trim() === "") {
      discard();
      return;
    }
    modals.openConfirmModal({
      title: "Discard draft?",
      children: <Text size="sm">The response you started for this review will be lost.</Text>,
      labels: { confirm: "Discard draft", cancel: "Keep editing" },
      confirmProps: { color: "red" },
      onConfirm: discard,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      // Leaves the box; the draft stays (Cancel is the way to throw it away).
      event.stopPropagation();
      onClose();
    } else if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      publish();
    }
  };

  return (
    <Stack gap="xs" data-testid="respond-box">
      <Select
        size="xs"
        label="Template"
        placeholder={templates.isLoading ? "Loading templates…" : "Choose a template"}
        data={orderTemplates(templates.data ?? [], review.rating).map((t) => ({ value: t.id, label: t.name }))}
        value={templateId}
        onChange={pickTemplate}
        clearable
        searchable
        nothingFoundMessage="No templates"
        disabled={render.isPending}
        maw={320}
      />
      <CharLimitTextarea
        ref={textareaRef}
        label={`Response on ${review.source_name}`}
        value={content}
        onChange={setContent}
        limit={limit}
        autosize
        minRows={3}
        maxRows={12}
        onKeyDown={onKeyDown}
        data-testid="respond-textarea"
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={cancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={publish} disabled={blank || over} loading={create.isPending}>
          Publish
        </Button>
      </Group>
    </Stack>
  );
}
