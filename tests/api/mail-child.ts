import { serve } from "@hono/node-server";

// The API as a process of its own, for the mail queue's crash test (tests/api/mail-queue.test.ts):
// the test kills it with SIGKILL in the middle of sending. Settings come from the environment
// the test gives it; it prints its port once it listens.
const { handleApiRequest } = await import("../../api/index");
const { getDb } = await import("../../api/db/index");
const { startMailWorker } = await import("../../api/mail/queue");
await getDb();
startMailWorker();
const server = serve({ fetch: handleApiRequest, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.on("SIGTERM", () => server.close());
