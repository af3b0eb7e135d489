import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function AmplifyRoute() {
  return (
    <PlaceholderPage
      title="Amplify"
      description="Review widgets for your website: create, edit and preview testimonial carousels, review feeds, star snapshots and location information."
    />
  );
}
