import type { Metadata } from "next";
import { consolePage, type SearchParams, toSearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { DeliveryTable } from "@/app/admin/_ui/delivery-rows";
import { DisabledWhy } from "@/app/admin/_ui/disabled-why";
import { Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { listDeadDeliveries, listEndpointDeliveries } from "@/lib/console/event-deliveries";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { deliveryListQuery } from "@/lib/console/request-schemas";
import { listWebhookEndpoints } from "@/lib/console/webhook-endpoints";
import { can } from "@/lib/operators/roles/permissions";
import { AddWebhookEndpoint, DeleteWebhookEndpoint, ToggleWebhookEndpoint } from "./webhook-controls";

export const metadata: Metadata = { title: "Events" };

type PageContext = Awaited<ReturnType<typeof consolePage>>;

/** The page's two lists page apart: each has its own cursor parameter. */
const DEAD_CURSOR = "deadAfter";
const LOG_CURSOR = "logAfter";

/** Which page of a list the query asks for; a cursor that is not one shows the first page. */
function listPage(query: URLSearchParams, param: string) {
  const parsed = deliveryListQuery.safeParse({ after: query.get(param) ?? undefined });
  return parsed.success ? parsed.data : deliveryListQuery.parse({});
}

/** An ADMIN's webhook endpoints, each with its switch, its log link and delete. */
async function WebhookEndpoints({ ctx, locale, t }: PageContext) {
  const endpoints = await listWebhookEndpoints(ctx);
  return (
    <section className="card" id="webhooks">
      <h2>{t("webhooks.title")}</h2>
      {/* A <div>, not a <p>: the button's dialog holds a form, which HTML does not allow inside a
          paragraph, so the browser would close the <p> early and React's hydration would not match. */}
      <div className="section-actions">
        <AddWebhookEndpoint />
      </div>
      {endpoints.length === 0 ? <p className="muted">{t("webhooks.none")}</p> : null}
      {endpoints.length > 0 ? (
        <DataTable
          cards
          columns={[
            { label: t("webhooks.url") },
            { label: t("events.col.status") },
            { label: t("webhooks.events"), wide: true },
            { label: t("common.actions") },
          ]}
        >
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id} data-webhook={endpoint.url}>
              <td data-label={t("webhooks.url")}>
                <span>
                  <span className="mono break" dir="ltr">
                    {endpoint.url}
                  </span>
                  {endpoint.description ? (
                    <div className="muted" dir="auto">
                      {endpoint.description}
                    </div>
                  ) : null}
                </span>
              </td>
              <td data-label={t("events.col.status")}>
                <span>
                  <span className={`badge ${endpoint.enabled ? "tone-ok" : "tone-neutral"}`}>
                    {endpoint.enabled ? t("webhooks.enabled") : t("webhooks.disabled")}
                  </span>
                  {endpoint.failingSince ? (
                    <div className="flag">
                      {t("webhooks.failingSince", { time: "" })}
                      <Time at={endpoint.failingSince} locale={locale} />
                    </div>
                  ) : null}
                  <DisabledWhy reason={endpoint.disabledReason} t={t} />
                  {endpoint.createdByApiKeyId ? (
                    <div className="muted">{t("integrations.madeWithKey")}</div>
                  ) : null}
                </span>
              </td>
              <td className="hide-narrow" data-label={t("webhooks.events")}>
                {endpoint.events.length === 0
                  ? t("webhooks.allEvents")
                  : endpoint.events.map((type) => t(dynamicKey("eventType", type))).join(", ")}
              </td>
              <td className="actions" data-label="">
                <a className="btn btn-small" href={`/admin/events?endpoint=${endpoint.id}#log`}>
                  {t("webhooks.log")}
                </a>{" "}
                <ToggleWebhookEndpoint endpointId={endpoint.id} enabled={endpoint.enabled} />{" "}
                <DeleteWebhookEndpoint endpointId={endpoint.id} url={endpoint.url} />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

/** One endpoint's deliveries, a page at a time, when the page was opened from its "Delivery log" link. */
async function EndpointLog({
  page,
  endpointId,
  query,
}: {
  page: PageContext;
  endpointId: string;
  query: URLSearchParams;
}) {
  const { ctx, locale, t, operator } = page;
  const log = await listEndpointDeliveries(ctx, endpointId, listPage(query, LOG_CURSOR)).catch(() => null);
  if (!log) return null;
  return (
    <section className="card" id="log">
      <h2>{t("webhooks.log")}</h2>
      {log.deliveries.length === 0 ? <p className="muted">{t("common.empty")}</p> : null}
      {log.deliveries.length > 0 ? (
        <DeliveryTable
          deliveries={log.deliveries}
          locale={locale}
          t={t}
          permissions={operator.permissions}
          showEvent
        />
      ) : null}
      <Pager
        path="/admin/events"
        query={query}
        nextCursor={log.nextCursor}
        t={t}
        param={LOG_CURSOR}
        fragment="log"
      />
    </section>
  );
}

export default async function EventsPage({ searchParams }: { searchParams: SearchParams }) {
  const page = await consolePage();
  const { ctx, locale, t, operator } = page;
  const query = toSearchParams(await searchParams);
  const dead = await listDeadDeliveries(ctx, listPage(query, DEAD_CURSOR));
  const isAdmin = can(operator, "integrations.manage");
  const endpointId = query.get("endpoint");
  return (
    <>
      <PageHead title={t("events.title")} />
      <p className="muted">{t("events.intro")}</p>
      <section className="card" id="dead">
        <h2>{t("events.dead")}</h2>
        {dead.deliveries.length === 0 ? <p className="muted">{t("events.dead.none")}</p> : null}
        {dead.deliveries.length > 0 ? (
          <DeliveryTable
            deliveries={dead.deliveries}
            locale={locale}
            t={t}
            permissions={operator.permissions}
            showEvent
          />
        ) : null}
        <Pager
          path="/admin/events"
          query={query}
          nextCursor={dead.nextCursor}
          t={t}
          param={DEAD_CURSOR}
          fragment="dead"
        />
      </section>
      {isAdmin ? <WebhookEndpoints {...page} /> : null}
      {isAdmin && endpointId && /^[0-9a-f-]{36}$/.test(endpointId) ? (
        <EndpointLog page={page} endpointId={endpointId} query={query} />
      ) : null}
    </>
  );
}
