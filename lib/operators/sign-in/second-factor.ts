// Two-step sign-in: a TOTP code (RFC 6238, 30-second steps, six digits; otpauth) from an
// authenticator app, or one of ten one-time recovery codes. An operator enrols by scanning a QR code
// (drawn here as SVG: nothing is fetched from elsewhere) and typing one code back; only then is it
// in force, and only then are the recovery codes made, shown once and kept as hashes. Each TOTP step
// signs in once (the last accepted step is kept), so a code seen over someone's shoulder is spent.
// Turning it on ends the account's other sessions (signed in with a password alone); an ADMIN can
// reset an operator's second factor (a lost phone): that ends their sessions, revokes their API keys
// and removes their passkeys too (lib/operators/sign-in/passkeys.ts).
import { createHmac, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import type { Operator, PrismaClient } from "@/lib/platform/db";
import {
  ConflictError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
} from "@/lib/platform/errors/domain-errors";
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";
import { revokeApiKeys } from "../api-keys/revoke-api-keys";
import type { OperatorIdentity } from "../operator-identity";
import { assertNotAbove } from "../roles/grant-ceiling";
import { grantsOf } from "../roles/grants";
import { endOperatorSessions } from "../sessions/operator-sessions";

const ISSUER = "Merchant console";
const PERIOD_SECONDS = 30;
/** One step either side: a phone whose clock is up to 30 s off still signs in. */
const WINDOW = 1;
const RECOVERY_CODES = 10;

type Context = Pick<ServiceContext, "prisma" | "now" | "tokenKey">;

function totpOf(operator: Pick<Operator, "id" | "email">, secret: Secret): TOTP {
  return new TOTP({ issuer: ISSUER, label: operator.email, secret, period: PERIOD_SECONDS });
}

function storedSecret(ctx: Pick<Context, "tokenKey">, operator: Operator): Secret | null {
  if (!operator.totpSecret) return null;
  return Secret.fromBase32(decryptSecret(operator.totpSecret, ctx.tokenKey, `totp:${operator.id}`));
}

/**
 * A keyed hash (HMAC-SHA256 with the token key, bound to the operator): a copy of the database alone
 * cannot be searched for codes, and one operator's code is no other's.
 */
function hashRecoveryCode(code: string, operatorId: string, key: Buffer): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHmac("sha256", key).update(`recovery:${operatorId}:${normalized}`).digest("hex");
}

/** Ten characters from an alphabet without look-alikes, written as two groups of five. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new secret for the operator, not yet in force: its otpauth:// address and that address as a QR code. */
export async function startTotpEnrolment(ctx: Context, actor: OperatorIdentity) {
  assertSignedIn(actor);
  const operatorId = actor.id;
  const operator = await ctx.prisma.operator.findUniqueOrThrow({ where: { id: operatorId } });
  if (operator.totpEnabledAt) {
    throw new ConflictError("Two-step sign-in is already on. An administrator can reset it (a lost phone).");
  }
  const secret = new Secret({ size: 20 });
  await ctx.prisma.operator.update({
    where: { id: operatorId },
    data: {
      totpSecret: encryptSecret(secret.base32, ctx.tokenKey, `totp:${operatorId}`),
      totpLastStep: null,
    },
  });
  const uri = totpOf(operator, secret).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret: secret.base32, uri, qrSvg };
}

/** A second factor is set up by the person, signed in, never through an API key acting for them. */
function assertSignedIn(actor: OperatorIdentity): void {
  if (!actor.sessionId) {
    throw new ForbiddenError("Set up two-step sign-in from the console, signed in; an API key cannot.");
  }
}

/** The 30-second step a six-digit code belongs to, within the window, or null. */
function acceptedStep(totp: TOTP, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  // (Digits typed on an Arabic keyboard were made Latin by the caller.)
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Puts the enrolled secret in force once a code from it is typed back; answers the recovery codes, once. */
export async function confirmTotpEnrolment(ctx: Context, actor: OperatorIdentity, code: string) {
  assertSignedIn(actor);
  const operator = await ctx.prisma.operator.findUniqueOrThrow({ where: { id: actor.id } });
  const secret = storedSecret(ctx, operator);
  if (operator.totpEnabledAt || !secret) {
    throw new ConflictError("Start setting up two-step sign-in first, or it is already on.");
  }
  const step = acceptedStep(totpOf(operator, secret), toLatinDigits(code.trim()), ctx.now());
  if (step === null) {
    throw new InvalidRequestError("That code is not right: type the six digits the app shows now.");
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.prisma.$transaction(async (tx) => {
    // Only the secret this code was checked against: a second "start" meanwhile replaced it.
    const turnedOn = await tx.operator.updateMany({
      where: { id: operator.id, totpEnabledAt: null, totpSecret: operator.totpSecret },
      data: { totpEnabledAt: ctx.now(), totpLastStep: step },
    });
    if (turnedOn.count !== 1) {
      throw new ConflictError("The setup was started again meanwhile: scan the new code and try again.");
    }
    await tx.recoveryCode.deleteMany({ where: { operatorId: operator.id } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((recovery) => ({
        operatorId: operator.id,
        codeHash: hashRecoveryCode(recovery, operator.id, ctx.tokenKey),
      })),
    });
    // Sessions signed in with the password alone would go on as if nothing changed: a stolen
    // password's session must not outlive the second factor meant to shut it out. This one stays.
    const ended = await endOperatorSessions(
      tx,
      operator.id,
      "SECOND_FACTOR_ADDED",
      ctx.now(),
      actor.sessionId,
    );
    await recordAudit(tx, {
      operator: actor,
      action: "operator.second-factor-on",
      subjectType: "OPERATOR",
      subjectId: operator.id,
      after: { method: "TOTP", recoveryCodes: RECOVERY_CODES, sessionsEnded: ended },
    });
  });
  return { recoveryCodes };
}

/**
 * Whether `code` is the operator's second factor now: a TOTP code of a step later than the last one
 * accepted, or an unused recovery code. Either is spent by an atomic update, so two sign-ins racing
 * with one code cannot both pass.
 */
export async function checkSecondFactor(
  prisma: PrismaClient,
  tokenKey: Buffer,
  operator: Operator,
  code: string,
  now: Date = new Date(),
): Promise<"TOTP" | "RECOVERY_CODE" | null> {
  const secret = operator.totpEnabledAt ? storedSecret({ tokenKey }, operator) : null;
  if (!secret) return null;
  const step = acceptedStep(totpOf(operator, secret), toLatinDigits(code.trim()), now);
  if (step !== null) {
    const spent = await prisma.operator.updateMany({
      where: { id: operator.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return spent.count === 1 ? "TOTP" : null;
  }
  const used = await prisma.recoveryCode.updateMany({
    where: { operatorId: operator.id, codeHash: hashRecoveryCode(code, operator.id, tokenKey), usedAt: null },
    data: { usedAt: now },
  });
  return used.count === 1 ? "RECOVERY_CODE" : null;
}

/** An ADMIN turns an operator's two-step sign-in off (a lost phone); their sessions end. Audited. */
export async function resetSecondFactor(ctx: Context, actor: OperatorIdentity, operatorId: string) {
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.operator.findUnique({
      where: { id: operatorId },
      include: { roleDefinition: true },
    });
    if (!before) throw new NotFoundError("No such operator.");
    // With it gone, setting their password would be all it takes to become them.
    if (operatorId !== actor.id)
      assertNotAbove(actor, grantsOf(before.roleDefinition), `${before.email}'s role`);
    await tx.operator.update({
      where: { id: operatorId },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    await tx.recoveryCode.deleteMany({ where: { operatorId } });
    const passkeys = await tx.passkey.deleteMany({ where: { operatorId } });
    const ended = await endOperatorSessions(
      tx,
      operatorId,
      "SECOND_FACTOR_RESET",
      ctx.now(),
      actor.sessionId,
    );
    // A lost phone may be in someone else's hands, and so may what was made with it.
    const keys = await revokeApiKeys(tx, actor, { operatorId }, "MAKER_SECOND_FACTOR_RESET", ctx.now());
    await recordAudit(tx, {
      operator: actor,
      action: "operator.second-factor-reset",
      subjectType: "OPERATOR",
      subjectId: operatorId,
      before: { secondFactor: before.totpEnabledAt !== null, passkeys: passkeys.count },
      after: { secondFactor: false, passkeys: 0, sessionsEnded: ended, apiKeysRevoked: keys.length },
    });
    return { secondFactor: false as const, sessionsEnded: ended, apiKeysRevoked: keys.length };
  });
}

/** How many recovery codes an operator has left. */
export function recoveryCodesLeft(prisma: PrismaClient, operatorId: string): Promise<number> {
  return prisma.recoveryCode.count({ where: { operatorId, usedAt: null } });
}

/** Since when the operator's two-step sign-in is on, or null when it is off. */
export async function secondFactorOnSince(prisma: PrismaClient, operatorId: string): Promise<Date | null> {
  const row = await prisma.operator.findUniqueOrThrow({
    where: { id: operatorId },
    select: { totpEnabledAt: true },
  });
  return row.totpEnabledAt;
}
