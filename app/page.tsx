export default function Home() {
  return (
    <main className="site" dir="ltr" lang="en">
      <h1>Wallet merchant starter</h1>
      <p>
        The server side of a wallet mini program: sessions from <code>authCode</code>s, payments, escrow,
        refunds, agreements and push, against the wallet interface.
      </p>
      <ul>
        <li>
          <a href="/admin">Operator console</a>: orders, refunds, escrow and the catalog
        </li>
        <li>
          <a href="/api/health">/api/health</a>: database, Redis and wallet reachability
        </li>
        <li>
          <a href="/api/openapi.json">/api/openapi.json</a>: the API reference (OpenAPI 3.1)
        </li>
      </ul>
    </main>
  );
}
