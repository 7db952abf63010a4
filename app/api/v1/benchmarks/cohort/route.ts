// GET /api/v1/benchmarks/cohort: Benchmark a cohort of games
import { apiRoute } from "@/lib/rest/api-route";
import { cohortBenchmarkOperation } from "@/lib/operations/cohort-benchmark";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(cohortBenchmarkOperation);
