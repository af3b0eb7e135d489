import { EventEmitter } from "node:events";
import pg from "pg";

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = "starboard listener";

/**
 * One connection per app process that LISTENs on the app's channels, hands their notifications to an
 * emitter, and answers "has this process heard every notification committed before now?" (`caughtUp`):
 * what lets a cache kept current by notifications (platform/notified-cache.ts) answer a call as if it had
 * read the database, in this process or any other.
 *
 * `caughtUp` runs a round trip on this connection that is sent after the call: PostgreSQL (and
 * db/pglite-server.ts) hands a listening session every notification committed before a statement ahead
 * of that statement's answer, and the connection reads its messages in order. So once it resolves, a
 * commit that another process (or this one) had answered before the call has been heard. Calls that come
 * while a round trip is out share the next one, so a burst costs one or two round trips, not one each.
 *
 * If the connection ends it is opened again (after RECONNECT_MS) and, once it listens, every channel is
 * emitted once: what changed while nobody listened was not heard, so every cache forgets what it holds.
 */
export class Listener<Channel extends string> {
  /** NOTIFY on the channels: an event per notification, named by its channel, with its payload. */
  readonly notifications = new EventEmitter<Record<Channel, [payload: string]>>();
  private client: pg.Client | undefined;
  private ready = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** The round trip on the wire (settled, never rejected) and the one callers since it was sent wait for. */
  private inFlight: Promise<unknown> = Promise.resolve();
  private next: Promise<boolean> | undefined;

  static readonly RECONNECT_MS = 1_000;

  constructor(
    private readonly connectionString: string,
    private readonly channels: readonly Channel[],
  ) {
    this.notifications.setMaxListeners(0);
  }

  /** Opens the connection and LISTENs; rejects when the database cannot be reached. */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    this.client = client;
    client.on("notification", (n) => {
      if ((this.channels as readonly string[]).includes(n.channel)) {
        this.emit(n.channel, n.payload ?? "");
      }
    });
    const lost = () => {
      if (this.client !== client) return;
      this.ready = false;
      this.client = undefined;
      client.end().catch(() => {});
      if (!this.closed) this.retry = setTimeout(() => this.reopen(), Listener.RECONNECT_MS);
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    await client.query(this.channels.map((c) => `LISTEN ${c}`).join("; "));
    if (this.client === client) this.ready = true;
  }

  private reopen() {
    this.retry = undefined;
    if (this.closed) return;
    this.start().then(
      () => {
        for (const channel of this.channels) this.emit(channel, "");
      },
      () => {
        if (!this.closed && !this.retry) this.retry = setTimeout(() => this.reopen(), Listener.RECONNECT_MS);
      },
    );
  }

  /** Hands a notification of one of the channels to the emitter's listeners. */
  private emit(channel: string, payload: string) {
    (this.notifications as EventEmitter).emit(channel, payload);
  }

  /** Whether the connection is open and listening, so that a notification sent now is heard. */
  listening(): boolean {
    return this.ready;
  }

  /**
   * Resolves once every notification committed before this call has been heard (emitted): true. False when
   * that cannot be known (not listening, or the round trip failed); a cache then reads the database.
   */
  caughtUp(): Promise<boolean> {
    if (!this.ready) return Promise.resolve(false);
    this.next ??= this.inFlight.then(() => {
      this.next = undefined;
      const client = this.client;
      const trip = this.ready && client ? client.query("SELECT 1").then(() => this.ready) : Promise.resolve(false);
      const settled = trip.catch(() => false);
      this.inFlight = settled;
      return settled;
    });
    return this.next;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
