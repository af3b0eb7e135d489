// The app's query client (lib/query-client.ts): a change made while a list loads for the first time is shown
// once the list has loaded, not lost to the answer that was asked for before the change.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { AppQueryClient } from "./query-client";

/** A list whose first load answers only when told, then answers what the server holds at once. */
function slowFirstLoad(client: QueryClient) {
  let server = ["old"];
  let answerFirst: () => void = () => {};
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: ["saved-filters"],
    queryFn: async () => {
      calls += 1;
      const snapshot = [...server];
      if (calls === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
      return snapshot;
    },
  });
  const seen: string[][] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data) seen.push(result.data);
  });
  return {
    observer,
    seen,
    calls: () => calls,
    create: (name: string) => {
      server = [...server, name];
    },
    answerFirst: () => answerFirst(),
    unsubscribe,
  };
}

async function settle(observer: { getCurrentResult(): { fetchStatus: string } }) {
  for (let i = 0; i < 50 && observer.getCurrentResult().fetchStatus !== "idle"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("AppQueryClient", () => {
  it("loads again a list invalidated during its first load, and shows what was created meanwhile", async () => {
    const client = new AppQueryClient();
    const list = slowFirstLoad(client);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      list.create("Five stars");
      await client.invalidateQueries({ queryKey: ["saved-filters"] });
      list.answerFirst();
      await settle(list.observer);
      expect(list.observer.getCurrentResult().data).toEqual(["old", "Five stars"]);
      expect(list.observer.getCurrentResult().isError).toBe(false);
      expect(list.calls()).toBe(2);
      // The answer asked for before the change was never shown.
      expect(list.seen).not.toContainEqual(["old"]);
    } finally {
      list.unsubscribe();
      client.clear();
    }
  });

  it("TanStack's own client keeps the first load's answer, which is why the app's client exists", async () => {
    const client = new QueryClient();
    const list = slowFirstLoad(client);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      list.create("Five stars");
      await Promise.race([
        client.invalidateQueries({ queryKey: ["saved-filters"] }),
        new Promise((resolve) => setTimeout(resolve, 20)),
      ]);
      list.answerFirst();
      await settle(list.observer);
      expect(list.observer.getCurrentResult().data).toEqual(["old"]);
    } finally {
      list.unsubscribe();
      client.clear();
    }
  });

  it("leaves a query that has data to TanStack: its refetch replaces the answer", async () => {
    const client = new AppQueryClient();
    const list = slowFirstLoad(client);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      list.answerFirst();
      await settle(list.observer);
      expect(list.observer.getCurrentResult().data).toEqual(["old"]);
      list.create("Five stars");
      await client.invalidateQueries({ queryKey: ["saved-filters"] });
      await settle(list.observer);
      expect(list.observer.getCurrentResult().data).toEqual(["old", "Five stars"]);
    } finally {
      list.unsubscribe();
      client.clear();
    }
  });
});
