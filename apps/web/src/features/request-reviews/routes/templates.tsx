import { Anchor, Paper, Stack, Title } from "@mantine/core";
import { Link, Route, Routes, useNavigate, useParams } from "react-router";
import { PageLoader } from "../../../components/shell/page-loader";
import { QueryError } from "../../../components/shell/query-error";
import { useCan } from "../../../lib/authorization";
import { useTemplate } from "../api/campaigns";
import { TemplateForm } from "../components/templates-form";
import { TemplatesList } from "../components/templates-list";

function NewTemplate() {
  const navigate = useNavigate();
  const canCreate = useCan("create", "template");
  return <TemplateForm canEdit={canCreate} onDone={() => navigate("..", { relative: "path" })} />;
}

function EditTemplate() {
  const { id } = useParams();
  const navigate = useNavigate();
  const canUpdate = useCan("update", "template");
  const one = useTemplate(id);
  if (one.isPending) return <PageLoader />;
  if (one.isError) return <QueryError error={one.error} onRetry={() => void one.refetch()} />;
  return (
    <TemplateForm
      key={one.data.id}
      template={one.data}
      canEdit={canUpdate}
      onDone={() => navigate("..", { relative: "path" })}
    />
  );
}

/** /request-reviews/templates: e-mail and SMS request templates (list, new, edit with a live preview). */
export default function RequestTemplatesRoute() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Templates
        </Title>
        <Routes>
          <Route index element={<TemplatesList />} />
          <Route path="new" element={<NewTemplate />} />
          <Route path=":id" element={<EditTemplate />} />
          <Route
            path="*"
            element={
              <Anchor component={Link} to=".">
                Back to templates
              </Anchor>
            }
          />
        </Routes>
      </Stack>
    </Paper>
  );
}
