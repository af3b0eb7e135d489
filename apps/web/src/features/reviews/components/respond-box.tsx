import "@mantine/core/styles/Modal.css";
import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { templateFits } from "@starboard/contract/response-templates";
import { type TResponseTemplate, type TReview, ZResponseCreateSchema } from "@starboard/contract/reviews";
import { type KeyboardEvent, type Ref, useState } from "react";
import { charCount } from "../../../components/common/char-count";
import { CharLimitTextarea } from "../../../components/common/char-limit-textarea";
import { useCreateResponse } from "../api/create-response";
import { useResponseTemplates } from "../api/get-response-templates";
import { useSuggestedReply } from "../api/get-suggested-reply";
import { useRenderResponseTemplate } from "../api/render-response-template";
import { clearDraft, readDraft, saveDraft } from "./response-drafts";

/** Bound of a response when the source names no limit (the contract's request bound). */
export const RESPONSE_FALLBACK_LIMIT = 20_000;

/** The templates offered for the review: those whose rating range and sources hold it, by name. */
export function orderTemplates(
  templates: TResponseTemplate[],
  review: { rating: number | null; source_id: string },
): TResponseTemplate[] {
  return templates
    .filter((t) => templateFits({ ...t, source_ids: t.source_ids ?? [] }, review))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type RespondBoxProps = {
  review: Pick<TReview, "id" | "rating" | "response_char_limit" | "source_name" | "source_id">;
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
  const suggest = useSuggestedReply();
  const [suggestedFrom, setSuggestedFrom] = useState<string | null>(null);
  const create = useCreateResponse();
  const limit = review.response_char_limit ?? RESPONSE_FALLBACK_LIMIT;
  const over = charCount(content, limit).over;
  const blank = !ZResponseCreateSchema.shape.content.safeParse(content).success;

  const pickTemplate = (id: string | null) => {
    setTemplateId(id);
    if (!id) return;
    render.mutate({ templateId: id, reviewId: review.id }, { onSuccess: (rendered) => setContent(rendered.content) });
  };
  /** Fills the box with a draft from the review's mentions; it stays editable and is never sent by itself. */
  const suggestReply = () =>
    suggest.mutate(review.id, {
      onSuccess: (reply) => {
        setContent(reply.content);
        const about = reply.mentions.slice(0, 4).map((m) => m.keyword);
        setSuggestedFrom(
          `Suggested from ${about.length ? `what the review mentions (${about.join(", ")})` : "the rating and location"}${reply.template_name ? ` on the template "${reply.template_name}"` : ""}. Edit it before you publish.`,
        );
      },
    });
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
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          label="Template"
          placeholder={templates.isLoading ? "Loading templates…" : "Choose a template"}
          data={orderTemplates(templates.data ?? [], review).map((t) => ({ value: t.id, label: t.name }))}
          value={templateId}
          onChange={pickTemplate}
          clearable
          searchable
          nothingFoundMessage="No templates"
          disabled={render.isPending}
          maw={320}
        />
        <Button size="xs" variant="light" onClick={suggestReply} loading={suggest.isPending}>
          Suggest a reply
        </Button>
      </Group>
      {suggestedFrom && (
        <Text size="xs" c="dimmed" data-testid="suggested-note">
          {suggestedFrom}
        </Text>
      )}
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
