import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function KeywordDetailRoute() {
  return (
    <PlaceholderPage
      title="Keyword"
      description="The reviews that mention this keyword, with sentiment and a trend over the selected period."
    />
  );
}
