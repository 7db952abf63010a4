// Before `npm test`: the browser tests need Chromium. Install Debian's where we can; otherwise stop at once
// with the one command that fixes it (never a browser download: this machine has no route to one).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FIX = "sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium or Chrome binary)";

function canInstall(): boolean {
  const root = process.getuid?.() === 0;
  return root && spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

if (!existsSync(path)) {
  if (process.env.CHROMIUM_PATH || !canInstall()) {
    console.error(`The browser tests need Chromium, and ${path} does not exist. Fix with:\n\n    ${FIX}\n`);
    process.exit(1);
  }
  console.error("[test] Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)");
  try {
    execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"], { stdio: "inherit" });
  } catch {
    console.error(`Installing Chromium failed. Fix with:\n\n    ${FIX}\n`);
    process.exit(1);
  }
}
