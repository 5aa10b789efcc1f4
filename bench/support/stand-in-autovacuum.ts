// In production PostgreSQL's autovacuum clears the dead row versions that the outbox's deliveries
// leave behind (each is updated when claimed and again when settled). A server with autovacuum off,
// as some CI machines are set up for speed, lets them pile up: within minutes at 50 orders/s the
// events worker's claim takes seconds and the app backs up behind it. That is the server's setting,
// not the app's behaviour, so on such a server the soak vacuums its own database on autovacuum's
// behalf, and says so.
import pg from "pg";

/** Starts the stand-in if the server's autovacuum is off; returns what stops it. */
export async function standInForAutovacuum(
  databaseUrl: string,
  everyMs: number,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum");
  if (rows[0]?.autovacuum === "on") {
    await client.end();
    return async () => {};
  }
  console.log(
    `this PostgreSQL has autovacuum off: the soak runs VACUUM (ANALYZE) on its database every ${everyMs / 1000} s in its place`,
  );
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= client
      .query("VACUUM (ANALYZE)")
      .catch((error: Error) => console.error(`stand-in vacuum: ${error.message}`))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
    await client.end();
  };
}
