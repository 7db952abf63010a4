// POST /api/cli/device: starts a CLI login (RFC 8628 device authorization request)
import { deviceAuthorizationEndpoint } from "@/lib/cli-login/device-endpoints";

export const POST = deviceAuthorizationEndpoint;
