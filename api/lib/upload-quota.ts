import { JOURNEY_LIMITS } from "@domain/journey";

import type { networkKeys } from "../client-ip";
import { config } from "../config";
import type { DB } from "../db";
import { LimitedError } from "../limits";
import { apiMessages } from "../messages";

// Room for the files applicants upload before their form is sent (docs/security.md, "Applicant
// uploads"). Every visitor's waiting files share one cap; each network has a share of it at
// three sizes, so neither one address nor one /56 or /48 (whose every /64 is a new address) can
// fill it; the last part of the cap is kept for a form from a quiet network; and files kept by
// saved forms, which wait 14 days, have a small allowance of their own per network.

const MiB = 1024 * 1024;
type Networks = ReturnType<typeof networkKeys>;
type Level = { column: "client_key" | "client_net56" | "client_net48"; key: string | null; bytes: number };

/** All files waiting for their form, from everyone, saved forms' included. */
export const unclaimedCap = { bytes: 512 * MiB };
/**
 * Each address's (IPv4 address, IPv6 /64) share of the files waiting for a form to be sent: one
 * full registration (6 files of 3 MB) and a little over.
 */
export const unclaimedShare = { bytes: 24 * MiB };
/** The shares of an IPv6 /56 and /48: a household's or an office's few applicants at once, not the whole cap. */
export const networkShares = { net56: 48 * MiB, net48: 96 * MiB };
/**
 * The last part of the cap, taken only by a form from a quiet network (nothing of its /48, or of
 * its IPv4 address, waits but that form's own files), and by one form (upload token) at most one
 * registration's files: a flood that filled the rest does not stop a real applicant.
 */
export const unclaimedReserve = { bytes: 64 * MiB, perForm: 18 * MiB };
/** What saved forms may keep per network (IPv4 address or /64, /56, /48), for their 14 days. */
export const savedShare = { bytes: 12 * MiB, net56: 24 * MiB, net48: 48 * MiB };

/** How long a file waits for its form before the sweep removes it: UNCLAIMED_HOURS (2 by default). */
export const abandonedAfterMs = () => config().UNCLAIMED_HOURS * 60 * 60 * 1000;
/** A saved form keeps a file this long from its upload, whatever saves it again (`replaces`). */
export const savedFileMs = () => JOURNEY_LIMITS.savedFormDays * 24 * 60 * 60 * 1000;

function levels(networks: Networks, shares: { bytes: number; net56: number; net48: number }): Level[] {
  // Scaled like every per-address allowance: the browser suite's one machine plays many visitors.
  const factor = config().RATE_LIMIT_FACTOR;
  return [
    { column: "client_key" as const, key: networks.address, bytes: shares.bytes * factor },
    { column: "client_net56" as const, key: networks.net56, bytes: shares.net56 * factor },
    { column: "client_net48" as const, key: networks.net48, bytes: shares.net48 * factor },
  ].filter((l) => l.key !== null);
}

/** Bytes (and the oldest upload) waiting unclaimed: all, or one network's, saved forms' or the rest. */
async function waiting(
  db: DB,
  filter: { level?: Level; saved?: boolean; uploadToken?: string } = {},
): Promise<{ total: number; oldest?: string }> {
  let select = db
    .selectFrom("private_files")
    .select((eb) => [eb.fn.sum<number | string | null>("size").as("total"), eb.fn.min("created_at").as("oldest")])
    .where("applicant_id", "is", null);
  if (filter.level) select = select.where(filter.level.column, "=", filter.level.key);
  if (filter.saved !== undefined) select = select.where("saved_form", filter.saved ? "is not" : "is", null);
  if (filter.uploadToken) select = select.where("upload_token", "=", filter.uploadToken);
  const row = await select.executeTakeFirst();
  return { total: Number(row?.total ?? 0), oldest: row?.oldest ? String(row.oldest) : undefined };
}

/**
 * Refuses (429) an upload of `incoming` bytes that its networks' shares or the cap cannot take.
 * `uploadToken` is the hash of the upload token the files came with.
 */
export async function checkUploadRoom(db: DB, networks: Networks, uploadToken: string, incoming: number) {
  for (const level of levels(networks, { bytes: unclaimedShare.bytes, ...networkShares })) {
    const mine = await waiting(db, { level, saved: false });
    if (mine.total + incoming > level.bytes) {
      // Room comes back as this network's oldest waiting file is claimed or swept.
      const freed = mine.oldest ? Date.parse(mine.oldest) + abandonedAfterMs() - Date.now() : abandonedAfterMs();
      const seconds = Math.max(60, Math.ceil(freed / 1000));
      throw new LimitedError(seconds, apiMessages.uploadShareFull(seconds));
    }
  }
  const all = (await waiting(db)).total + incoming;
  if (all <= unclaimedCap.bytes - unclaimedReserve.bytes) return;
  if (all <= unclaimedCap.bytes && (await mayUseReserve(db, networks, uploadToken, incoming))) return;
  throw new LimitedError(60 * 60, apiMessages.uploadsFull);
}

async function mayUseReserve(db: DB, networks: Networks, uploadToken: string, incoming: number) {
  // The widest network known: an IPv6 /48, or the IPv4 address itself.
  const widest = networks.net48
    ? { column: "client_net48" as const, key: networks.net48, bytes: 0 }
    : { column: "client_key" as const, key: networks.address, bytes: 0 };
  // Quiet: nothing of this network waits but this form's own files.
  const [network, form] = await Promise.all([
    waiting(db, { level: widest, saved: false }),
    waiting(db, { level: widest, saved: false, uploadToken }),
  ]);
  if (network.total !== form.total) return false;
  const everywhere = await waiting(db, { uploadToken });
  return everywhere.total + incoming <= unclaimedReserve.perForm;
}

/**
 * Whether a saved form from these networks may keep `bytes` more of files: within its networks'
 * allowance for saved forms. Beyond it the form's fields are saved and its files wait as any
 * unclaimed file does (2 hours).
 */
export async function savedFormsMayKeep(db: DB, networks: Networks, bytes: number) {
  for (const level of levels(networks, savedShare)) {
    const kept = await waiting(db, { level, saved: true });
    if (kept.total + bytes > level.bytes) return false;
  }
  return true;
}
