import type { Operation, OperationResult } from "../api/operation";

/** Fields above the preview come back `null` under the same keys, so both shapes match one schema. */
export function lockPreviewFields(operation: Operation, result: OperationResult<unknown>): string[] {
  const locks = operation.previewLocks ?? [];
  if (locks.length === 0) return [];
  const items = Array.isArray(result.data) ? result.data : [result.data];
  const locked = new Set<string>();
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    for (const key of locks) {
      if (key in item) {
        (item as Record<string, unknown>)[key] = null;
        locked.add(key);
      }
    }
  }
  return locks.filter((key) => locked.has(key));
}
