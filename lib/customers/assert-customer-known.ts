// A session token outlives nothing in the database: if its customer is gone (the database was restored
// or reset while the 2 h session lived), the answer is REAUTHORIZE, wherever that is found out — the
// route boundary (lib/customers/authenticate-customer.ts) or a service whose own write proves it.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { CustomerAuthorizationError } from "@/lib/platform/errors/domain-errors";

export function customerGoneError(): CustomerAuthorizationError {
  return new CustomerAuthorizationError(
    "REAUTHORIZE",
    "This session's customer is no longer known. Call my.getAuthCode again and start a new session.",
  );
}

export async function assertCustomerKnown(ctx: ServiceContext, customerId: string): Promise<void> {
  const customer = await ctx.prisma.customer.findUnique({ where: { id: customerId }, select: { id: true } });
  if (!customer) throw customerGoneError();
}
