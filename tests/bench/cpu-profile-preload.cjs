// Preloaded (NODE_OPTIONS=--require) into the server's Node processes when BENCH_PROFILE_DIR is set: Node 20
// refuses --cpu-prof in NODE_OPTIONS, so this starts the V8 profiler itself and writes the profile at exit.
const inspector = require("node:inspector");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");

const dir = process.env.BENCH_PROFILE_DIR;
// Only the server (lib/runtime/serve-next.ts, or `next start` on the platform path): npx, tsx and the launcher
// are not what the bench measures.
const isServer = process.argv.some((arg) => arg.endsWith("serve-next.ts")) || (process.argv.some((arg) => arg.endsWith("next")) && process.argv.includes("start"));
if (dir && isServer) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-thread session answers synchronously, so this works inside an exit handler.
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(dir, `next-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  process.on("SIGTERM", () => {
    write();
    process.exit(0);
  });
}
