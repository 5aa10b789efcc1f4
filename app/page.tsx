export default function Home() {
  return (
    <main>
      <h1>Wallet merchant starter</h1>
      <p>
        The server side of a wallet mini program: sessions from <code>authCode</code>s, payments, escrow,
        refunds, agreements and push, against the wallet interface.
      </p>
      <ul>
        <li>
          <a href="/api/health">/api/health</a>: database, Redis and wallet reachability
        </li>
      </ul>
    </main>
  );
}
