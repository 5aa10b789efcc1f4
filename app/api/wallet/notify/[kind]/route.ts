import * as contract from "@/lib/http/contract/wallet-notify";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { notificationKindOf } from "@/lib/payments/notifications/notification-bodies";
import { receiveNotification } from "@/lib/payments/notifications/receive-notification";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";

// POST /api/wallet/notify/payment|void|refund — the wallet's notifications. The body is read as raw
// text: the signature covers the exact bytes, never a re-serialized object.
export const POST = route.wallet(
  { params: contract.receiveWalletNotification.params },
  async ({ request, ctx, params, rawBody, sourceAddress, refuseIfFlooding }) => {
    const kind = notificationKindOf(params.kind);
    if (!kind)
      throw new NotFoundError("Unknown notification kind; the wallet posts payment, void or refund.");
    const answer = await receiveNotification(ctx, {
      kind,
      path: new URL(request.url).pathname,
      rawBody,
      headers: request.headers,
      sourceAddress,
      beforeRecordingRejection: refuseIfFlooding,
    });
    return Response.json(answer.body, { status: answer.httpStatus });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
