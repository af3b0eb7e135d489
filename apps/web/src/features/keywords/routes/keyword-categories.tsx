import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function KeywordCategoriesRoute() {
  return (
    <PlaceholderPage
      title="Experience Categories"
      description="Experience categories (food, service, staff and more) with their mentions and sentiment over the selected period."
    />
  );
}
