import net from "node:net";

import { SMTPServer } from "smtp-server";

// A real SMTP server for the mail queue's tests (the nodemailer project's smtp-server), on
// 127.0.0.1 only. It keeps what it received: each message's Message-ID (the queue's mail id) and
// recipients, in the order they arrived.
export type Received = { messageId: string; to: string[]; subject: string; text: string };

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** A port nothing listens on now: an SMTP server that is "down" until started on it. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startSmtp(
  port: number,
  options: { delayMs?: number; refuse?: (address: string) => boolean; received?: Received[] } = {},
) {
  const received = options.received ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = new Error("No such mailbox here") as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}: *(.*)$`, "im").exec(raw)?.[1]?.trim() ?? "";
        const finish = () => {
          received.push({
            messageId: header("Message-ID"),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: header("Subject"),
            text: raw,
          });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How many times each Message-ID arrived. */
export function countsById(received: Received[]) {
  const counts = new Map<string, number>();
  for (const r of received) counts.set(r.messageId, (counts.get(r.messageId) ?? 0) + 1);
  return counts;
}
