import { OPERATIONS } from "@/lib/operations";
import { COST_CLASS_LABELS } from "@/lib/api/operation";

export default function HomePage() {
  return (
    <>
      <h1>Ludex</h1>
      <p>
        Game-market data on the real Steam catalog: games, tags, review counts and labels, owners ranges,
        snapshots over time, and market analysis, through a versioned REST API under <code>/api/v1</code>.
      </p>
      <pre>curl -s &apos;http://localhost:3000/api/v1/games?tags=roguelike-deckbuilder&amp;sort=-reviews&amp;limit=5&apos;</pre>
      <h2>Operations</h2>
      <ul>
        {OPERATIONS.map((op) => (
          <li key={op.id}>
            <code>{op.method} /api/v1{op.path}</code>: {op.summary} <span className="cost">({COST_CLASS_LABELS[op.costClass]})</span>
          </li>
        ))}
      </ul>
      <p>
        See the <a href="/docs">API reference</a> to try each one.
      </p>
    </>
  );
}
