// /.well-known/oauth-authorization-server: RFC 8414 metadata of Ludex's OAuth server for MCP clients
import { authorizationServerMetadata, OPEN_CORS, oauthJson } from "@/lib/oauth/oauth-urls";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return oauthJson(authorizationServerMetadata(request), 200, { "Cache-Control": "public, max-age=300" });
}

export const OPTIONS = async () => new Response(null, { status: 204, headers: OPEN_CORS });
