// Summarises V8 CPU profiles written with BENCH_PROFILE_DIR: self time by area and the hottest functions.
// npx tsx tests/bench/profile-summary.ts DIR  (the profile with the most samples is the server under load)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Areas by where the code lives (Next bundles app code and some packages into .next/server chunks). */
const AREAS: [string, RegExp][] = [
  ["prisma (client, query engine wasm, adapter)", /@prisma|prisma|query_compiler|\.wasm/i],
  ["pg driver", /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ["redis / rate limit", /redis|upstash/i],
  ["zod", /zod/],
  ["next (server, router, compiled deps)", /node_modules\/next\/|next-server|\.next\/server\/(chunks\/ssr\/)?\[turbopack\]|\[turbopack\]_runtime/],
  ["app and lib code (.next server bundle)", /\.next\/server/],
  ["node internals", /^node:|^internal\//],
];

function area(url: string, name: string): string {
  if (!url) return name === "(garbage collector)" ? "garbage collection" : name === "(idle)" || name === "(program)" ? name : "native / builtins";
  return AREAS.find(([, pattern]) => pattern.test(url))?.[0] ?? "other";
}

export function summarise(path: string) {
  const profile = JSON.parse(readFileSync(path, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const label = area(url, functionName);
    if (label === "(idle)") continue;
    busy += micros;
    areas.set(label, (areas.get(label) ?? 0) + micros);
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\.next\//, ".next/")}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1)}%`;
  console.log(`${path}: ${(busy / 1e6).toFixed(1)} s busy`);
  for (const [label, micros] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`  ${share(micros).padStart(6)}  ${label}`);
  console.log("  hottest functions (self time):");
  for (const [key, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${share(micros).padStart(6)}  ${key}`);
}

const dir = process.argv[2];
if (!dir) throw new Error("usage: tsx tests/bench/profile-summary.ts DIR");
const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => join(dir, f));
const largest = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (!largest) throw new Error(`no .cpuprofile in ${dir}`);
summarise(largest);
