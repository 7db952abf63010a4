// /dashboard/explore: run a registry operation as the current workspace, draw it as a chart, download it as CSV or XLSX
import { CREDIT_PRICES } from "@/lib/access/plans";
import { requirePageSession } from "@/lib/session/page-session";
import { SESSION_OPERATIONS, pathParamNames } from "@/lib/session/session-operation";
import { NoWorkspace } from "../_components/no-workspace";
import { ExploreForm, type OperationChoice } from "../_components/explore-form";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Charts and export · Ludex" };

async function ExplorePage() {
  const session = await requirePageSession("/dashboard/explore");
  if (!session.workspace) return <NoWorkspace />;
  const operations: OperationChoice[] = SESSION_OPERATIONS.map((operation) => ({
    id: operation.id,
    summary: operation.summary,
    path: operation.path,
    credits: CREDIT_PRICES[operation.costClass],
    paginated: operation.paginated,
    parameters: [...pathParamNames(operation), ...Object.keys(operation.query.shape)],
    example: new URLSearchParams({ ...operation.example?.params, ...operation.example?.query }).toString(),
  }));
  return (
    <>
      <div className="page-head">
        <h1>Charts and export</h1>
      </div>
      <p className="muted">
        Runs an API operation as <strong>{session.workspace.name}</strong>, at the API&apos;s prices: each chart is one call; an
        export reads every page (100 rows a page) and is priced before it starts.
      </p>
      <ExploreForm operations={operations} />
    </>
  );
}

export default outageAware(ExplorePage);
