import { ApiError } from "@/lib/http/api-error";
import { route } from "@/lib/http/route";
import { receiveNotification } from "@/lib/notifications/receive-notification";
import { getServiceContext } from "@/lib/services/context";

const KINDS = { payment: "PAYMENT", void: "VOID", refund: "REFUND" } as const;

// POST /api/wallet/notify/payment|void|refund — the wallet's notifications. The body is read as raw
// text: the signature covers the exact bytes, never a re-serialized object.
export const POST = route<{ params: Promise<{ kind: string }> }>(async (request, { params }) => {
  const { kind } = await params;
  const notificationKind = KINDS[kind as keyof typeof KINDS];
  if (!notificationKind) throw new ApiError("NOT_FOUND", "Unknown notification kind.");
  const answer = await receiveNotification(getServiceContext(), {
    kind: notificationKind,
    path: new URL(request.url).pathname,
    rawBody: await request.text(),
    headers: request.headers,
  });
  return Response.json(answer.body, { status: answer.httpStatus });
});
