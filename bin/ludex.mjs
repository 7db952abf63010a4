#!/usr/bin/env node
// The `ludex` CLI's entry point: runs lib/cli/main.ts through tsx, so a clone needs no build step.
import { register } from "tsx/esm/api";

register();
await import("../lib/cli/main.ts");
