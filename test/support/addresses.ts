// Addresses for test clients. Rate limits and sign-in throttling keep budgets per address in Redis
// for up to 15 minutes, and every test process (and both CI runs) share one Redis. A test whose
// stranger and operator drew the same random address saw the operator locked out, so: within one
// process an address is never handed out twice, and each process starts at a random point among
// fifteen million, which keeps two processes apart as well.

const OCTETS = 250;
const SPAN = OCTETS ** 3;
let drawn = Math.floor(Math.random() * SPAN);

/** Three octets in 1..250 that this process has not handed out before. */
function nextOctets(): string {
  drawn = (drawn + 1) % SPAN;
  const octet = (place: number) => (Math.floor(drawn / OCTETS ** place) % OCTETS) + 1;
  return `${octet(2)}.${octet(1)}.${octet(0)}`;
}

/** A private address (10.x.y.z) no other client in this process has, as X-Forwarded-For carries it. */
export function distinctAddress(): string {
  return `10.${nextOctets()}`;
}

/** A loopback address (127.x.y.z, never 127.0.0.1) to open a real connection from. */
export function distinctLoopbackAddress(): string {
  return `127.${nextOctets()}`;
}
