// GET /api/cli/credential: the bearer token's own record (auth status); DELETE: a CLI credential revokes itself (logout)
import { credentialEndpoint } from "@/lib/cli-login/device-endpoints";

export const GET = credentialEndpoint;
export const DELETE = credentialEndpoint;
