import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { readConfig } from "../../api/config";
import { productionStartProblem } from "../../api/lib/start-checks";

// A production server refuses settings that would lose or leak data, with one line naming the
// setting (docs/deploy.md, "Settings checked at start"); the flags say a demo means them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const good = {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PUBLIC_URL: "https://academy.example",
  SMTP_URL: "smtp://mail.example:587",
  MAIL_FROM: "no-reply@academy.example",
  ACADEMY_INBOX: "office@academy.example",
};
const problem = (env: Record<string, string>) => productionStartProblem(readConfig(env as NodeJS.ProcessEnv));

describe("settings checked at start", () => {
  it("accepts a production site with SMTP, a writable data folder and https", () => {
    expect(problem(good)).toBeUndefined();
  });

  it("refuses a production site without SMTP_URL, unless MAIL_TO_FILES=1", () => {
    const noSmtp = { ...good, SMTP_URL: "" };
    expect(problem(noSmtp)).toMatch(/^SMTP_URL is not set.*MAIL_TO_FILES=1/);
    expect(problem({ ...noSmtp, MAIL_TO_FILES: "1" })).toBeUndefined();
  });

  it("refuses a data folder it cannot write", () => {
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "not a folder");
    expect(problem({ ...good, DATA_DIR: file })).toMatch(
      /^DATA_DIR \(.*a-file\) is not a folder this process can write/,
    );
  });

  it("refuses a PUBLIC_URL that is not https (or unset), unless ALLOW_HTTP_PUBLIC_URL=1", () => {
    expect(problem({ ...good, PUBLIC_URL: "http://academy.example" })).toMatch(
      /^PUBLIC_URL \(http:\/\/academy.example\) is not https/,
    );
    const unset = { ...good, PUBLIC_URL: "" };
    expect(problem(unset)).toMatch(/^PUBLIC_URL \(http:\/\/localhost:3000\) is not https/);
    expect(problem({ ...unset, ALLOW_HTTP_PUBLIC_URL: "1" })).toBeUndefined();
  });

  it("refuses .local mail addresses (MAIL_FROM's default among them), unless ALLOW_LOCAL_MAIL_ADDRESSES=1", () => {
    const noSender = { ...good, MAIL_FROM: "" };
    expect(problem(noSender)).toMatch(/^MAIL_FROM \(no-reply@academy\.local\) is a \.local address/);
    expect(problem({ ...good, MAIL_FROM: "Glow <no-reply@glow.local>" })).toMatch(
      /^MAIL_FROM \(no-reply@glow\.local\) is a \.local address.*ALLOW_LOCAL_MAIL_ADDRESSES=1/,
    );
    expect(problem({ ...good, ACADEMY_INBOX: "admissions@academy.local" })).toMatch(
      /^ACADEMY_INBOX \(admissions@academy\.local\)/,
    );
    expect(problem({ ...good, ADMISSIONS_INBOX: "desk@academy.LOCAL" })).toMatch(
      /^ADMISSIONS_INBOX \(desk@academy\.LOCAL\)/,
    );
    expect(problem({ ...noSender, ACADEMY_INBOX: "a@b.local", ALLOW_LOCAL_MAIL_ADDRESSES: "1" })).toBeUndefined();
    // An inbox left unset is no refusal: the e-mail saved in Settings is the inbox then (decision 095).
    const noInbox = { ...good, ACADEMY_INBOX: "" };
    expect(problem(noInbox)).toBeUndefined();
    // A name with the address is accepted; the sender's name shown is the academy's from Settings.
    expect(problem({ ...good, MAIL_FROM: "Glow Beauty <no-reply@glow.example>" })).toBeUndefined();
  });

  it("refuses a MAIL_FROM that holds no address, as any bad value is refused", () => {
    expect(() => readConfig({ ...good, MAIL_FROM: "The Academy" } as NodeJS.ProcessEnv)).toThrow(
      /MAIL_FROM must be an address/,
    );
  });

  it("checks nothing outside production", () => {
    expect(problem({ NODE_ENV: "development", DATA_DIR: dataDir })).toBeUndefined();
  });

  it("answers one line", () => {
    expect(problem({ NODE_ENV: "production", DATA_DIR: dataDir })).not.toContain("\n");
  });
});
