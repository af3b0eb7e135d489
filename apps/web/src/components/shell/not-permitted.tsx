import "@mantine/core/styles/Alert.css";
import { Alert } from "@mantine/core";
import { PageHeader } from "./page-header";

/**
 * A page the user cannot open. `reason` says why: the user type lacks a permission, or the feature
 * (a flag or account setting) is not enabled for the account, which no administrator of the user
 * type can change.
 */
export function NotPermitted({ title, reason = "permission" }: { title: string; reason?: "feature" | "permission" }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="yellow" title="Not available" role="status">
        {reason === "feature"
          ? "This feature is not enabled for your account. Contact support if you would like it turned on."
          : "Your user type does not have access to this page. Ask an account administrator if you need it."}
      </Alert>
    </>
  );
}
