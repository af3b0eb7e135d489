import "@mantine/core/styles/SegmentedControl.css";
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  MICROSURVEY_KIND_LABELS,
  MICROSURVEY_MESSAGES,
  type TMicrosurveyQuestionSummary,
} from "@starboard/contract/microsurveys";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { QueryError } from "../../../components/shell/query-error";
import { Pager } from "../../../components/shell/table-states";
import { useAccountSetting } from "../../../lib/authorization";
import { useSearchParams } from "../../../lib/search-params";
import { useMicrosurveySummary } from "../api/microsurveys";
import { AskDateRange, useAskDateQuery } from "../components/microsurveys-date";
import { MicrosurveyExportMenu } from "../components/microsurveys-export";

const fmt = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined ? "–" : n.toLocaleString("en-US", { maximumFractionDigits: digits });

/**
 * /request-reviews/microsurveys/{resource_id}/summaries: each question's results over the date range, the NPS, and
 * the star average on 1 to 5 or 1 to 10; the export menu (Schedule Export, Download CSV with the scale modal, Print).
 */
export default function MicrosurveySummaryRoute() {
  const { resourceId = "" } = useParams();
  const enabled = useAccountSetting("microsurveys");
  const [params, setParams] = useSearchParams();
  const scaleParam = params.get("normalize_star_rating");
  const dateQuery = useAskDateQuery();
  const [textPage, setTextPage] = useState(1);
  const summary = useMicrosurveySummary(resourceId, {
    ...dateQuery,
    ...(scaleParam === "5" || scaleParam === "10" ? { normalize_star_rating: scaleParam } : {}),
    text_page: textPage,
    text_per_page: 10,
  });
  const data = summary.data;
  const setScale = (value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("normalize_star_rating", value);
      return next;
    });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/request-reviews/microsurveys" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Back to Microsurveys
        </Group>
      </Anchor>
      {!enabled ? (
        <Alert color="gray" title={MICROSURVEY_MESSAGES.off}>
          Ask your account administrator to turn on microsurveys.
        </Alert>
      ) : summary.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading">
          <Skeleton height={32} width="40%" />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : summary.isError ? (
        <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : data ? (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3">
              {data.microsurvey.name}
            </Title>
            <MicrosurveyExportMenu
              surveyId={data.microsurvey.id}
              defaultScale={data.microsurvey.normalize_star_rating}
              pageScale={data.scale}
              dateQuery={dateQuery}
            />
          </Group>
          <Group align="flex-end" gap="lg" data-print-hide>
            <AskDateRange />
            {data.microsurvey.isStarRatingQuestion && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="summary-scale-label">
                  Star scale
                </Text>
                <SegmentedControl
                  aria-labelledby="summary-scale-label"
                  value={String(data.scale)}
                  onChange={setScale}
                  data={[
                    { value: "5", label: "1 to 5" },
                    { value: "10", label: "1 to 10" },
                  ]}
                />
              </Stack>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stat label="Responses" value={fmt(data.response_count, 0)} testId="summary-responses" />
            {data.microsurvey.isStarRatingQuestion && (
              <Stat
                label={`Star average (1 to ${data.scale})`}
                value={fmt(data.star_average)}
                testId="summary-star-average"
              />
            )}
            {data.nps !== null && <Stat label="NPS" value={fmt(data.nps, 0)} testId="summary-nps" />}
          </SimpleGrid>
          {data.response_count === 0 ? (
            <Text c="gray.7" data-testid="empty-state">
              {MICROSURVEY_MESSAGES.noResponses}
            </Text>
          ) : (
            data.questions.map((q) => (
              <QuestionCard key={q.id} question={q} scale={data.scale} onTextPage={setTextPage} />
            ))
          )}
        </>
      ) : null}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Bars({ rows, label }: { rows: { label: string; count: number; percent: number }[]; label: string }) {
  return (
    <Stack gap={6} role="list" aria-label={label}>
      {rows.map((r) => (
        <Group key={r.label} gap="sm" wrap="nowrap" role="listitem">
          <Text size="sm" w={120} style={{ flexShrink: 0 }}>
            {r.label}
          </Text>
          <Progress value={r.percent} style={{ flex: 1 }} aria-hidden />
          <Text size="sm" w={90} ta="right">
            {`${r.count} (${fmt(r.percent, 1)}%)`}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function QuestionCard({
  question: q,
  scale,
  onTextPage,
}: {
  question: TMicrosurveyQuestionSummary;
  scale: 5 | 10;
  onTextPage: (page: number) => void;
}) {
  const share = (count: number) => (q.answered ? Math.round((1000 * count) / q.answered) / 10 : 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`question-${q.id}`}>
      <Group justify="space-between" mb="sm" align="flex-start">
        <Title order={3} size="h5" id={`question-${q.id}`}>
          {`${q.position}. ${q.text}`}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{MICROSURVEY_KIND_LABELS[q.kind]}</Badge>
          <Text size="sm" c="dimmed">{`${q.answered} answered`}</Text>
        </Group>
      </Group>
      {q.kind === "star" && (
        <Stack gap="xs">
          <Text size="sm">{`Average: ${fmt(q.average)} out of ${scale}`}</Text>
          <Bars
            label="Answers by stars"
            rows={[...(q.distribution ?? [])].reverse().map((d) => ({
              label: `${d.value} star${d.value === 1 ? "" : "s"}`,
              count: d.count,
              percent: share(d.count),
            }))}
          />
        </Stack>
      )}
      {q.kind === "nps" &&
        (q.nps ? (
          <Stack gap="xs">
            <Text size="sm">
              {`NPS ${fmt(q.nps.score, 0)}: ${q.nps.promoters} promoters, ${q.nps.passives} passives, ${q.nps.detractors} detractors`}
            </Text>
            <Bars
              label="Answers by score"
              rows={[...(q.distribution ?? [])].reverse().map((d) => ({
                label: String(d.value),
                count: d.count,
                percent: share(d.count),
              }))}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {MICROSURVEY_MESSAGES.npsOff}
          </Text>
        ))}
      {q.kind === "choice" && (
        <Bars
          label="Answers by choice"
          rows={(q.choices ?? []).map((c) => ({ label: c.choice, count: c.count, percent: c.percent }))}
        />
      )}
      {q.kind === "text" && q.answers && (
        <Stack gap="xs">
          {q.answers.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No written answers
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Written answers">
              {q.answers.items.map((a) => (
                <Paper key={a.response_id} bg="gray.0" p="xs" radius="sm" role="listitem">
                  <Text size="sm">{a.text}</Text>
                  <Text size="xs" c="gray.7">
                    {`${new Date(a.created_at).toLocaleDateString("en-US")}${a.location ? ` · ${a.location}` : ""}`}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
          <Pager page={q.answers.page} total={q.answers.total_pages} onChange={onTextPage} />
        </Stack>
      )}
    </Paper>
  );
}
