import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

/** A stored login, per server: what `ludex login` got from the token endpoint. */
export interface StoredCredential {
  token: string;
  workspace: { id: string; name: string };
  expiresAt: string | null;
  clientName: string | null;
  createdAt: string;
}

interface CredentialsFile {
  /** keyed by the server's origin: one login per server */
  credentials: Record<string, StoredCredential>;
}

/** The user's config directory for Ludex (LUDEX_CONFIG_DIR overrides), as each platform names it. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LUDEX_CONFIG_DIR) return env.LUDEX_CONFIG_DIR;
  if (process.platform === "win32") return join(env.APPDATA || join(homedir(), "AppData", "Roaming"), "ludex");
  if (process.platform === "darwin") return join(homedir(), "Library", "Application Support", "ludex");
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "ludex");
}

export const credentialsPath = () => join(configDir(), "credentials.json");

async function readFileOrEmpty(): Promise<CredentialsFile> {
  try {
    const parsed = JSON.parse(await readFile(credentialsPath(), "utf8")) as Partial<CredentialsFile>;
    return { credentials: parsed.credentials ?? {} };
  } catch {
    return { credentials: {} };
  }
}

export async function readCredential(origin: string): Promise<StoredCredential | null> {
  return (await readFileOrEmpty()).credentials[origin] ?? null;
}

/**
 * Writes the file readable by its owner only (0600) in a directory only they can enter (0700), both set
 * explicitly since the umask may allow more; the temporary file is 0600 from its creation, then renamed.
 */
async function writeCredentials(file: CredentialsFile): Promise<void> {
  const dir = configDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const temporary = `${credentialsPath()}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, credentialsPath());
}

export async function saveCredential(origin: string, credential: StoredCredential): Promise<void> {
  const file = await readFileOrEmpty();
  file.credentials[origin] = credential;
  await writeCredentials(file);
}

export async function deleteCredential(origin: string): Promise<boolean> {
  const file = await readFileOrEmpty();
  if (!file.credentials[origin]) return false;
  delete file.credentials[origin];
  if (Object.keys(file.credentials).length === 0) await rm(credentialsPath(), { force: true });
  else await writeCredentials(file);
  return true;
}
