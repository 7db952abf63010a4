import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProductionDeployment } from "../config/deployment";

/**
 * Auth.js signs and hashes with AUTH_SECRET. A deployment sets it; on a developer's machine the launcher
 * makes one on first start and keeps it in the data folder (mode 0600), so sessions survive restarts.
 */
export function ensureAuthSecret(dataDir: string): void {
  if (process.env.AUTH_SECRET) return;
  if (isProductionDeployment()) throw new Error("AUTH_SECRET is not set: a production deployment must set it (openssl rand -base64 33).");
  const file = join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(33).toString("base64"), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  process.env.AUTH_SECRET = readFileSync(file, "utf8").trim();
}
