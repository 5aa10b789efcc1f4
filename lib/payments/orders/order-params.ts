import { z } from "zod";

/** `{id}` of the order routes: our order ids are UUIDs, anything else is refused before a query. */
export const orderParams = z.object({ id: z.uuid({ message: "must be an order id (a UUID)" }) });
