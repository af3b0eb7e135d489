import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Tabs.css";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { Link, useLocation as useRouterLocation } from "react-router";
import { useCan } from "../../../lib/authorization";
import { toastAlert } from "../../../lib/toast";
import { useLandingPages } from "../api/billing";
import { useLocationIssues, useLocationUrls, useMuteIssue } from "../api/sources";
import { COPY_CONFIRM_MS } from "./copy-value";

/** The Create Widget link (§2): fromPage, location_id and the current query. */
export function createWidgetHref(locationId: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("withEdit");
  params.set("fromPage", "location_details");
  params.set("location_id", locationId);
  return `/amplify/widgets/create/location_info?${params.toString()}`;
}

function CopyLink({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_CONFIRM_MS}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? "filled" : "light"}
          color={copied ? "teal" : undefined}
          onClick={copy}
          aria-label={copied ? `Link copied for ${label}` : `Copy Link for ${label}`}
        >
          {copied ? "Link copied" : "Copy Link"}
        </Button>
      )}
    </CopyButton>
  );
}

/** The tabs (Landing Pages, Review Sources, Request URLs), the issues, the not-integrated notice and Create Widget. */
export function DetailExtras({ location }: { location: TLocation }) {
  const { search } = useRouterLocation();
  const canIssues = useCan("read", "issue");
  const canWidget = useCan("create", "amplify");
  const urls = useLocationUrls(location.id);
  const requestUrls = useLocationUrls(location.id, true);
  const issues = useLocationIssues(location.id, canIssues);
  const mute = useMuteIssue(location.id);
  const landing = useLandingPages(location.id);
  const sourceUrls = urls.data?._embedded.urls ?? [];
  const issueRows = issues.data?._embedded.issues ?? [];

  return (
    <Stack gap="lg">
      {urls.isSuccess && sourceUrls.length === 0 && (
        <Alert color="gray" data-testid="not-integrated">
          <Group gap="xs">
            <Text size="sm" fw={700}>
              Not integrated
            </Text>
            <Text size="sm">This location is not connected to any review source yet.</Text>
            <Anchor component={Link} to="/settings/integrations" size="sm">
              Integrate Now
            </Anchor>
          </Group>
        </Alert>
      )}
      {canWidget && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between">
            <Text size="sm">Show this location's information on your website with a widget.</Text>
            {location.external_id ? (
              <Anchor component={Link} to={createWidgetHref(location.id, search)}>
                Create Widget
              </Anchor>
            ) : (
              <Text size="sm" c="gray.7">
                An External ID is required to create a widget.
              </Text>
            )}
          </Group>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <Tabs defaultValue="landing">
          <Tabs.List>
            <Tabs.Tab value="landing">Landing Pages</Tabs.Tab>
            <Tabs.Tab value="sources">Review Sources</Tabs.Tab>
            <Tabs.Tab value="requests">Request URLs</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="landing" pt="md">
            {landing.isPending ? (
              <Skeleton height={80} />
            ) : landing.isError ? (
              <Text c="red.8" role="alert">
                There was an error retrieving data.
              </Text>
            ) : (
              <Table aria-label="Landing pages" data-testid="landing-pages">
                <Table.Tbody>
                  {(landing.data ?? []).map((p) => (
                    <Table.Tr key={p.kind}>
                      <Table.Th scope="row" w={160}>
                        {p.label}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{p.url}</Table.Td>
                      <Table.Td w={130}>
                        <CopyLink value={p.url} label={p.label} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="sources" pt="md">
            {urls.isPending ? (
              <Skeleton height={80} />
            ) : urls.isError ? (
              <Text c="red.8" role="alert">
                There was an error retrieving data.
              </Text>
            ) : sourceUrls.length === 0 ? (
              <Text size="sm" c="gray.7">
                No review sources for this location.
              </Text>
            ) : (
              <Table aria-label="Review sources" data-testid="review-sources">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Source</Table.Th>
                    <Table.Th scope="col">URL</Table.Th>
                    {canIssues && <Table.Th scope="col">Issues</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sourceUrls.map((u) => {
                    const issue = issueRows.find((i) => i.source_id === u.source_id && !i.resolved_at);
                    return (
                      <Table.Tr key={u.id}>
                        <Table.Td>{u.source_name}</Table.Td>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>
                          <Anchor href={u.link} target="_blank" rel="noopener noreferrer" size="sm">
                            {u.link}
                          </Anchor>
                        </Table.Td>
                        {canIssues && (
                          <Table.Td data-testid="issue-cell">
                            {issues.isError ? (
                              "—"
                            ) : !issue ? (
                              <Badge color="gray" variant="light">
                                No Issues
                              </Badge>
                            ) : (
                              <Group gap="xs" wrap="nowrap">
                                <Badge
                                  color={issue.muted ? "gray" : "red"}
                                  variant="light"
                                  title={issue.message ?? undefined}
                                >
                                  {issue.muted ? "Issue Muted" : "Issue Found"}
                                </Badge>
                                <Anchor
                                  component="button"
                                  type="button"
                                  size="sm"
                                  onClick={() =>
                                    mute.mutate(
                                      { id: issue.id, muted: !issue.muted },
                                      { onError: () => toastAlert("An error occurred while performing this action.") },
                                    )
                                  }
                                >
                                  {issue.muted ? "Unmute" : "Mute"}
                                </Anchor>
                              </Group>
                            )}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
            {issues.isError && (
              <Text size="sm" c="red.8" role="alert" mt="sm">
                Unable to load issues at this time. Please reload or try again later.
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="requests" pt="md">
            <Title order={3} size="h5" mb="xs">
              Request URLs
            </Title>
            {requestUrls.isPending ? (
              <Skeleton height={80} />
            ) : (requestUrls.data?._embedded.urls ?? []).length === 0 ? (
              <Text size="sm" c="gray.7">
                No request URLs for this location.
              </Text>
            ) : (
              <Table aria-label="Request URLs">
                <Table.Tbody>
                  {(requestUrls.data?._embedded.urls ?? []).map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Th scope="row" w={160}>
                        {u.source_name}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{u.link}</Table.Td>
                      <Table.Td w={130}>
                        <CopyLink value={u.link} label={u.source_name} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
