import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function RequestReviewsRoute() {
  return (
    <PlaceholderPage
      title="Request Reviews"
      description="The ask tool: campaigns, templates, microsurveys and the overview of review requests sent."
    />
  );
}
