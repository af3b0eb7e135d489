import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function ScorecardsRoute() {
  return (
    <PlaceholderPage title="Scorecards" description="Location scorecards: create, read and share scorecard reports." />
  );
}
