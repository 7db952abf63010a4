import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, realpathSync, unlinkSync, writeSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";

/** Another process holds the data folder: PGlite allows one, a second would corrupt it. */
export class DataFolderLocked extends Error {}

export interface DataFolderLock {
  release(): Promise<void>;
}

/**
 * Takes the data folder for this process, or throws DataFolderLocked.
 *
 * On Linux the lock is a listening socket in the abstract namespace, named after the folder's real path:
 * binding is atomic (of two processes starting at the same moment exactly one gets it), and the kernel
 * frees the name when the process ends however it ends (a crash or SIGKILL leaves nothing stale behind,
 * and a reused pid cannot look like a holder). Elsewhere a lock file created exclusively, holding the
 * pid, taken over when that process is gone: weaker (a stale file's takeover can race), documented.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const path = realpathSync(dataDir);
  return process.platform === "linux" ? abstractSocketLock(path) : lockFile(join(path, "ludex.lock"));
}

function abstractSocketLock(path: string): Promise<DataFolderLock> {
  const name = `\0ludex-data-${createHash("sha256").update(path).digest("hex").slice(0, 40)}`;
  return new Promise((resolve, reject) => {
    const server: Server = createServer((socket) => socket.destroy());
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" ? new DataFolderLocked(`the embedded database in ${path} is open in another process`) : error);
    });
    server.listen(name, () => {
      // The lock must not keep a finished command alive.
      server.unref();
      resolve({ release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

function lockFile(file: string, retried = false): DataFolderLock {
  try {
    const fd = openSync(file, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return { release: async () => unlinkSync(file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(file, "utf8"));
    if (retried || isAlive(holder)) throw new DataFolderLocked(`the embedded database in ${file} is held by process ${holder}`);
    unlinkSync(file);
    return lockFile(file, true);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
