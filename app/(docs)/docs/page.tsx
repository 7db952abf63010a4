import { buildOpenApiDocument } from "@/lib/api/openapi";
import { COST_CLASS_LABELS } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { TryIt, type TryItParameter } from "./try-it";

export const metadata = { title: "Ludex API reference" };

interface DocParameter extends TryItParameter {
  schema: { type?: string; enum?: string[]; items?: { enum?: string[] }; default?: unknown };
}

/** The reference page: every operation of the registry, read through the generated OpenAPI document. */
export default function DocsPage() {
  const document = buildOpenApiDocument(OPERATIONS);
  return (
    <>
      <h1>API reference</h1>
      <p>
        Base URL <code>/api/v1</code>. Successes are <code>{"{data, meta, pagination?, warnings?}"}</code>; errors are{" "}
        <code>{"{error: {code, message, param?, requestId}}"}</code>. Lists page with <code>limit</code> (default 25,
        max 100) and <code>offset</code>; send <code>pagination.nextOffset</code> as the next <code>offset</code>. The
        machine-readable contract is <a href="/api/v1/openapi.json">openapi.json</a>.
      </p>
      {OPERATIONS.map((op) => {
        const spec = (document.paths[op.path] as Record<string, { parameters: DocParameter[] }>)[op.method.toLowerCase()];
        return (
          <section className="operation" key={op.id} id={op.id}>
            <h3>
              <span className="method">{op.method}</span>
              {op.path}
            </h3>
            <div className="cost">
              {op.summary} · cost class: {COST_CLASS_LABELS[op.costClass]} · <code>{op.id}</code>
            </div>
            <p>{op.description}</p>
            {spec.parameters.length > 0 && <ParameterTable parameters={spec.parameters} />}
            <TryIt
              path={op.path}
              parameters={spec.parameters.map(({ name, in: location, required }) => ({ name, in: location, required }))}
              example={{ ...op.example?.params, ...op.example?.query }}
            />
          </section>
        );
      })}
    </>
  );
}

function ParameterTable({ parameters }: { parameters: DocParameter[] }) {
  return (
    <table>
      <thead>
        <tr><th>name</th><th>in</th><th>type</th><th>description</th></tr>
      </thead>
      <tbody>
        {parameters.map((p) => (
          <tr key={p.name}>
            <td><code>{p.name}</code>{p.required ? " *" : ""}</td>
            <td>{p.in}</td>
            <td>{describeType(p.schema)}</td>
            <td>{p.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function describeType(schema: DocParameter["schema"]): string {
  const values = schema.enum ?? schema.items?.enum;
  const base = schema.type === "array" ? "list" : (schema.type ?? "string");
  const suffix = values ? `: ${values.join(" | ")}` : "";
  return schema.default !== undefined ? `${base}${suffix} (default ${String(schema.default)})` : `${base}${suffix}`;
}
