// What the customer is told a few days before a charge, when a charge fails, the subscription goes
// past due or is cancelled for want of payment: a title and a line in the language they subscribed in
// (Arabic or English), each saying what happens next and how to fix it. Sent as wallet pushes by the
// billing scan (reminders, charge-reminders.ts) and by the hook that reacts to the subscription
// events (hooks/subscription-notices.ts). Pure: no I/O.
import { formatIqd } from "@/lib/platform/money/format-iqd";
import { customerActionOf } from "./subscription-view";

export type NoticeLanguage = "ar" | "en";

export interface NoticeFacts {
  planName: string;
  planNameArabic: string;
  amountFils: bigint;
  resultCode: string | null;
  /** The next try (the coming charge, for a reminder), or the date it is cancelled if nothing changes. */
  nextAttemptAt: Date | null;
}

export type NoticeKind = "reminder" | "payment_failed" | "past_due" | "cancelled";

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : "");

/** How to fix it, by what the failure needs. */
function remedy(language: NoticeLanguage, facts: NoticeFacts): string {
  const action = customerActionOf(facts.resultCode);
  if (language === "ar") {
    if (action === "SIGN_AGREEMENT") return "افتح التطبيق ووقّع اتفاقية الدفع من جديد.";
    if (action === "CONTACT_WALLET") return "تواصل مع دعم المحفظة لتفعيل حسابك.";
    return "اشحن رصيد محفظتك قبل المحاولة القادمة.";
  }
  if (action === "SIGN_AGREEMENT") return "Open the app and sign the payment agreement again.";
  if (action === "CONTACT_WALLET") return "Please contact the wallet's support about your account.";
  return "Top up your wallet before the next try.";
}

export function subscriptionNotice(
  kind: NoticeKind,
  language: NoticeLanguage,
  facts: NoticeFacts,
): { title: string; content: string } {
  const amount = formatIqd(facts.amountFils);
  if (language === "ar") {
    const plan = facts.planNameArabic;
    switch (kind) {
      case "reminder":
        return {
          title: `يتجدد اشتراك ${plan} في ${day(facts.nextAttemptAt)}`,
          content: `سيُخصم ${amount} من محفظتك في ${day(facts.nextAttemptAt)}. تأكد من أن رصيدك يكفي. لإيقاف الاشتراك، ألغِه في التطبيق قبل ذلك.`,
        };
      case "payment_failed":
        return {
          title: `تعذّر دفع اشتراك ${plan}`,
          content: `لم نتمكن من خصم ${amount}. ${facts.nextAttemptAt ? `سنحاول مجدداً في ${day(facts.nextAttemptAt)}. ` : ""}${remedy(language, facts)}`,
        };
      case "past_due":
        return {
          title: `اشتراك ${plan} متأخر الدفع`,
          content: `المبلغ المستحق ${amount}. ${remedy(language, facts)}`,
        };
      case "cancelled":
        return {
          title: `أُلغي اشتراك ${plan}`,
          content: "لم نتمكن من تحصيل الدفعة. يمكنك الاشتراك من جديد في أي وقت.",
        };
    }
  }
  const plan = facts.planName;
  switch (kind) {
    case "reminder":
      return {
        title: `Your ${plan} subscription renews on ${day(facts.nextAttemptAt)}`,
        content: `${amount} will be charged from your wallet on ${day(facts.nextAttemptAt)}. Make sure your balance covers it. To stop it, cancel in the app before then.`,
      };
    case "payment_failed":
      return {
        title: `Your ${plan} payment did not go through`,
        content: `We could not charge ${amount}. ${facts.nextAttemptAt ? `We will try again on ${day(facts.nextAttemptAt)}. ` : ""}${remedy(language, facts)}`,
      };
    case "past_due":
      return {
        title: `Your ${plan} subscription is past due`,
        content: `${amount} is due. ${remedy(language, facts)}`,
      };
    case "cancelled":
      return {
        title: `Your ${plan} subscription was cancelled`,
        content: "We could not collect the payment. You can subscribe again at any time.",
      };
  }
}
