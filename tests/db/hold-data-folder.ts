// Helper process for data-folder-lock.test.ts: opens the embedded database in argv[2], says so, waits to be killed.
import { startEmbeddedPostgres } from "../../lib/db/embedded-server";

const embedded = await startEmbeddedPostgres({ dataDir: process.argv[2] });
console.log(`ready ${embedded.url}`);
setInterval(() => undefined, 60_000);
