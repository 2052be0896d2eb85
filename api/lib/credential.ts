import crypto, { type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { formatCertificateNumber, verifyPath } from "@domain/certificates";

import { config } from "../config";
import type { DB } from "../db";
import { type AcademyIdentity, academyIdentity } from "./academy-identity";
import { nowIso } from "./ids";

// The signed credential of a certificate (docs/decisions/059-credential-signing-key.md): an Open
// Badges 3.0 credential (a W3C Verifiable Credential, data model 2.0) with a Data Integrity proof
// of the cryptosuite eddsa-jcs-2022 — the document and the proof's options canonicalised by JCS
// (RFC 8785), hashed with SHA-256, signed with the academy's Ed25519 key. Its public half is
// published at /.well-known/jwks.json, so a checker needs no call to the site.

export const JWKS_PATH = "/.well-known/jwks.json";

export type Jwk = { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; use?: string; alg?: string };

// ---- JCS (RFC 8785): keys sorted by UTF-16 code units, ECMAScript's string and number forms ----
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

// ---- multibase base58btc ("z…"), as Data Integrity proofs carry their signature ----
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
function base58(bytes: Uint8Array) {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
function unbase58(text: string) {
  let n = 0n;
  for (const c of text) {
    const v = BASE58.indexOf(c);
    if (v < 0) throw new Error("not base58");
    n = n * 58n + BigInt(v);
  }
  const hex = n === 0n ? "" : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  const zeros = text.length - text.replace(/^1+/, "").length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();

/** RFC 7638 thumbprint of the public key: its id, the same wherever it is computed. */
export function keyId(publicKey: KeyObject) {
  const { x } = publicKey.export({ format: "jwk" }) as { x: string };
  return sha256(canonicalJson({ crv: "Ed25519", kty: "OKP", x })).toString("base64url");
}

export function publicJwk(publicKey: KeyObject): Jwk {
  const { x } = publicKey.export({ format: "jwk" }) as { x: string };
  return { kty: "OKP", crv: "Ed25519", x, kid: keyId(publicKey), use: "sig", alg: "EdDSA" };
}

/** Where the private key is kept; never inside DATA_DIR, whose copies are backups (api/config.ts refuses it; decision 059). */
export function credentialKeyFile() {
  const file = config().CREDENTIAL_KEY_FILE;
  return file ? path.resolve(file) : undefined;
}

/** The signing key, read from its file at each use (a rotation needs no restart), or undefined. */
function signingKey() {
  const file = credentialKeyFile();
  if (!file || !fs.existsSync(file)) return undefined;
  const privateKey = crypto.createPrivateKey(fs.readFileSync(file));
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("CREDENTIAL_KEY_FILE is not an Ed25519 key");
  const kid = keyId(crypto.createPublicKey(privateKey));
  return { privateKey, kid };
}

/** The published keys (current and retired: a credential signed before a rotation still checks). */
export async function publishedKeys(db: DB) {
  const rows = await db.selectFrom("credential_keys").select(["public_jwk"]).orderBy("created_at", "desc").execute();
  return { keys: rows.map((r) => JSON.parse(r.public_jwk) as Jwk) };
}

export type CertificateForCredential = {
  number: string;
  holder_name: string;
  course_title: string;
  completed_on: string;
  grade: string | null;
  issued_at: string;
};

/** The unsigned credential of a certificate. */
export function credentialOf(c: CertificateForCredential, academy: AcademyIdentity) {
  const base = config().PUBLIC_URL;
  return {
    "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
    id: `${base}${verifyPath(c.number)}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer: { id: base, type: ["Profile"], name: academy.name },
    validFrom: c.issued_at,
    name: `${c.course_title} — Certificate of Completion`,
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: c.holder_name }],
      activityEndDate: `${c.completed_on}T00:00:00+01:00`,
      achievement: {
        id: `${base}/courses#${encodeURIComponent(c.course_title)}`,
        type: ["Achievement"],
        name: c.course_title,
        description: `The course ${c.course_title} at ${academy.name}, ${academy.place}.`,
        criteria: { narrative: `Completed the course, as recorded by ${academy.name}.` },
      },
      ...(c.grade ? { result: [{ type: ["Result"], value: c.grade }] } : {}),
    },
    evidence: [{ id: `${base}${verifyPath(c.number)}`, type: ["Evidence"], name: formatCertificateNumber(c.number) }],
  };
}

/** What eddsa-jcs-2022 signs: the hash of the proof's options, then the hash of the document. */
function signedBytes(document: Record<string, unknown>, proofOptions: Record<string, unknown>) {
  return Buffer.concat([sha256(canonicalJson(proofOptions)), sha256(canonicalJson(document))]);
}

/**
 * The signed credential, or undefined when no key is set up or its public half is not published
 * (a key file from elsewhere must not sign what no published key can check).
 */
export async function signedCredential(db: DB, c: CertificateForCredential) {
  const key = signingKey();
  if (!key) return undefined;
  const published = await db
    .selectFrom("credential_keys")
    .select("kid")
    .where("kid", "=", key.kid)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  if (!published) return undefined;
  return signWith(credentialOf(c, await academyIdentity()), key.privateKey, key.kid, nowIso());
}

export function signWith(document: Record<string, unknown>, privateKey: KeyObject, kid: string, created: string) {
  const proofOptions = {
    type: "DataIntegrityProof",
    cryptosuite: "eddsa-jcs-2022",
    created,
    verificationMethod: `${config().PUBLIC_URL}${JWKS_PATH}#${kid}`,
    proofPurpose: "assertionMethod",
    "@context": document["@context"],
  };
  const signature = crypto.sign(null, signedBytes(document, proofOptions), privateKey);
  // The proof carries the options without their @context (the document's own applies).
  const proof: Record<string, unknown> = { ...proofOptions };
  delete proof["@context"];
  return { ...document, proof: { ...proof, proofValue: `z${base58(signature)}` } };
}

/**
 * Checks a credential against a set of published keys, as an employer's tool would: the key named
 * by the proof, the same canonical bytes, the Ed25519 signature. True only when all hold.
 */
export function verifyCredential(credential: unknown, jwks: { keys: Jwk[] }) {
  try {
    const { proof, ...document } = credential as { proof: Record<string, unknown> } & Record<string, unknown>;
    if (!proof || proof.type !== "DataIntegrityProof" || proof.cryptosuite !== "eddsa-jcs-2022") return false;
    const { proofValue, ...options } = proof;
    if (typeof proofValue !== "string" || !proofValue.startsWith("z")) return false;
    const kid = String(options.verificationMethod ?? "").split("#")[1];
    const jwk = jwks.keys.find((k) => k.kid === kid);
    if (!jwk) return false;
    const publicKey = crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    const bytes = signedBytes(document, { ...options, "@context": document["@context"] });
    return crypto.verify(null, bytes, publicKey, unbase58(proofValue.slice(1)));
  } catch {
    return false;
  }
}

/**
 * The operator's key command (scripts/credential-key.ts): a new key pair, its private half
 * written to the key file (readable by its owner only), its public half published, the keys
 * before it kept published as retired so what they signed still checks.
 */
export async function rotateCredentialKey(db: DB) {
  const file = credentialKeyFile();
  if (!file) throw new Error("Set CREDENTIAL_KEY_FILE to where the private key is to be kept (outside DATA_DIR)");
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ed25519");
  const jwk = publicJwk(publicKey);
  const now = nowIso();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.new`;
  fs.writeFileSync(temporary, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600 });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("credential_keys").set({ retired_at: now }).where("retired_at", "is", null).execute();
    await trx
      .insertInto("credential_keys")
      .values({ kid: jwk.kid, public_jwk: JSON.stringify(jwk), created_at: now, retired_at: null })
      .execute();
  });
  // The old private key is replaced, not kept: only its public half is needed from now on.
  fs.renameSync(temporary, file);
  return jwk;
}

/** A key that must no longer be trusted (its private half leaked): unpublished, so nothing it signed checks. */
export async function withdrawCredentialKey(db: DB, kid: string) {
  const gone = await db.deleteFrom("credential_keys").where("kid", "=", kid).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}
