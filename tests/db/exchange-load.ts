import pg from "pg";

/**
 * The load that broke pglite-socket's stock multiplexer: many connections interleaving extended-protocol
 * exchanges (Parse/Bind/Execute/Sync) whose large Binds arrive in several TCP chunks, so queues build up.
 * Returns the number of wrong or failed results.
 */
export async function interleavedPreparedLoad(url: string, options = { clients: 16, rounds: 12, parameters: 3000 }) {
  const pool = new pg.Pool({ connectionString: url, max: options.clients });
  let wrong = 0;
  const errors: string[] = [];
  const one = async (client: number, round: number) => {
    const values = Array.from({ length: options.parameters }, (_, i) => client * 100_000 + round * 1_000 + i);
    const placeholders = values.map((_, i) => `$${i + 1}::int`).join(",");
    try {
      const result = await pool.query(`SELECT sum(v)::bigint AS total, count(*)::int AS n FROM unnest(ARRAY[${placeholders}]) AS v`, values);
      const expected = values.reduce((a, b) => a + b, 0);
      if (Number(result.rows[0].total) !== expected || result.rows[0].n !== values.length) wrong++;
      const small = await pool.query("SELECT $1::int + $2::int AS s", [client, round]);
      if (small.rows[0].s !== client + round) wrong++;
    } catch (error) {
      wrong++;
      if (errors.length < 3) errors.push((error as Error).message);
    }
  };
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let round = 0; round < options.rounds; round++) await one(client, round);
    }),
  );
  await pool.end();
  return { wrong, errors };
}
