import "server-only";
// What every console page starts with: the signed-in operator (or a redirect to sign-in, or the
// "not allowed" page when their role is below the page's), the language to draw it in, and the same
// service context the API routes use — pages read through the same services, never their own SQL.
import { redirect } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import { requireOperatorPage } from "@/lib/auth/operator-session";
import { hasRole } from "@/lib/auth/roles";
import { getServiceContext } from "@/lib/context/service-context";
import type { OperatorRole } from "@/lib/db";
import { currentLocale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";

// Once per request, however many layouts and pages ask.
const signedInOperator = cache(() => requireOperatorPage("VIEWER"));

export async function consolePage(minimum: OperatorRole = "VIEWER") {
  const [operator, locale] = await Promise.all([signedInOperator(), currentLocale()]);
  if (!hasRole(operator.role, minimum)) redirect(`/admin/forbidden?need=${minimum}`);
  return { operator, locale, t: translatorFor(locale), ctx: getServiceContext() };
}

/** Next passes a page its query string as a record of strings or string lists. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The query string as URLSearchParams, for the list services' zod schemas and for page links. */
export function toSearchParams(params: Awaited<SearchParams>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of [value ?? []].flat()) if (item !== "") query.append(name, item);
  }
  return query;
}

/** One object for zod: repeated names (status=PAID&status=FAILED) become lists. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    object[name] = values.length > 1 ? values : (values[0] as string);
  }
  return object;
}

/** A list page's query string, and what its service's schema makes of it. */
export async function readListQuery<Schema extends z.ZodType>(searchParams: SearchParams, schema: Schema) {
  const query = toSearchParams(await searchParams);
  return { query, parsed: schema.safeParse(queryObject(query)) };
}

/** zod's complaint about a query string, in one line for the operator. */
export function queryProblem(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
}
