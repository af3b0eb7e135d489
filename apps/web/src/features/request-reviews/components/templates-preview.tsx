import { Badge, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import {
  REQUEST_TEMPLATE_SAMPLES,
  renderRequestMessage,
  scoreLink,
  type TRenderableTemplate,
} from "@starboard/contract/request-template-render";
import { useMemo } from "react";

const SAMPLE_LINK = "https://example.test/r/sample";

/**
 * The message as it will be sent, rendered in the browser by the same renderer the server sends with
 * (a sample customer; the business name is the account's).
 */
export function MessagePreview({
  template,
  businessName,
  locationName,
  feedbackType,
}: {
  template: TRenderableTemplate;
  businessName: string;
  locationName?: string | null;
  feedbackType?: unknown;
}) {
  const out = useMemo(
    () =>
      renderRequestMessage(
        template,
        {
          ...REQUEST_TEMPLATE_SAMPLES,
          business_name: businessName || REQUEST_TEMPLATE_SAMPLES.business_name,
          location_name: locationName ?? REQUEST_TEMPLATE_SAMPLES.location_name,
        },
        {
          link: (score) => (score === undefined ? SAMPLE_LINK : scoreLink(SAMPLE_LINK, score)),
          unsubscribe: "https://example.test/unsubscribe/requests/sample",
          feedbackType,
        },
      ),
    [template, businessName, locationName, feedbackType],
  );
  return (
    <Stack gap="xs" aria-label="Preview" role="region">
      <Title order={3} size="h5">
        Preview
      </Title>
      {out.channel === "sms" ? (
        <>
          <Paper withBorder p="sm" radius="lg" bg="gray.0" maw={360}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-testid="sms-preview">
              {out.text}
            </Text>
          </Paper>
          <Group gap="xs" data-testid="sms-segments">
            <Badge variant="light">
              {out.sms?.segments ?? 0} {out.sms?.segments === 1 ? "segment" : "segments"}
            </Badge>
            <Text size="xs" c="gray.7">
              {out.sms?.length ?? 0} characters, {out.sms?.encoding}
            </Text>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">
            <Text span fw={600}>
              Subject:
            </Text>{" "}
            <span data-testid="email-subject">{out.subject}</span>
          </Text>
          <Box
            component="iframe"
            title="E-mail preview"
            sandbox=""
            srcDoc={out.html ?? ""}
            data-testid="email-preview"
            style={{ width: "100%", minHeight: 420, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}
          />
        </>
      )}
    </Stack>
  );
}
