// Prepares the database: migrations, and in demo mode (DEMO=1, set by the quick start) the demo
// staff login and the demo content (only when the content tables are empty, so it is safe to re-run).
import { config } from "@api/config";
import { closeDb, getDb } from "@api/db/index";

import { DEMO_TEAM, seedDemo } from "./demo/seed";

const db = await getDb();
console.log(`[setup] database ready (${config().DATABASE_URL ? "PostgreSQL" : config().sqlitePath})`);
if (!config().demo) {
  console.log(
    "[setup] not in demo mode (DEMO=1): no demo login or demo content. Create staff with `npm run staff -- add <email>`.",
  );
} else {
  const result = await seedDemo(db);
  console.log(`[setup] demo content: ${result}`);
  for (const member of DEMO_TEAM)
    console.log(`[setup] demo staff login (${member.role}): ${member.email} / ${member.password}`);
}
await closeDb();
