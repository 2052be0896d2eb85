// Staff accounts from the command line:
//   npm run staff -- add <email> [--name "Full Name"]   creates one with a generated password
//   npm run staff -- list
//   npm run staff -- remove <email>
import crypto from "node:crypto";

import { z } from "zod";

import { hashPassword } from "@api/auth/password";
import { closeDb, getDb } from "@api/db/index";
import { newId } from "@api/lib/ids";

import { formatStaffList } from "./staff-list";

const [command, emailArg, ...rest] = process.argv.slice(2);
const nameFlag = rest.indexOf("--name");
const name = nameFlag >= 0 ? rest[nameFlag + 1] : undefined;

/** 16 characters that always pass the password rules (upper, lower, digit, symbol). */
function generatePassword() {
  const pick = (set: string) => set[crypto.randomInt(set.length)];
  const body = Array.from({ length: 12 }, () => pick("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")).join(
    "",
  );
  return `${body}${pick("ABCDEFGHJKLMNPQRSTUVWXYZ")}${pick("abcdefghijkmnpqrstuvwxyz")}${pick("23456789")}${pick("!@#$%^&*")}`;
}

function usage(): never {
  console.error('usage: npm run staff -- add <email> [--name "Full Name"] | list | remove <email>');
  process.exit(2);
}

const db = await getDb();
try {
  if (command === "add") {
    const email = z.email().safeParse(emailArg?.trim().toLowerCase());
    if (!email.success) usage();
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
        })
        .execute();
      console.log(
        `Created staff account ${email.data}\nPassword (shown once, change it with "Forgot password"): ${password}`,
      );
    }
  } else if (command === "list") {
    const users = await db
      .selectFrom("users")
      .select(["email", "name", "is_demo", "created_at", "last_login_at"])
      .orderBy("created_at")
      .execute();
    console.log(formatStaffList(users));
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
