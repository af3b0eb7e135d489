import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/SegmentedControl.css";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  MICROSURVEY_KIND_LABELS,
  MICROSURVEY_LIMITS,
  MICROSURVEY_MESSAGES,
  MICROSURVEY_QUESTION_KINDS,
  type TMicrosurvey,
  type TMicrosurveyQuestionKind,
} from "@starboard/contract/microsurveys";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../components/shell/query-error";
import { useAccountSetting } from "../../../lib/authorization";
import { apiFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useSaveMicrosurvey } from "../api/microsurveys";

type TDraftQuestion = {
  key: string;
  id?: string;
  kind: TMicrosurveyQuestionKind;
  text: string;
  choices: string;
  required: boolean;
};

let sequence = 0;
const newKey = () => `q-${++sequence}`;

function draftOf(survey: TMicrosurvey | null): { name: string; scale: "5" | "10"; questions: TDraftQuestion[] } {
  if (!survey)
    return {
      name: "",
      scale: "5",
      questions: [{ key: newKey(), kind: "star", text: "", choices: "", required: true }],
    };
  return {
    name: survey.name,
    scale: String(survey.normalize_star_rating) as "5" | "10",
    questions: survey.questions.map((q) => ({
      key: newKey(),
      id: q.id,
      kind: q.kind,
      text: q.text,
      choices: q.choices.join("\n"),
      required: q.required,
    })),
  };
}

/** Create or edit a microsurvey: its name, the star scale of its summaries and CSV, and its questions. */
export function MicrosurveyFormModal({
  survey,
  opened,
  onClose,
}: {
  survey: TMicrosurvey | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(survey));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveMicrosurvey();
  const npsOn = useAccountSetting("nps_score");
  const kinds = MICROSURVEY_QUESTION_KINDS.filter((k) => k !== "nps" || npsOn);

  const setQuestion = (i: number, change: Partial<TDraftQuestion>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, j) => (j === i ? { ...q, ...change } : q)) }));
  const move = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const questions = [...d.questions];
      const [q] = questions.splice(i, 1);
      questions.splice(i + by, 0, q!);
      return { ...d, questions };
    });

  const submit = () => {
    setErrors({});
    setFormError(null);
    save.mutate(
      {
        id: survey?.id ?? null,
        body: {
          name: draft.name,
          normalize_star_rating: draft.scale === "10" ? 10 : 5,
          questions: draft.questions.map((q) => ({
            ...(q.id ? { id: q.id } : {}),
            kind: q.kind,
            text: q.text,
            required: q.required,
            ...(q.kind === "choice"
              ? {
                  choices: q.choices
                    .split("\n")
                    .map((c) => c.trim())
                    .filter(Boolean),
                }
              : {}),
          })),
        },
      },
      {
        onSuccess: () => {
          toast({ level: "success", message: MICROSURVEY_MESSAGES.saved });
          onClose();
        },
        onError: (e) => {
          const fields = apiFieldErrors(e);
          setErrors(fields);
          if (Object.keys(fields).length === 0 || fields.questions) setFormError(fields.questions ?? errorMessage(e));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={survey ? "Edit microsurvey" : "New microsurvey"}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            maxLength={MICROSURVEY_LIMITS.nameMax}
            value={draft.name}
            error={errors.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="microsurvey-scale-label">
              Star scale of summaries and CSV
            </Text>
            <SegmentedControl
              aria-labelledby="microsurvey-scale-label"
              value={draft.scale}
              onChange={(v) => setDraft({ ...draft, scale: v as "5" | "10" })}
              data={[
                { value: "5", label: "1 to 5" },
                { value: "10", label: "1 to 10" },
              ]}
            />
          </Stack>
          <Stack gap="sm" role="list" aria-label="Questions">
            {draft.questions.map((q, i) => (
              <Paper key={q.key} withBorder p="sm" radius="sm" role="listitem">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-end" wrap="nowrap">
                    <NativeSelect
                      label={`Question ${i + 1} type`}
                      value={q.kind}
                      error={errors[`questions.${i}.kind`]}
                      onChange={(e) => setQuestion(i, { kind: e.currentTarget.value as TMicrosurveyQuestionKind })}
                      data={kinds.map((k) => ({ value: k, label: MICROSURVEY_KIND_LABELS[k] }))}
                    />
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move question ${i + 1} up`}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move question ${i + 1} down`}
                        disabled={i === draft.questions.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove question ${i + 1}`}
                        disabled={draft.questions.length === 1}
                        onClick={() => setDraft((d) => ({ ...d, questions: d.questions.filter((_, j) => j !== i) }))}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <TextInput
                    label={`Question ${i + 1} text`}
                    required
                    maxLength={MICROSURVEY_LIMITS.questionTextMax}
                    value={q.text}
                    error={errors[`questions.${i}.text`] ?? errors[`questions.${i}.id`]}
                    onChange={(e) => setQuestion(i, { text: e.currentTarget.value })}
                  />
                  {q.kind === "choice" && (
                    <Textarea
                      label={`Question ${i + 1} choices`}
                      description={`One per line, ${MICROSURVEY_LIMITS.choicesMin} to ${MICROSURVEY_LIMITS.choicesMax}`}
                      autosize
                      minRows={3}
                      value={q.choices}
                      error={errors[`questions.${i}.choices`]}
                      onChange={(e) => setQuestion(i, { choices: e.currentTarget.value })}
                    />
                  )}
                  <Checkbox
                    label="Required"
                    checked={q.required}
                    onChange={(e) => setQuestion(i, { required: e.currentTarget.checked })}
                  />
                </Stack>
              </Paper>
            ))}
          </Stack>
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={draft.questions.length >= MICROSURVEY_LIMITS.questionsMax}
              onClick={() =>
                setDraft((d) => ({
                  ...d,
                  questions: [...d.questions, { key: newKey(), kind: "text", text: "", choices: "", required: false }],
                }))
              }
            >
              Add question
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save microsurvey
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
