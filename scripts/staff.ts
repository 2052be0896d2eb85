// Staff accounts from the command line (the web's /admin/staff does the same for Admins;
// docs/decisions/031-staff-roles.md):
//   npm run staff -- add <email> [--name "Full Name"] [--role admin|admissions|editor]
//                                                       creates one with a generated password (an Admin by default)
//   npm run staff -- list
//   npm run staff -- role <email> <admin|admissions|editor>
//   npm run staff -- reset-2fa <email>                  turns off its two-factor sign-in (a lost phone)
//   npm run staff -- remove <email>
import crypto from "node:crypto";

import { z } from "zod";

import { hashPassword } from "@api/auth/password";
import { closeDb, getDb } from "@api/db/index";
import { newId } from "@api/lib/ids";
import { STAFF_ROLES, type StaffRole } from "@domain/staff";

import { formatStaffList } from "./staff-list";

const [command, emailArg, ...rest] = process.argv.slice(2);
const nameFlag = rest.indexOf("--name");
const name = nameFlag >= 0 ? rest[nameFlag + 1] : undefined;
const roleFlag = rest.indexOf("--role");
const roleArg = roleFlag >= 0 ? rest[roleFlag + 1] : command === "role" ? rest[0] : "admin";
const isRole = (r: string | undefined): r is StaffRole => STAFF_ROLES.includes(r as StaffRole);

/** 16 characters that always pass the password rules (upper, lower, digit, symbol). */
function generatePassword() {
  const pick = (set: string) => set[crypto.randomInt(set.length)];
  const body = Array.from({ length: 12 }, () => pick("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")).join(
    "",
  );
  return `${body}${pick("ABCDEFGHJKLMNPQRSTUVWXYZ")}${pick("abcdefghijkmnpqrstuvwxyz")}${pick("23456789")}${pick("!@#$%^&*")}`;
}

function usage(): never {
  console.error(
    'usage: npm run staff -- add <email> [--name "Full Name"] [--role admin|admissions|editor] | list | role <email> <role> | reset-2fa <email> | remove <email>',
  );
  process.exit(2);
}

const db = await getDb();
try {
  if (command === "add") {
    const email = z.email().safeParse(emailArg?.trim().toLowerCase());
    if (!email.success || !isRole(roleArg)) usage();
    const taken = await db.selectFrom("users").select("id").where("email", "=", email.data).executeTakeFirst();
    if (taken) {
      console.error(
        `${email.data} already has an account; use the password reset on /fla-admin to change its password.`,
      );
      process.exitCode = 1;
    } else {
      const password = generatePassword();
      await db
        .insertInto("users")
        .values({
          id: newId(),
          email: email.data,
          name: name ?? email.data.split("@")[0],
          password_hash: await hashPassword(password),
          is_demo: 0,
          created_at: new Date().toISOString(),
          role: roleArg,
        })
        .execute();
      console.log(
        `Created staff account ${email.data} (${roleArg})\nPassword (shown once, change it with "Forgot password"): ${password}`,
      );
    }
  } else if (command === "list") {
    const users = await db
      .selectFrom("users")
      .select(["email", "name", "is_demo", "created_at", "last_login_at", "role", "totp_enabled_at", "deactivated_at"])
      .orderBy("created_at")
      .execute();
    console.log(formatStaffList(users));
  } else if (command === "role") {
    if (!emailArg || !isRole(roleArg)) usage();
    const result = await db
      .updateTable("users")
      .set({ role: roleArg })
      .where("email", "=", emailArg.trim().toLowerCase())
      .executeTakeFirst();
    console.log(Number(result.numUpdatedRows) ? `${emailArg} is now ${roleArg}` : `No account for ${emailArg}`);
  } else if (command === "reset-2fa") {
    if (!emailArg) usage();
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", emailArg.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) console.log(`No account for ${emailArg}`);
    else {
      await db
        .updateTable("users")
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where("id", "=", user.id)
        .execute();
      await db.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
      await db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      console.log(`Two-factor sign-in of ${emailArg} is off; it sets it up again at its next sign-in`);
    }
  } else if (command === "remove") {
    if (!emailArg) usage();
    const result = await db.deleteFrom("users").where("email", "=", emailArg.trim().toLowerCase()).executeTakeFirst();
    console.log(Number(result.numDeletedRows) ? `Removed ${emailArg}` : `No account for ${emailArg}`);
  } else {
    usage();
  }
} finally {
  await closeDb();
}
