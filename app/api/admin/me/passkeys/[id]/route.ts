import * as contract from "@/lib/http/contract/admin/passkeys";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { removePasskey } from "@/lib/operators/sign-in/passkeys";

export const DELETE = route.operator(
  "own-account",
  { params: contract.adminRemovePasskey.params },
  async ({ ctx, operator, params }) => {
    await removePasskey(ctx, operator, params.id);
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
