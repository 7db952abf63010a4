import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLocked } from "../../lib/db/data-folder-lock";
import { embeddedInfoPath, startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded-server";

const dirs: string[] = [];
const opened: EmbeddedPostgres[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "ludex-lock-"));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded data folder lock", { timeout: 120_000 }, () => {
  it("two opens of one folder at the same moment: exactly one gets it", async () => {
    const dir = folder();
    const results = await Promise.allSettled([startEmbeddedPostgres({ dataDir: dir }), startEmbeddedPostgres({ dataDir: dir })]);
    const ok = results.filter((r) => r.status === "fulfilled");
    for (const r of ok) opened.push(r.value);
    expect(ok).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DataFolderLocked);
  });

  it("holds without the info file (which a starting server has not written yet)", async () => {
    const dir = folder();
    opened.push(await startEmbeddedPostgres({ dataDir: dir }));
    rmSync(embeddedInfoPath(dir), { force: true });
    await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toBeInstanceOf(DataFolderLocked);
  });

  it("is held by another process, and free again the moment that process is killed (SIGKILL)", async () => {
    const dir = folder();
    // one process (node with tsx's loader, not npx and its children): its death is the holder's death
    const holder = spawn(process.execPath, ["--import", "tsx", "tests/db/hold-data-folder.ts", dir], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((ready, fail) => {
      holder.stdout!.on("data", (chunk) => String(chunk).includes("ready") && ready());
      holder.once("exit", (code) => fail(new Error(`holder exited with ${code}`)));
    });
    await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toBeInstanceOf(DataFolderLocked);
    const exited = new Promise((done) => holder.once("exit", done));
    holder.kill("SIGKILL");
    await exited;
    // the crashed holder left its info file behind; the lock itself went with the process
    const server = await startEmbeddedPostgres({ dataDir: dir });
    opened.push(server);
    expect(server.url).toMatch(/^postgres:/);
  });
});
