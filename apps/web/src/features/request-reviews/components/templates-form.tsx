import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { REQUEST_TEMPLATE_LIMITS as L, REQUEST_TEMPLATE_TAGS } from "@starboard/contract/request-template-render";
import { FEEDBACK_SELECTOR_TYPES, type TFeedbackSelectorType } from "@starboard/contract/requests";
import { useMemo, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useSignedInSession } from "../../../lib/session";
import { toastSuccess } from "../../../lib/toast";
import { type TRequestTemplate, useSaveTemplate } from "../api/campaigns";
import { HeaderImageField } from "./templates-header-image";
import { MessagePreview } from "./templates-preview";

export const FEEDBACK_TYPE_LABELS: Record<TFeedbackSelectorType, string> = {
  nps: "NPS (0-10)",
  stars: "Stars",
  smiley: "Smiley faces",
  thumbs: "Thumbs",
  microsurvey: "Microsurvey",
};
export const FEEDBACK_TYPE_OPTIONS = FEEDBACK_SELECTOR_TYPES.map((v) => ({ value: v, label: FEEDBACK_TYPE_LABELS[v] }));

const DEFAULT_CONTENT = {
  email: "Hi {customer_first_name},\n\nThank you for choosing {business_name}. How did we do?\n\n{feedback}",
  sms: "Hi {customer_first_name}, thanks for visiting {business_name}! How did we do? {review_link}",
};

type Draft = {
  name: string;
  request_type: "email" | "sms";
  subject: string;
  header_text: string;
  content: string;
  feedback_type: TFeedbackSelectorType;
  header_image: string | null;
  use_header_image: boolean;
};

function draftOf(t?: TRequestTemplate): Draft {
  return {
    name: t?.name ?? "",
    request_type: t?.request_type ?? "email",
    subject: t?.subject ?? "How was your visit, {customer_first_name}?",
    header_text: t?.header_text ?? "",
    content: t?.content ?? DEFAULT_CONTENT.email,
    feedback_type: t?.feedback_type ?? "nps",
    header_image: t?.header_image ?? null,
    use_header_image: t?.use_header_image ?? false,
  };
}

/** Creates or edits a template, with the placeholders to insert and a live preview (SMS with its segment count). */
export function TemplateForm({
  template,
  canEdit,
  onDone,
}: {
  template?: TRequestTemplate;
  canEdit: boolean;
  onDone: (saved?: TRequestTemplate) => void;
}) {
  const session = useSignedInSession();
  const [d, setD] = useState<Draft>(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const resourceId = useMemo(() => template?.id ?? crypto.randomUUID(), [template?.id]);
  const save = useSaveTemplate();
  const set = (patch: Partial<Draft>) => setD((prev) => ({ ...prev, ...patch }));
  const sms = d.request_type === "sms";
  const limit = sms ? L.sms_content : L.email_content;

  function insertTag(key: string) {
    const el = contentRef.current;
    const tag = `{${key}}`;
    const start = el?.selectionStart ?? d.content.length;
    const end = el?.selectionEnd ?? d.content.length;
    set({ content: d.content.slice(0, start) + tag + d.content.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        id: template?.id,
        body: {
          name: d.name,
          request_type: d.request_type,
          content: d.content,
          feedback_type: d.feedback_type,
          ...(sms
            ? {}
            : {
                subject: d.subject || null,
                header_text: d.header_text || null,
                header_image: d.header_image,
                use_header_image: d.use_header_image,
              }),
        },
      });
      toastSuccess(template ? "Template saved" : "Template created");
      onDone(saved);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      else setFormError(err instanceof Error ? err.message : "An unexpected error occured");
    }
  }

  const tags = REQUEST_TEMPLATE_TAGS.filter((t) => !(sms && t.key === "unsubscribe_link"));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <form onSubmit={submit} noValidate aria-label={template ? "Edit template" : "New template"}>
          <Stack gap="sm">
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label="Name"
              required
              value={d.name}
              maxLength={L.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
              disabled={!canEdit}
            />
            <div>
              <Text size="sm" fw={500} id="template-type-label" mb={4}>
                Type
              </Text>
              <SegmentedControl
                aria-labelledby="template-type-label"
                value={d.request_type}
                disabled={!canEdit || Boolean(template)}
                onChange={(v) => {
                  const type = v as "email" | "sms";
                  set({
                    request_type: type,
                    content: d.content === DEFAULT_CONTENT[d.request_type] ? DEFAULT_CONTENT[type] : d.content,
                  });
                }}
                data={[
                  { value: "email", label: "E-mail" },
                  { value: "sms", label: "SMS" },
                ]}
              />
              {errors.request_type && (
                <Text size="xs" c="red.8">
                  {errors.request_type}
                </Text>
              )}
            </div>
            {!sms && (
              <>
                <TextInput
                  label="Subject"
                  value={d.subject}
                  onChange={(e) => set({ subject: e.currentTarget.value })}
                  error={errors.subject}
                  disabled={!canEdit}
                  description={`At most ${L.subject} characters`}
                />
                <TextInput
                  label="Header text"
                  value={d.header_text}
                  onChange={(e) => set({ header_text: e.currentTarget.value })}
                  error={errors.header_text}
                  disabled={!canEdit}
                />
                <HeaderImageField
                  resourceId={resourceId}
                  value={d.header_image}
                  use={d.use_header_image}
                  disabled={!canEdit}
                  onChange={(next) => set(next)}
                />
              </>
            )}
            <Select
              label="Feedback type"
              data={FEEDBACK_TYPE_OPTIONS}
              value={d.feedback_type}
              onChange={(v) => v && set({ feedback_type: v as TFeedbackSelectorType })}
              allowDeselect={false}
              disabled={!canEdit}
            />
            <Textarea
              ref={contentRef}
              label="Content"
              required
              autosize
              minRows={6}
              value={d.content}
              onChange={(e) => set({ content: e.currentTarget.value })}
              error={errors.content}
              disabled={!canEdit}
              description={`At most ${limit} characters. ${[...d.content].length} used.`}
            />
            {canEdit && (
              <Group gap={6} aria-label="Insert a placeholder" role="group">
                {tags.map((t) => (
                  <Button key={t.key} size="compact-xs" variant="light" onClick={() => insertTag(t.key)}>
                    {t.label}
                  </Button>
                ))}
              </Group>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => onDone()}>
                {canEdit ? "Cancel" : "Back"}
              </Button>
              {canEdit && (
                <Button type="submit" loading={save.isPending}>
                  {template ? "Save template" : "Create template"}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md" radius="md">
          <MessagePreview
            template={{
              request_type: d.request_type,
              subject: d.subject,
              content: d.content,
              header_text: d.header_text,
              header_image: d.header_image,
              use_header_image: d.use_header_image,
              feedback_type: d.feedback_type,
            }}
            businessName={session.account.name}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
