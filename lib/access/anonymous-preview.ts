import type { Operation, OperationResult } from "../api/operation";

/**
 * Fields above the preview come back `null` under the same keys, so both shapes match one schema. A lock
 * is a top-level key of each item (`owners`) or a path into it, where `[]` walks every element of an array
 * (`groups[].estimated`). Returns the locks that applied.
 */
export function lockPreviewFields(operation: Operation, result: OperationResult<unknown>): string[] {
  const locks = operation.previewLocks ?? [];
  if (locks.length === 0) return [];
  const items = Array.isArray(result.data) ? result.data : [result.data];
  return locks.filter((lock) => items.map((item) => lockPath(item, lock.split("."))).some(Boolean));
}

function lockPath(value: unknown, path: string[]): boolean {
  if (!value || typeof value !== "object") return false;
  const [head, ...rest] = path;
  const walksArray = head!.endsWith("[]");
  const key = walksArray ? head!.slice(0, -2) : head!;
  if (!(key in value)) return false;
  const record = value as Record<string, unknown>;
  if (rest.length === 0 && !walksArray) {
    record[key] = null;
    return true;
  }
  const children = walksArray ? (Array.isArray(record[key]) ? (record[key] as unknown[]) : []) : [record[key]];
  return children.map((child) => lockPath(child, rest)).some(Boolean);
}
