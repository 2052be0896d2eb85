import crypto from "node:crypto";

import { config } from "../config";
import { type ContentChange, onContentChange, publishContentChange } from "./content-events";

// Content changes between instances on one PostgreSQL (docs/deploy.md): each instance NOTIFYs
// its own writes on a channel and LISTENs for the others', which it publishes locally as if
// made here, so every instance's read cache drops its copies on the next request. The
// listening connection is dedicated (a pooled one would be handed to queries) and reopened when
// lost; on every (re)connect the local caches are dropped, as notifications sent while nobody
// listened are gone. SQLite (one process) needs none of this.
export const CONTENT_CHANNEL = "academy_content";
const instanceId = crypto.randomBytes(8).toString("hex");

type Relay = { stop(): Promise<void> };
const holder = globalThis as unknown as { __academyContentRelay?: Relay };

/** A change from another instance carries `from`; it is published here and never sent on. */
type Notice = ContentChange & { from: string };

export function startContentRelay(): Relay | undefined {
  const { DATABASE_URL } = config();
  if (!DATABASE_URL || holder.__academyContentRelay) return holder.__academyContentRelay;
  let stopped = false;
  let client: import("pg").Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const relayed = new WeakSet<ContentChange>();

  const unsubscribe = onContentChange((change) => {
    if (relayed.has(change) || !client) return;
    const payload = JSON.stringify({
      kind: change.kind,
      method: change.method,
      path: change.path,
      from: instanceId,
    } satisfies Notice);
    client.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, payload]).catch((error: Error) => {
      // The LISTEN connection is being replaced; the peers drop their caches when it is back.
      console.error("[content-relay] notify failed:", error.message);
    });
  });

  async function connect(delay: number) {
    if (stopped) return;
    const { default: pg } = await import("pg");
    const next = new pg.Client({ connectionString: DATABASE_URL });
    const reconnect = (why: string) => {
      if (stopped || client !== next) return;
      console.error(`[content-relay] connection lost (${why}); reconnecting`);
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(Math.min(delay * 2, 5000)), delay);
      retry.unref();
    };
    next.on("error", (error) => reconnect(error.message));
    next.on("end", () => reconnect("ended"));
    next.on("notification", (message) => {
      if (message.channel !== CONTENT_CHANNEL || !message.payload) return;
      let notice: Notice;
      try {
        notice = JSON.parse(message.payload) as Notice;
      } catch {
        return;
      }
      if (notice.from === instanceId) return; // our own write, already published here
      const change: ContentChange = { kind: notice.kind, method: notice.method, path: notice.path };
      relayed.add(change);
      publishContentChange(change);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
      // The connection keeps no event loop alive on its own: shutdown is the server's business.
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      // Whatever changed while nobody listened: drop every copy.
      const resync: ContentChange = { kind: "course", method: "LISTEN", path: "/api/courses" };
      relayed.add(resync);
      publishContentChange(resync);
    } catch (error) {
      reconnect((error as Error).message);
    }
  }
  void connect(250);

  const relay: Relay = {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      unsubscribe();
      holder.__academyContentRelay = undefined;
      await client?.end().catch(() => undefined);
    },
  };
  holder.__academyContentRelay = relay;
  return relay;
}

export async function stopContentRelay() {
  await holder.__academyContentRelay?.stop();
}
