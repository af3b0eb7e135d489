import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function OauthAuthorizeRoute() {
  return (
    <PlaceholderPage
      title="Authorize Application"
      description="The consent screen where you allow an application to use your Starboard account."
    />
  );
}
