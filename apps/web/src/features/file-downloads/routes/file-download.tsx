import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function FileDownloadRoute() {
  return (
    <PlaceholderPage
      title="File Download"
      description="The status of an export file and its download link when it is ready."
    />
  );
}
