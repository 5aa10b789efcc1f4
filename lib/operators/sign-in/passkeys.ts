// Passkeys (WebAuthn; @simplewebauthn/server): an operator enrols one on "Your account" (a phone's
// fingerprint, a laptop's PIN, a security key) and then signs in with it alone — the device checks
// who holds it, so it is both factors at once — or uses it in place of the code after a password.
// The relying party is PUBLIC_BASE_URL's host: WebAuthn needs a host name, so develop on
// http://localhost, not 127.0.0.1. Each ceremony's challenge is kept in Redis for a few minutes and
// spent by its first answer; a signature counter that goes back (a cloned key) is refused.
import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Operator, Passkey, PrismaClient } from "@/lib/platform/db";
import { ConflictError, InvalidRequestError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import type { RedisClient } from "@/lib/platform/redis";
import type { OperatorIdentity } from "../operator-identity";
import { endOperatorSessions } from "../sessions/operator-sessions";

const RP_NAME = "Merchant console";
/** How long a browser has to answer a ceremony. */
const CEREMONY_SECONDS = 300;
const MAX_PASSKEYS = 10;

type Context = Pick<ServiceContext, "prisma" | "now">;

export interface RelyingParty {
  id: string;
  origin: string;
}

/** The site passkeys are bound to: PUBLIC_BASE_URL's host name and origin. */
export function relyingPartyOf(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  return { id: url.hostname, origin: url.origin };
}

const enrolKey = (operatorId: string) => `passkey:enrol:${operatorId}`;
const signInKey = (ceremonyId: string) => `passkey:sign-in:${ceremonyId}`;

/** What the browser needs to make a passkey for this operator (its existing ones excluded). */
export async function startPasskeyEnrolment(
  ctx: Context,
  redis: RedisClient,
  rp: RelyingParty,
  actor: OperatorIdentity,
) {
  const existing = await ctx.prisma.passkey.findMany({ where: { operatorId: actor.id } });
  if (existing.length >= MAX_PASSKEYS) {
    throw new ConflictError(`You have ${MAX_PASSKEYS} passkeys already: remove one first.`);
  }
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: new TextEncoder().encode(actor.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    // Discoverable, with the device checking who holds it: the passkey alone can sign in.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await redis.set(enrolKey(actor.id), options.challenge, "EX", CEREMONY_SECONDS);
  return options;
}

/** Checks the browser's new credential against the challenge and keeps it. Audited. */
export async function finishPasskeyEnrolment(
  ctx: Context,
  redis: RedisClient,
  rp: RelyingParty,
  actor: OperatorIdentity,
  input: { response: RegistrationResponseJSON; name: string },
): Promise<Omit<Passkey, "publicKey">> {
  const challenge = await redis.getdel(enrolKey(actor.id));
  if (!challenge) throw new ConflictError("Start adding a passkey again: that attempt expired or was used.");
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new InvalidRequestError(`The passkey could not be checked: ${(error as Error).message}`);
  });
  if (!verification.verified) throw new InvalidRequestError("The passkey could not be checked.");
  const { credential } = verification.registrationInfo;
  return ctx.prisma.$transaction(async (tx) => {
    const first = (await tx.passkey.count({ where: { operatorId: actor.id } })) === 0;
    const passkey = await tx.passkey.create({
      data: {
        operatorId: actor.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name: input.name,
      },
    });
    const { publicKey: _key, ...shown } = passkey;
    // A first passkey turns a second factor on: the account's sessions signed in with a password
    // alone end (a stolen password's among them); the one adding it stays.
    const ended = first
      ? await endOperatorSessions(tx, actor.id, "SECOND_FACTOR_ADDED", ctx.now(), actor.sessionId)
      : 0;
    await recordAudit(tx, {
      operator: actor,
      action: "operator.passkey-add",
      subjectType: "OPERATOR",
      subjectId: actor.id,
      after: { passkeyId: passkey.id, name: passkey.name, sessionsEnded: ended },
    });
    return shown;
  });
}

/** The operator's passkeys, newest first, without their keys. */
export async function listPasskeys(prisma: PrismaClient, operatorId: string) {
  const passkeys = await prisma.passkey.findMany({ where: { operatorId }, orderBy: { createdAt: "desc" } });
  return passkeys.map(({ publicKey: _key, ...shown }) => shown);
}

/** Removes one of the operator's own passkeys. Audited. */
export async function removePasskey(ctx: Context, actor: OperatorIdentity, passkeyId: string) {
  await ctx.prisma.$transaction(async (tx) => {
    const removed = await tx.passkey.deleteMany({ where: { id: passkeyId, operatorId: actor.id } });
    if (removed.count === 0) throw new NotFoundError("No such passkey of yours.");
    await recordAudit(tx, {
      operator: actor,
      action: "operator.passkey-remove",
      subjectType: "OPERATOR",
      subjectId: actor.id,
      before: { passkeyId },
    });
  });
}

/** A sign-in ceremony: any passkey of this site may answer it (the browser offers the operator's). */
export async function startPasskeySignIn(redis: RedisClient, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  const ceremonyId = randomUUID();
  await redis.set(signInKey(ceremonyId), options.challenge, "EX", CEREMONY_SECONDS);
  return { ceremonyId, options };
}

/**
 * The operator whose passkey answered the ceremony, or null (an unknown credential, a spent or
 * expired ceremony, a bad signature, a counter that went back). The ceremony is spent either way.
 */
export async function operatorOfPasskey(
  prisma: PrismaClient,
  redis: RedisClient,
  rp: RelyingParty,
  ceremonyId: string,
  response: AuthenticationResponseJSON,
  now: Date = new Date(),
): Promise<Operator | null> {
  const challenge = await redis.getdel(signInKey(ceremonyId));
  if (!challenge) return null;
  const passkey = await prisma.passkey.findUnique({
    where: { credentialId: String(response.id) },
    include: { operator: true },
  });
  if (!passkey) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) return null;
  // A counter only moves forward (authenticators without one always say 0): a cloned key shows.
  const newCounter = BigInt(verification.authenticationInfo.newCounter);
  const moved = await prisma.passkey.updateMany({
    where: { id: passkey.id, counter: newCounter === 0n ? 0n : { lt: newCounter } },
    data: { counter: newCounter, lastUsedAt: now },
  });
  return moved.count === 1 ? passkey.operator : null;
}
