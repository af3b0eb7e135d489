import "@mantine/core/styles/Center.css";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { MESSAGES } from "@starboard/contract/errors";
import { useEffect } from "react";
import { Link } from "react-router";
import { useSearchParams } from "../../../lib/search-params";

export const DEFAULT_ERROR_STATUS = 500;
export const DEFAULT_ERROR_MESSAGE = MESSAGES.unexpected;

/** /error?statusCode=&message= (defaults 500 and 'An unexpected error occurred'). */
export default function ErrorRoute({ standalone = false }: { standalone?: boolean }) {
  const [params] = useSearchParams();
  const code = Number(params.get("statusCode"));
  const statusCode = Number.isInteger(code) && code >= 100 && code <= 599 ? code : DEFAULT_ERROR_STATUS;
  const message = params.get("message") || DEFAULT_ERROR_MESSAGE;
  useEffect(() => {
    document.title = `Error ${statusCode} · Starboard`;
  }, [statusCode]);
  const body = (
    <Stack align="center" gap="sm" py="xl">
      <Text fz={56} fw={800} c="indigo.8" data-testid="error-status">
        {statusCode}
      </Text>
      <Title order={1} size="h3" ta="center" data-testid="error-message">
        {message}
      </Title>
      <Button component={Link} to="/" variant="light">
        Go to the home page
      </Button>
    </Stack>
  );
  return standalone ? (
    <Center component="main" mih="100vh">
      {body}
    </Center>
  ) : (
    body
  );
}
