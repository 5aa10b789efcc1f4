import * as contract from "@/lib/http/contract/admin/passkeys";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { finishPasskeyEnrolment, listPasskeys, relyingPartyOf } from "@/lib/operators/sign-in/passkeys";
import { getEnv } from "@/lib/platform/env";
import { jsonSafe } from "@/lib/platform/json";
import { readyRedis } from "@/lib/platform/redis";

export const GET = route.operator("own-account", async ({ ctx, operator }) =>
  Response.json(
    jsonSafe({ passkeys: await listPasskeys(ctx.prisma, operator.id) }) satisfies contract.PasskeyListJson,
  ),
);

export const POST = route.operator("own-account", async ({ request, ctx, operator }) => {
  const input = await readJson(request, contract.adminAddPasskey.body);
  const passkey = await finishPasskeyEnrolment(
    ctx,
    await readyRedis(),
    relyingPartyOf(getEnv().publicBaseUrl),
    operator,
    {
      name: input.name,
      // Its shape is WebAuthn's; @simplewebauthn/server checks every part of it.
      response: input.response as unknown as Parameters<typeof finishPasskeyEnrolment>[4]["response"],
    },
  );
  return Response.json(jsonSafe(passkey) satisfies contract.PasskeyJson, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
