// GET /api/dashboard/usage.csv: the current workspace's ledger, filtered as on the usage screen, as CSV
import { sessionRoute } from "@/lib/session/session-route";
import { ledgerCsvStream, ledgerFilterFrom } from "@/lib/session/usage-csv";

export const GET = sessionRoute(async ({ request, session }) => {
  const filter = ledgerFilterFrom(session.workspace.id, new URL(request.url).searchParams);
  return new Response(ledgerCsvStream(filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ludex-usage-${filter.period}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
