import { billingPeriod } from "../metering/billing-period";
import { LEDGER_STATUSES, ledgerBatches, type LedgerFilter, type LedgerStatus } from "../metering/usage-ledger";
import { csvLine } from "../export/csv";
import { ApiError } from "../api/api-error";

const COLUMNS = ["createdAt", "requestId", "operation", "costClass", "credits", "status", "httpStatus", "tokenId", "userId", "surface", "clientId", "clientName"] as const;

/** The usage screen's filter, from its query string (the same names the page and GET /usage use). */
export function ledgerFilterFrom(workspaceId: string, query: URLSearchParams): LedgerFilter {
  const period = query.get("period") || billingPeriod().period;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new ApiError("BAD_REQUEST", "period: expected YYYY-MM", { param: "period" });
  const status = query.get("status") || undefined;
  if (status && !(LEDGER_STATUSES as readonly string[]).includes(status)) {
    throw new ApiError("BAD_REQUEST", "status: expected charged or refunded", { param: "status" });
  }
  return {
    workspaceId,
    period,
    tokenId: query.get("tokenId")?.slice(0, 64) || undefined,
    clientId: query.get("clientId")?.slice(0, 2_000) || undefined,
    operation: query.get("operation")?.slice(0, 64) || undefined,
    status: status as LedgerStatus | undefined,
  };
}

/** The whole filtered ledger as CSV, streamed a batch at a time. */
export function ledgerCsvStream(filter: LedgerFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = ledgerBatches(filter);
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine([...COLUMNS])));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(COLUMNS.map((column) => row[column]))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
