// The wallet's JS bridge (`my`, from the wallet's bridge script in index.html) as promises. Each
// call settles with what the wallet answered; nothing here decides what an answer means (errors.ts
// and the views do).

/** my.getAuthCode's answers (docs/mini-program.md, "Client calls and their codes"). */
export type AuthResult =
  | { ok: true; authCode: string; authSuccessScopes: string[] }
  | { ok: false; code: string; authErrorScopes: Record<string, string> };

/** my.tradePay's resultCode: 9000 paid, 8000 processing, 6004 unknown, 6001 cancelled, 6002 network, 4000 failed. */
export type PayResult = { resultCode: string };

export type SignResult = { ok: true; authCode: string } | { ok: false; code: string };

interface Callbacks<S, F> {
  success?: (result: S) => void;
  fail?: (result: F) => void;
}

interface Bridge {
  getAuthCode(
    options: { scopes: string[] } & Callbacks<
      { authCode: string; authSuccessScopes?: string[] },
      BridgeError
    >,
  ): void;
  tradePay(options: { paymentUrl: string } & Callbacks<{ resultCode: string }, BridgeError>): void;
  call(name: string, options: Record<string, unknown> & Callbacks<{ authCode?: string }, BridgeError>): void;
  alert(
    options: { title?: string; content: string; buttonText?: string } & Callbacks<unknown, unknown>,
  ): void;
  showToast(options: { content: string; type?: string; duration?: number }): void;
  showLoading(options: { content?: string }): void;
  hideLoading(options?: object): void;
  getSystemInfo(options: Callbacks<{ language?: string }, unknown>): void;
}

interface BridgeError {
  error?: string | number;
  errorMessage?: string;
  authErrorScopes?: Record<string, string>;
}

function bridge(): Bridge | undefined {
  return (globalThis as { my?: Bridge }).my;
}

/** Outside the wallet (a plain browser): every call fails as the spec's unknown error, 3. */
const NO_BRIDGE = "3";

export function getAuthCode(scopes: string[]): Promise<AuthResult> {
  return new Promise((resolve) => {
    const my = bridge();
    if (!my) return resolve({ ok: false, code: NO_BRIDGE, authErrorScopes: {} });
    my.getAuthCode({
      scopes,
      success: (result) =>
        resolve({
          ok: true,
          authCode: result.authCode,
          authSuccessScopes: result.authSuccessScopes ?? scopes,
        }),
      fail: (result) => {
        const authErrorScopes = result.authErrorScopes ?? {};
        const code = String(result.error ?? Object.values(authErrorScopes)[0] ?? "1000");
        resolve({ ok: false, code, authErrorScopes });
      },
    });
  });
}

export function tradePay(paymentUrl: string): Promise<PayResult> {
  return new Promise((resolve) => {
    const my = bridge();
    if (!my) return resolve({ resultCode: "6002" });
    my.tradePay({
      paymentUrl,
      success: (result) => resolve({ resultCode: String(result.resultCode) }),
      fail: () => resolve({ resultCode: "4000" }),
    });
  });
}

/** my.call("walletSignContract"): the wallet's agreement page for an authorizationUrl. */
export function signContract(authorizationUrl: string): Promise<SignResult> {
  return new Promise((resolve) => {
    const my = bridge();
    if (!my) return resolve({ ok: false, code: "6002" });
    my.call("walletSignContract", {
      authorizationUrl,
      success: (result) =>
        result.authCode
          ? resolve({ ok: true, authCode: result.authCode })
          : resolve({ ok: false, code: "6001" }),
      fail: (result) => resolve({ ok: false, code: String(result.error ?? "6001") }),
    });
  });
}

export function toast(content: string): void {
  bridge()?.showToast({ content, duration: 2500 });
}

export function showLoading(content: string): void {
  bridge()?.showLoading({ content });
}

export function hideLoading(): void {
  bridge()?.hideLoading();
}

/** The wallet app's language ("ar", "en-US", …), or nothing outside the wallet. */
export function walletLanguage(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const my = bridge();
    if (!my) return resolve(undefined);
    my.getSystemInfo({ success: (info) => resolve(info.language), fail: () => resolve(undefined) });
  });
}
