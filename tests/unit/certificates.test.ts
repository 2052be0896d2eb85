import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { CERTIFICATE_ALPHABET, formatCertificateNumber, normalizeCertificateNumber } from "@domain/certificates";

import { newCertificateNumber } from "../../api/lib/certificates";
import { credentialOf, publicJwk, signWith, verifyCredential } from "../../api/lib/credential";

// Certificate numbers and signed credentials (docs/decisions/058, 059).

describe("certificate numbers", () => {
  it("are unique across 100,000 issued, each well formed and checked", { timeout: 30_000 }, () => {
    const seen = new Set<string>();
    const malformed: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const number = newCertificateNumber();
      if (!/^[0-9A-HJKMNP-TV-Z]{13}$/.test(number) || normalizeCertificateNumber(number) !== number)
        malformed.push(number);
      seen.add(number);
    }
    expect(malformed).toEqual([]);
    expect(seen.size).toBe(100_000);
  });

  it("use every character of the alphabet about equally (no order to count from)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++)
      for (const c of newCertificateNumber().slice(0, 12)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    const expected = (20_000 * 12) / 32;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });

  it("are read however a person types them, and refuse any single wrong character", () => {
    const number = newCertificateNumber();
    const shown = formatCertificateNumber(number);
    expect(shown).toMatch(/^.{4}-.{4}-.{4}-.$/);
    expect(normalizeCertificateNumber(` ${shown.toLowerCase()} `)).toBe(number);
    expect(normalizeCertificateNumber(number.replace(/0/g, "O").replace(/1/g, "I"))).toBe(number);
    for (let i = 0; i < number.length; i++)
      for (const c of CERTIFICATE_ALPHABET) {
        if (c === number[i]) continue;
        const wrong = number.slice(0, i) + c + number.slice(i + 1);
        expect(normalizeCertificateNumber(wrong), wrong).toBeNull();
      }
    expect(normalizeCertificateNumber("")).toBeNull();
    expect(normalizeCertificateNumber("U".repeat(13))).toBeNull();
  });
});

describe("the signed credential", () => {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ed25519");
  const jwk = publicJwk(publicKey);
  const jwks = { keys: [jwk] };
  const credential = signWith(
    credentialOf(
      {
        number: newCertificateNumber(),
        holder_name: "Adaeze Ọlá Okafor",
        course_title: "Professional Hairdressing and Styling",
        completed_on: "2026-11-20",
        grade: "Distinction",
        issued_at: "2026-11-27T10:00:00.000Z",
      },
      { name: "Fine Line Academy", place: "Lagos, Nigeria" },
    ),
    privateKey,
    jwk.kid,
    "2026-11-27T10:00:01.000Z",
  );

  it("has the Open Badges 3.0 shape and verifies with the published key", () => {
    expect(credential).toMatchObject({
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { type: ["Profile"], name: "Fine Line Academy" },
      credentialSubject: { type: ["AchievementSubject"], achievement: { type: ["Achievement"] } },
      proof: { type: "DataIntegrityProof", cryptosuite: "eddsa-jcs-2022", proofPurpose: "assertionMethod" },
    });
    expect(jwk).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      x: expect.any(String),
      kid: expect.any(String),
      use: "sig",
      alg: "EdDSA",
    });
    expect(verifyCredential(credential, jwks)).toBe(true);
    // Key order and spacing do not matter (JCS): a credential read and written again still checks.
    const { proof, ...rest } = credential;
    const reordered = { proof, ...Object.fromEntries(Object.entries(rest).reverse()) };
    expect(verifyCredential(JSON.parse(JSON.stringify(reordered, null, 2)), jwks)).toBe(true);
  });

  it("fails when any one character of it is changed", () => {
    const text = JSON.stringify(credential);
    let checked = 0;
    for (let i = 0; i < text.length; i++) {
      const changed = text.slice(0, i) + (text[i] === "a" ? "b" : "a") + text.slice(i + 1);
      let parsed: unknown;
      try {
        parsed = JSON.parse(changed);
      } catch {
        continue; // no longer JSON: no tool would read it as a credential
      }
      expect(verifyCredential(parsed, jwks), `character ${i}`).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(text.length * 0.8);
  });

  it("fails with another key of the same id, and with no key", () => {
    const other = publicJwk(crypto.generateKeyPairSync("ed25519").publicKey);
    expect(verifyCredential(credential, { keys: [{ ...other, kid: jwk.kid }] })).toBe(false);
    expect(verifyCredential(credential, { keys: [] })).toBe(false);
  });
});

describe("the signing key's place", () => {
  it("is refused inside DATA_DIR, which backups copy, and taken outside it", async () => {
    const { readConfig } = await import("../../api/config");
    expect(() =>
      readConfig({
        NODE_ENV: "test",
        DATA_DIR: "/srv/academy/data",
        CREDENTIAL_KEY_FILE: "/srv/academy/data/key.pem",
      } as NodeJS.ProcessEnv),
    ).toThrow(/CREDENTIAL_KEY_FILE: must be outside DATA_DIR/);
    expect(
      readConfig({
        NODE_ENV: "test",
        DATA_DIR: "/srv/academy/data",
        CREDENTIAL_KEY_FILE: "/etc/academy/key.pem",
      } as NodeJS.ProcessEnv).CREDENTIAL_KEY_FILE,
    ).toBe("/etc/academy/key.pem");
  });
});
