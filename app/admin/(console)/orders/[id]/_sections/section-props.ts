// What every section of an order's page is given: the order's detail (lib/admin/orders/order-detail.ts,
// the same the API answers) and the page's language.
import type { ActorName } from "@/lib/admin/actor-names";
import type { OrderDetail } from "@/lib/admin/orders/order-detail";
import type { Locale, Translate } from "@/lib/i18n/translate";

export interface SectionProps {
  detail: OrderDetail;
  locale: Locale;
  t: Translate;
  actorName: ActorName;
}
