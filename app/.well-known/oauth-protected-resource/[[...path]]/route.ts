// /.well-known/oauth-protected-resource[/api/mcp]: RFC 9728 metadata of the MCP endpoint (root and path-inserted)
import { OPEN_CORS, oauthJson, protectedResourceMetadata } from "@/lib/oauth/oauth-urls";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const path = (await params).path?.join("/") ?? "";
  if (path !== "" && path !== "api/mcp") return oauthJson({ error: "not_found", error_description: "No protected resource here; the MCP endpoint is /api/mcp." }, 404);
  return oauthJson(protectedResourceMetadata(request), 200, { "Cache-Control": "public, max-age=300" });
}

export const OPTIONS = async () => new Response(null, { status: 204, headers: OPEN_CORS });
