import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { loggableError } from "../../api/lib/error-log";
import { type Api, send, startApi } from "./harness";

// An unexpected error is logged for the operator without what it quotes of the visitor
// (docs/security.md, "Logs"): PostgreSQL repeats a row's values in `detail`, and a message may
// quote what was typed.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const visitor = {
  fullname: "Chiamaka Eze",
  email: "chiamaka.eze@example.com",
  phone: "08031234567",
  issue: "2",
  message: "When does the next bridal make-up class start?",
};

/** A database that refuses the message with the visitor's e-mail in its words, as a unique index's detail does. */
async function refuseContactMessages() {
  if (process.env.TEST_DATABASE_URL) {
    await sql
      .raw(
        `create or replace function refuse_message() returns trigger language plpgsql as $$
         begin raise exception 'refused "%"', new.email using detail = 'Key (email)=(' || new.email || ') already exists.';
         end $$;
         create trigger refuse_message before insert on contact_messages for each row execute function refuse_message();`,
      )
      .execute(api.db);
  } else {
    await sql
      .raw(
        `create trigger refuse_message before insert on contact_messages
         begin select raise(abort, 'refused ${visitor.email} (${visitor.phone})'); end`,
      )
      .execute(api.db);
  }
}

describe("the API's log of an unexpected error", () => {
  it("names the error's kind, code and place, and not the e-mail, phone or name the visitor typed", async () => {
    await refuseContactMessages();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            typeof a === "string" ? a : a instanceof Error ? `${a.stack} ${JSON.stringify(a)}` : JSON.stringify(a),
          )
          .join(" "),
      );
    });
    try {
      const res = await send(api, "POST", "/api/contact", { form: visitor });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
      // PostgreSQL's test database outlives this file: the next ones store messages.
      if (process.env.TEST_DATABASE_URL) await sql`drop function if exists refuse_message() cascade`.execute(api.db);
      else await sql`drop trigger if exists refuse_message`.execute(api.db);
    }
    const line = lines.find((l) => l.startsWith("[api]"));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!.slice("[api] ".length)) as { path: string; error: Record<string, unknown> };
    expect(logged.path).toBe("/api/contact");
    expect(logged.error.code).toBe(process.env.TEST_DATABASE_URL ? "P0001" : "SQLITE_CONSTRAINT_TRIGGER");
    expect(logged.error.message).toMatch(/^refused /);
    expect((logged.error.at as string[]).length).toBeGreaterThan(0);
    for (const typed of [visitor.email, "chiamaka", "Eze", "8031234567"]) expect(lines.join("\n")).not.toContain(typed);
  });
});

describe("loggableError", () => {
  it("keeps a PostgreSQL error's code and constraint, and drops its detail", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: "23505",
      constraint: "users_email_key",
      table: "users",
      detail: "Key (email)=(ada@example.com) already exists.",
    });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('"constraint":"users_email_key"');
    expect(logged).not.toContain("ada@example.com");
  });

  it("masks quoted text, e-mail addresses and long numbers in a message, and follows its cause", () => {
    const cause = new Error("no account for ada@example.com or +234 803 123 4567");
    const logged = JSON.stringify(loggableError(new Error("could not parse 'Ada Obi'", { cause })));
    for (const secret of ["Ada Obi", "ada@example.com", "803 123 4567"]) expect(logged).not.toContain(secret);
    expect(logged).toContain("could not parse");
    expect(logged).toContain("no account for");
  });

  it("stops following a chain of causes that loops back on itself", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    (first as Error & { cause?: unknown }).cause = second;
    const logged = JSON.stringify(loggableError(first));
    expect(logged.match(/"kind"/g)).toHaveLength(4);
  });
});
