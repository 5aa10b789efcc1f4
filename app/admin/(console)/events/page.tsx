import type { Metadata } from "next";
import { listDeadDeliveries, listEndpointDeliveries } from "@/lib/console/event-deliveries";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { listWebhookEndpoints } from "@/lib/console/webhook-endpoints";
import { can } from "@/lib/operators/roles/permissions";
import { consolePage } from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { DeliveryTable } from "../../_ui/delivery-rows";
import { Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { AddWebhookEndpoint, DeleteWebhookEndpoint, ToggleWebhookEndpoint } from "../../_ui/webhook-controls";

export const metadata: Metadata = { title: "Events" };

type PageContext = Awaited<ReturnType<typeof consolePage>>;

/** An ADMIN's webhook endpoints, each with its switch, its log link and delete. */
async function WebhookEndpoints({ ctx, locale, t }: PageContext) {
  const endpoints = await listWebhookEndpoints(ctx);
  return (
    <section className="card" id="webhooks">
      <h2>{t("webhooks.title")}</h2>
      <p>
        <AddWebhookEndpoint />
      </p>
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
                  {endpoint.disabledReason ? <div className="muted">{endpoint.disabledReason}</div> : null}
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

/** One endpoint's latest deliveries, when the page was opened from its "Delivery log" link. */
async function EndpointLog({ page, endpointId }: { page: PageContext; endpointId: string }) {
  const { ctx, locale, t, operator } = page;
  const deliveries = await listEndpointDeliveries(ctx, endpointId).catch(() => null);
  if (!deliveries) return null;
  return (
    <section className="card" id="log">
      <h2>{t("webhooks.log")}</h2>
      {deliveries.length === 0 ? <p className="muted">{t("common.empty")}</p> : null}
      {deliveries.length > 0 ? (
        <DeliveryTable
          deliveries={deliveries}
          locale={locale}
          t={t}
          permissions={operator.permissions}
          showEvent
        />
      ) : null}
    </section>
  );
}

export default async function EventsPage({ searchParams }: { searchParams: Promise<{ endpoint?: string }> }) {
  const page = await consolePage();
  const { ctx, locale, t, operator } = page;
  const dead = await listDeadDeliveries(ctx);
  const isAdmin = can(operator, "integrations.manage");
  const endpointId = (await searchParams).endpoint;
  return (
    <>
      <PageHead title={t("events.title")} />
      <p className="muted">{t("events.intro")}</p>
      <section className="card" id="dead">
        <h2>{t("events.dead")}</h2>
        {dead.length === 0 ? <p className="muted">{t("events.dead.none")}</p> : null}
        {dead.length > 0 ? (
          <DeliveryTable
            deliveries={dead}
            locale={locale}
            t={t}
            permissions={operator.permissions}
            showEvent
          />
        ) : null}
      </section>
      {isAdmin ? <WebhookEndpoints {...page} /> : null}
      {isAdmin && endpointId && /^[0-9a-f-]{36}$/.test(endpointId) ? (
        <EndpointLog page={page} endpointId={endpointId} />
      ) : null}
    </>
  );
}
