import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function PhotosRoute() {
  return (
    <PlaceholderPage
      title="Photos"
      description="Photos of your locations from every source, with upload and publishing to listings."
    />
  );
}
