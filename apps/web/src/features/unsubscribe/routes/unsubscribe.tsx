import "@mantine/core/styles/Alert.css";
import { Alert, Loader, Text } from "@mantine/core";
import type { TUnsubscribeKind } from "@starboard/contract/system";
import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { errorMessage } from "../../../components/shell/query-error";
import { useUnsubscribe } from "../api/unsubscribe";

const TITLES: Record<TUnsubscribeKind, string> = {
  alerts: "Unsubscribe from alerts",
  requests: "Unsubscribe from review requests",
  scheduled_exports: "Unsubscribe from scheduled exports",
};

/** /unsubscribe/{alerts|requests|scheduled_exports}/{id}: unsubscribes on arrival and says so. */
export default function UnsubscribeRoute({ kind }: { kind: TUnsubscribeKind }) {
  const { id = "" } = useParams();
  const mutation = useUnsubscribe();
  const { mutate } = mutation;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ kind, id });
  }, [kind, id, mutate]);

  return (
    <AuthCard title={TITLES[kind]}>
      {mutation.isPending || mutation.isIdle ? (
        <Text size="sm" role="status">
          <Loader size="xs" mr="xs" aria-hidden />
          Unsubscribing…
        </Text>
      ) : mutation.isError ? (
        <Alert color="red" role="alert" data-testid="unsubscribe-result">
          {errorMessage(mutation.error)}
        </Alert>
      ) : (
        <Alert color="teal" role="status" data-testid="unsubscribe-result">
          {mutation.data?.message || "You have been unsubscribed."}
        </Alert>
      )}
    </AuthCard>
  );
}
