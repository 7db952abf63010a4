// /api/mcp: the MCP endpoint (Streamable HTTP, stateless); tools derived from the operation registry
import { handleMcpRequest } from "@/lib/mcp/mcp-route";

export const dynamic = "force-dynamic";
export const { GET, POST, DELETE, OPTIONS, PUT, PATCH } = {
  GET: handleMcpRequest,
  POST: handleMcpRequest,
  DELETE: handleMcpRequest,
  OPTIONS: handleMcpRequest,
  PUT: handleMcpRequest,
  PATCH: handleMcpRequest,
};
