import { Paper, Stack, Title } from "@mantine/core";
import { Navigate, Route, Routes, useParams } from "react-router";
import { NotPermitted } from "../../../components/shell/not-permitted";
import { useCan } from "../../../lib/authorization";
import { CampaignDetail } from "../components/campaigns-detail";
import { CampaignForm } from "../components/campaigns-form";
import { CampaignsList } from "../components/campaigns-list";

function Detail() {
  const { id } = useParams();
  return <CampaignDetail key={id} id={id as string} />;
}

function New() {
  return useCan("create", "campaign") ? <CampaignForm /> : <NotPermitted title="New campaign" />;
}

/** /request-reviews/campaigns: the list, a new campaign with its preview as sent, and each campaign's page. */
export default function CampaignsRoute() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Campaigns
        </Title>
        <Routes>
          <Route index element={<CampaignsList />} />
          <Route path="new" element={<New />} />
          <Route path=":id" element={<Detail />} />
          <Route path="*" element={<Navigate to="." replace />} />
        </Routes>
      </Stack>
    </Paper>
  );
}
