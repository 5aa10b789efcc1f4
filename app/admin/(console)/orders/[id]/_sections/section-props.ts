// What every section of an order's page is given: the order's detail (lib/console/orders/order-detail.ts,
// the same the API answers) and the page's language.
import type { ActorName } from "@/lib/console/actor-names";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import type { OrderDetail } from "@/lib/console/orders/order-detail";

export interface SectionProps {
  detail: OrderDetail;
  locale: Locale;
  t: Translate;
  actorName: ActorName;
}
