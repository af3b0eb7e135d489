import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function ChildReviewsRoute() {
  return (
    <PlaceholderPage
      title="Child Reviews"
      description="Reviews across all your child accounts, for the filters above."
    />
  );
}
