// The sandbox's state: in-memory maps with the indexes the operations need, persisted through the
// journal. Callers mutate an entity and then `save` it; `save` updates the indexes and appends the
// new version, so a restart sees exactly what the last run saw.
import { DEFAULT_SETTINGS, type Settings } from "../settings";
import type {
  AgreementLink,
  AuthCode,
  ClockState,
  Customer,
  Fault,
  Merchant,
  Notification,
  Payment,
  PushMessage,
  Refund,
  TokenSet,
  User,
  Void,
} from "./entities";
import { Journal } from "./journal";

interface Kinds {
  merchant: Merchant;
  user: User;
  customer: Customer;
  authCode: AuthCode;
  tokenSet: TokenSet;
  agreementLink: AgreementLink;
  payment: Payment;
  refund: Refund;
  void: Void;
  push: PushMessage;
  notification: Notification;
  fault: Fault;
  settings: Settings;
  clock: ClockState;
}
export type Kind = keyof Kinds;

const KEY_OF: { [K in Kind]: (entity: Kinds[K]) => string } = {
  merchant: (m) => m.clientId,
  user: (u) => u.userId,
  customer: (c) => c.key,
  authCode: (a) => a.authCode,
  tokenSet: (t) => t.id,
  agreementLink: (a) => a.token,
  payment: (p) => p.paymentId,
  refund: (r) => r.refundId,
  void: (v) => v.key,
  push: (p) => p.key,
  notification: (n) => n.id,
  fault: (f) => f.id,
  settings: () => "current",
  clock: () => "current",
};

/** Key of things the spec makes unique per merchant (request ids, customers). */
export function scopedKey(clientId: string, id: string): string {
  return `${clientId}\n${id}`;
}

export class SandboxStore {
  private readonly maps = new Map<Kind, Map<string, unknown>>();
  private readonly journal: Journal;

  readonly paymentsByRequestId = new Map<string, Payment>();
  readonly refundsByRequestId = new Map<string, Refund>();
  readonly tokensByAccess = new Map<string, TokenSet>();
  readonly tokensByRefresh = new Map<string, TokenSet>();
  /** Work the clock loop looks at: kept small so the loop never scans finished history. */
  readonly processingPayments = new Set<Payment>();
  readonly processingRefunds = new Set<Refund>();
  readonly pendingNotifications = new Set<Notification>();

  constructor(dataDir: string) {
    this.journal = new Journal(dataDir);
    const loaded = this.journal.open();
    for (const [kind, entities] of loaded) {
      for (const [id, value] of entities) {
        this.map(kind as Kind).set(id, value as never);
        this.index(kind as Kind, value);
      }
    }
  }

  /** Forgets every entity except those of the `keep` kinds, in memory and in the journal. */
  keepOnly(keep: readonly Kind[]): void {
    for (const kind of this.maps.keys()) if (!keep.includes(kind)) this.maps.delete(kind);
    for (const index of [
      this.paymentsByRequestId,
      this.refundsByRequestId,
      this.tokensByAccess,
      this.tokensByRefresh,
      this.processingPayments,
      this.processingRefunds,
      this.pendingNotifications,
    ]) {
      index.clear();
    }
    for (const kind of this.maps.keys()) for (const value of this.map(kind).values()) this.index(kind, value);
    this.journal.rewrite(this.maps);
  }

  private map<K extends Kind>(kind: K): Map<string, Kinds[K]> {
    let map = this.maps.get(kind);
    if (!map) {
      map = new Map();
      this.maps.set(kind, map);
    }
    return map as Map<string, Kinds[K]>;
  }

  private index(kind: Kind, value: unknown): void {
    switch (kind) {
      case "payment": {
        const payment = value as Payment;
        this.paymentsByRequestId.set(scopedKey(payment.clientId, payment.paymentRequestId), payment);
        if (payment.status === "PROCESSING") this.processingPayments.add(payment);
        else this.processingPayments.delete(payment);
        break;
      }
      case "refund": {
        const refund = value as Refund;
        this.refundsByRequestId.set(scopedKey(refund.clientId, refund.refundRequestId), refund);
        if (refund.status === "PROCESSING") this.processingRefunds.add(refund);
        else this.processingRefunds.delete(refund);
        break;
      }
      case "tokenSet": {
        const tokens = value as TokenSet;
        this.tokensByAccess.set(tokens.accessToken, tokens);
        this.tokensByRefresh.set(tokens.refreshToken, tokens);
        break;
      }
      case "notification": {
        const notification = value as Notification;
        if (notification.status === "PENDING") this.pendingNotifications.add(notification);
        else this.pendingNotifications.delete(notification);
        break;
      }
    }
  }

  /** A payment or refund by the merchant's request id, which is unique per merchant. */
  findByRequestId<K extends "payment" | "refund">(
    kind: K,
    clientId: string,
    requestId: string,
  ): Kinds[K] | undefined {
    const index = kind === "payment" ? this.paymentsByRequestId : this.refundsByRequestId;
    return index.get(scopedKey(clientId, requestId)) as Kinds[K] | undefined;
  }

  get<K extends Kind>(kind: K, key: string): Kinds[K] | undefined {
    return this.map(kind).get(key);
  }

  all<K extends Kind>(kind: K): IterableIterator<Kinds[K]> {
    return this.map(kind).values();
  }

  count(kind: Kind): number {
    return this.map(kind).size;
  }

  save<K extends Kind>(kind: K, entity: Kinds[K]): Kinds[K] {
    const key = KEY_OF[kind](entity);
    this.map(kind).set(key, entity);
    this.index(kind, entity);
    this.journal.append({ kind, id: key, value: entity });
    return entity;
  }

  delete(kind: Kind, key: string): void {
    if (this.map(kind).delete(key)) this.journal.append({ kind, id: key, deleted: true });
  }

  settings(): Settings {
    // Settings saved by an older version may lack newer fields: defaults fill them in.
    return { ...DEFAULT_SETTINGS, ...this.get("settings", "current") };
  }

  close(): void {
    this.journal.close();
  }
}
