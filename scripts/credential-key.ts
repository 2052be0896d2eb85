// The certificates' signing key (docs/decisions/059-credential-signing-key.md):
//   npm run credential-key -- rotate          makes a new Ed25519 key: the private half to
//                                             CREDENTIAL_KEY_FILE (outside DATA_DIR, mode 600),
//                                             the public half published at /.well-known/jwks.json;
//                                             keys before it stay published (retired), so what
//                                             they signed still checks. The first key is made the same way.
//   npm run credential-key -- list            the published keys
//   npm run credential-key -- withdraw <kid>  unpublishes a key whose private half leaked:
//                                             nothing it signed checks any more
import { closeDb, getDb } from "@api/db/index";
import { credentialKeyFile, rotateCredentialKey, withdrawCredentialKey } from "@api/lib/credential";

const [command, kid] = process.argv.slice(2);

function usage(): never {
  console.error("usage: npm run credential-key -- rotate | list | withdraw <kid>");
  process.exit(2);
}

const db = await getDb();
try {
  if (command === "rotate") {
    const jwk = await rotateCredentialKey(db);
    console.log(`New signing key ${jwk.kid}; private key written to ${credentialKeyFile()}`);
    console.log("Copy that file to every instance (same path), never into DATA_DIR or a backup in clear.");
  } else if (command === "list") {
    const rows = await db.selectFrom("credential_keys").selectAll().orderBy("created_at").execute();
    for (const r of rows)
      console.log(`${r.kid}  made ${r.created_at}  ${r.retired_at ? `retired ${r.retired_at}` : "current"}`);
    if (rows.length === 0) console.log("No key yet: npm run credential-key -- rotate");
  } else if (command === "withdraw" && kid) {
    if (!(await withdrawCredentialKey(db, kid))) {
      console.error(`No published key ${kid}`);
      process.exitCode = 1;
    } else console.log(`Key ${kid} withdrawn: credentials it signed no longer check.`);
  } else usage();
} finally {
  await closeDb();
}
