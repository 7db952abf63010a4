// POST /api/cli/token: the CLI polls here until its login is approved (RFC 8628 device access token request)
import { deviceTokenEndpoint } from "@/lib/cli-login/device-endpoints";

export const POST = deviceTokenEndpoint;
