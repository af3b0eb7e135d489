import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { NOTE_CONTENT_MAX } from "@starboard/contract/reviews";
import { type FormEvent, useState } from "react";
import { CharLimitTextarea } from "../../../components/common/char-limit-textarea";
import { QueryError } from "../../../components/shell/query-error";
import { useCreateNote } from "../api/create-note";
import { useNotes } from "../api/get-notes";
import { formatDateTime } from "./format";

/** Internal notes on a review: the list, newest first, and a box to add one (note create). */
export function ReviewNotes({ reviewId, canAdd, timeZone }: { reviewId: string; canAdd: boolean; timeZone: string }) {
  const notes = useNotes(reviewId);
  const create = useCreateNote();
  const [content, setContent] = useState("");
  const blank = content.trim() === "";
  const over = [...content].length > NOTE_CONTENT_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || over) return;
    create.mutate({ review_id: reviewId, content: content.trim() }, { onSuccess: () => setContent("") });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="review-notes-title">
      <Title order={2} size="h4" id="review-notes-title">
        Notes
      </Title>
      {canAdd && (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <CharLimitTextarea
              label="Add a note"
              value={content}
              onChange={setContent}
              limit={NOTE_CONTENT_MAX}
              autosize
              minRows={2}
              maxRows={8}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={blank || over} loading={create.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {notes.isError ? (
        <QueryError error={notes.error} title="Could not load notes" onRetry={() => void notes.refetch()} />
      ) : notes.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="review-notes">
          {(notes.data ?? []).map((note) => (
            <Paper key={note.id} withBorder p="sm">
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {note.content}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {[note.user_name, formatDateTime(note.created_at, timeZone)].filter(Boolean).join(" · ")}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
