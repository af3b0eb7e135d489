import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function KeywordsRoute() {
  return (
    <PlaceholderPage
      title="Keywords"
      description="The most mentioned keywords in your reviews, the Experience Categories block and the Sort By dropdown (highest volume, controversy, positive ratio, negative ratio)."
    />
  );
}
