import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Table.css";
import { Alert, Badge, Code, Container, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { errorMessage } from "../../../components/shell/query-error";
import { TRIAGE_PROBES, type TTriageProbe, useTriage } from "../api/get-triage";

const WRAP = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

function Probe({ probe }: { probe: TTriageProbe }) {
  const { data, error, isPending } = useTriage(probe);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`${probe.label} request`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {probe.label}
        </Title>
        {isPending ? (
          <Loader size="xs" aria-label={`${probe.label} pending`} />
        ) : (
          <Badge color={error ? "red" : "teal"}>{error ? "Failed" : "OK"}</Badge>
        )}
      </Group>
      {error && <Text size="sm">{errorMessage(error)}</Text>}
      {data && (
        // Fixed layout and wrapping values: long headers or JSON never push the page sideways.
        <Table withTableBorder striped layout="fixed">
          <Table.Tbody>
            {Object.entries(data).map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" w={160} style={WRAP}>
                  {key}
                </Table.Th>
                <Table.Td>
                  <Code block style={WRAP}>
                    {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
                  </Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** /triage: the browser's user agent and what the server sees of this connection. */
export default function TriageRoute() {
  useEffect(() => {
    document.title = "Triage · Starboard";
  }, []);
  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Connection diagnostics</Title>
        <Alert color="blue" title="Your browser" role="region" aria-label="User agent">
          <Text size="sm" data-testid="user-agent" style={WRAP}>
            {navigator.userAgent}
          </Text>
        </Alert>
        {TRIAGE_PROBES.map((probe) => (
          <Probe key={probe.method} probe={probe} />
        ))}
      </Stack>
    </Container>
  );
}
