import "server-only";
// What every console page starts with: the signed-in operator (or a redirect to sign-in, or the
// "not allowed" page when their role lacks the page's permission, or the enrolment of a second
// factor their role requires), the language to draw it in, and the same
// service context the API routes use — pages read through the same services, never their own SQL.
import { redirect } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import { currentLocale } from "@/lib/console/i18n/locale";
import { translatorFor } from "@/lib/console/i18n/translate";
import { requireOperatorPage } from "@/lib/operators/current-operator";
import { can, type OperatorAccess } from "@/lib/operators/roles/permissions";
import { getServiceContext } from "@/lib/platform/context/service-context";

// Once per request, however many layouts and pages ask.
const signedInOperator = cache(() => requireOperatorPage(null, "allowed-before-enrolment"));

/** `access`: the permission the page needs, or "own-account" for the operator's own account page. */
export async function consolePage(access: OperatorAccess = "orders.read") {
  const [operator, locale] = await Promise.all([signedInOperator(), currentLocale()]);
  if (operator.mustEnrolSecondFactor && access !== "own-account") redirect("/admin/sessions?enrol=required");
  if (access !== "own-account" && !can(operator, access)) redirect(`/admin/forbidden?need=${access}`);
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
