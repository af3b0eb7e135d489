import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import {
  type FakeReply,
  type FakeServer,
  type FakeSource,
  type FakeState,
  newFakeState,
  type RecordedRequest,
  type SandboxBehaviour,
  startFakeServer,
} from "./sources/http.ts";
import { SandboxStore } from "./store.ts";

/** Every listing a sandbox was asked about, and which listing each review belongs to. */
export interface ListingSandboxState<L> extends FakeState {
  listings: Record<string, L>;
  /** Review id → listing id. */
  reviews: Record<string, string>;
}

type Snapshot<L> = Pick<ListingSandboxState<L>, "listings" | "reviews">;

/** What a source's sandbox adds to the fake: how its calls name listings and how one listing is served. */
export interface ListingSandboxSource<L, S extends FakeState> {
  /** The file under DATA_DIR/sandboxes (`<name>.json`). */
  name: string;
  /** The fake source (the tests' own) that answers one listing's calls. */
  source: FakeSource<S>;
  /** The listing or the review a call names (a review's listing is looked up). */
  target(path: string): { listing?: string; review?: string };
  /** The demo listing as the source holds it the first time it is asked about; undefined when unknown. */
  load(db: Kysely<DB>, listingId: string): Promise<L | undefined>;
  /** The listing of a demo review, for a call that names only the review. */
  listingOfReview(db: Kysely<DB>, reviewId: string): Promise<string | undefined>;
  reviewIds(listing: L): string[];
  /** The fake's state for one call: the listing (empty when unknown); changes to it change the listing. */
  one(listingId: string, listing: L | undefined): S;
}

/**
 * A sandbox serving every demo listing of one source at once through that source's fake: a listing is known
 * when a sandbox account has a listing with its id; the first call about it (or one of its reviews) copies the
 * demo's reviews and published replies in, and from then on the sandbox's own state, saved under
 * DATA_DIR/sandboxes, is what it serves (the Facebook sandbox, ./facebook.ts, works the same way).
 */
export async function startListingSandbox<L, S extends FakeState>(
  db: Kysely<DB>,
  def: ListingSandboxSource<L, S>,
  behaviour: Pick<SandboxBehaviour, "delayMs" | "failureRate">,
  dir: string,
): Promise<{ server: FakeServer<ListingSandboxState<L>>; store: SandboxStore<Snapshot<L>> }> {
  let state: ListingSandboxState<L> | undefined;
  const store = new SandboxStore<Snapshot<L>>(dir, def.name, () => ({
    listings: state?.listings ?? {},
    reviews: state?.reviews ?? {},
  }));
  const saved = store.load();
  const s: ListingSandboxState<L> = {
    ...newFakeState(),
    listings: saved?.listings ?? {},
    reviews: saved?.reviews ?? {},
  };
  state = s;
  const loading = new Map<string, Promise<void>>();
  const ensure = (listingId: string) => {
    if (s.listings[listingId]) return Promise.resolve();
    let pending = loading.get(listingId);
    if (!pending) {
      pending = (async () => {
        const listing = await def.load(db, listingId);
        if (!listing || s.listings[listingId]) return;
        s.listings[listingId] = listing;
        for (const id of def.reviewIds(listing)) s.reviews[id] = listingId;
        store.changed();
      })().finally(() => loading.delete(listingId));
      loading.set(listingId, pending);
    }
    return pending;
  };
  const source: FakeSource<ListingSandboxState<L>> = {
    failureBody: (status) => def.source.failureBody(status),
    handle(request: RecordedRequest, current, baseUrl): FakeReply {
      const t = def.target(request.path);
      const listingId = t.listing ?? (t.review ? current.reviews[t.review] : undefined) ?? "";
      const listing = current.listings[listingId];
      const reply = def.source.handle(request, def.one(listingId, listing), baseUrl);
      if (listing) for (const id of def.reviewIds(listing)) current.reviews[id] = listingId;
      return reply;
    },
  };
  const server = await startFakeServer(
    s,
    source,
    {},
    {
      ...behaviour,
      maxRequests: 1000,
      changed: () => store.changed(),
      prepare: async (request) => {
        const t = def.target(request.path);
        if (t.listing) return ensure(t.listing);
        if (t.review && !s.reviews[t.review]) {
          const listingId = await def.listingOfReview(db, t.review);
          if (listingId) await ensure(listingId);
        }
      },
    },
  );
  return { server, store };
}
