import { Alert } from "@mantine/core";
import { PageHeader } from "./page-header";

export function NotPermitted({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="yellow" title="Not available" role="status">
        Your user type does not have access to this page. Ask an account administrator if you need it.
      </Alert>
    </>
  );
}
