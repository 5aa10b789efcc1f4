import { DeliveryTable } from "@/app/admin/_ui/delivery-rows";
import { Time } from "@/app/admin/_ui/format";
import { TechnicalDetails } from "@/app/admin/_ui/technical-details";
import { dynamicKey } from "@/lib/console/i18n/translate";
import type { SectionProps } from "./section-props";

/** What the order announced (lib/events), each event with its deliveries; nothing before the first. */
export function EventsSection({
  detail: { events },
  locale,
  t,
  permissions,
}: SectionProps & { permissions: Parameters<typeof DeliveryTable>[0]["permissions"] }) {
  if (events.length === 0) return null;
  return (
    <section className="card" id="events">
      <h2>{t("order.events")}</h2>
      <p className="muted">{t("order.events.intro")}</p>
      <ul className="event-list">
        {events.map((event) => (
          <li key={event.id} data-event={event.type}>
            <h3 className="event-title">
              {t(dynamicKey("eventType", event.type))} <Time at={event.occurredAt} locale={locale} />
            </h3>
            <TechnicalDetails
              label={t("timeline.technical")}
              codes={[
                ["type", event.type],
                ["id", event.id],
              ]}
            />
            {!event.dispatched ? (
              <p className="muted">{t("events.waiting")}</p>
            ) : event.deliveries.length === 0 ? (
              <p className="muted">{t("events.none")}</p>
            ) : (
              <DeliveryTable
                deliveries={event.deliveries}
                locale={locale}
                t={t}
                permissions={permissions}
                showEvent={false}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
