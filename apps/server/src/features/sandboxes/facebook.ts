import type { AppContext } from "../../platform/context.ts";
import { demoFacebookPage, demoFacebookPageOfStory } from "./queries.ts";
import { type FacebookApiRecommendation, type FakeFacebookState, facebookSource } from "./sources/facebook.ts";
import {
  type FakeServer,
  type FakeState,
  newFakeState,
  type SandboxBehaviour,
  startFakeServer,
} from "./sources/http.ts";
import { SandboxStore } from "./store.ts";

/** The demo's Facebook Page access token (its source_credentials): the only one the Facebook sandbox takes. */
export const DEMO_FACEBOOK_TOKEN = "demo-facebook-page-token";

interface FacebookPage {
  pageName: string;
  ratings: FacebookApiRecommendation[];
  commentSeq: number;
}

/** Every demo Page the sandbox was asked about, and which Page each story belongs to. */
export interface FacebookSandboxState extends FakeState {
  accessToken: string;
  pages: Record<string, FacebookPage>;
  /** Story id → Page id. */
  stories: Record<string, string>;
}

type Snapshot = Pick<FacebookSandboxState, "pages" | "stories">;

/** The Page or the story a Graph call names: `/{v}/{page}/ratings`, `/{v}/{story}/comments`, `/{v}/{comment}`. */
function target(path: string): { pageId?: string; storyId?: string } {
  const [, id, edge] = path.split("/").filter(Boolean);
  if (!id) return {};
  if (edge === "ratings") return { pageId: id };
  if (edge === "comments") return { storyId: id };
  // A comment's id is its story's id, "_", and a number.
  const cut = id.lastIndexOf("_");
  return edge === undefined && cut > 0 ? { storyId: id.slice(0, cut) } : {};
}

/**
 * The Facebook sandbox: the Graph API (Page ratings, a story's comments, deleting a comment) for every demo
 * Page at once. A Page is known when a sandbox account has a Facebook listing with its id; the first call
 * about it (or about one of its stories) copies the listing's demo recommendations and published replies in.
 */
export async function startFacebookSandbox(
  ctx: AppContext,
  behaviour: Pick<SandboxBehaviour, "delayMs" | "failureRate">,
  dir: string,
): Promise<{ server: FakeServer<FacebookSandboxState>; store: SandboxStore<Snapshot> }> {
  const db = ctx.database.db;
  let state: FacebookSandboxState | undefined;
  const store = new SandboxStore<Snapshot>(dir, "facebook", () => ({
    pages: state?.pages ?? {},
    stories: state?.stories ?? {},
  }));
  const saved = store.load();
  state = {
    ...newFakeState(),
    accessToken: DEMO_FACEBOOK_TOKEN,
    pages: saved?.pages ?? {},
    stories: saved?.stories ?? {},
  };
  const s = state;
  const loading = new Map<string, Promise<void>>();
  const ensurePage = (pageId: string) => {
    if (s.pages[pageId]) return Promise.resolve();
    let pending = loading.get(pageId);
    if (!pending) {
      pending = (async () => {
        const page = await demoFacebookPage(db, pageId);
        if (!page || s.pages[pageId]) return;
        s.pages[pageId] = { ...page, commentSeq: 0 };
        for (const rating of page.ratings) s.stories[rating.open_graph_story.id] = pageId;
        store.changed();
      })().finally(() => loading.delete(pageId));
      loading.set(pageId, pending);
    }
    return pending;
  };
  const server = await startFakeServer(
    s,
    {
      failureBody: facebookSource.failureBody,
      handle(request, current, baseUrl) {
        const version = request.path.split("/").filter(Boolean)[0] ?? "";
        const t = target(request.path);
        const pageId = t.pageId ?? (t.storyId ? current.stories[t.storyId] : undefined);
        const page = pageId ? current.pages[pageId] : undefined;
        const one: FakeFacebookState = {
          ...newFakeState(),
          pageId: page ? pageId! : "",
          pageName: page?.pageName ?? "",
          accessToken: current.accessToken,
          // Any Graph version the connector speaks.
          version: /^v\d+\.\d+$/.test(version) ? version : "-",
          ratings: page?.ratings ?? [],
          now: () => new Date(),
          commentSeq: page?.commentSeq ?? 0,
        };
        const reply = facebookSource.handle(request, one, baseUrl);
        if (page) page.commentSeq = one.commentSeq;
        return reply;
      },
    },
    {},
    {
      ...behaviour,
      maxRequests: 1000,
      changed: () => store.changed(),
      prepare: async (request) => {
        const t = target(request.path);
        if (t.pageId) return ensurePage(t.pageId);
        if (t.storyId && !s.stories[t.storyId]) {
          const pageId = await demoFacebookPageOfStory(db, t.storyId);
          if (pageId) await ensurePage(pageId);
        }
      },
    },
  );
  return { server, store };
}
