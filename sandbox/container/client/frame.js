// The container's frame (sandbox/container/frame-page.ts): answers the bridge calls of the mini
// program in #mini-program (client/bridge.js) the way the wallet app does, showing the wallet's own
// pages (consent, cashier, agreement) in a sheet over it, and the small UI calls (alert, toast,
// loading). The panel beside the phone sets the wallet user's persona and the faults of the next
// calls. Codes and their reasons: docs/mini-program.md.
(() => {
  const $ = (id) => document.getElementById(id);
  const appFrame = $("mini-program");
  const appOrigin = appFrame.dataset.origin;
  /** (Re)loads the mini program from the address the page gave (none when no address was entered). */
  const loadMiniProgram = () => {
    if (appFrame.tagName === "IFRAME") appFrame.setAttribute("src", appFrame.dataset.src);
  };
  const RETURN_PATH = "/container/return";
  const SILENT_FAULT_DELAY_MS = { 1003: 1500 };

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const ok = (result) => ({ ok: true, result });
  const fail = (result) => ({ ok: false, result });

  async function callSandbox(path, body) {
    const response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    return { status: response.status, json: await response.json().catch(() => ({})) };
  }

  /** A fault chosen in the panel for the next call of one kind: used once, then back to none. */
  function takeFault(kind) {
    const select = $(`fault-${kind}`);
    const value = select.value;
    select.value = "";
    return value;
  }

  // The sheet: the wallet's pages over the mini program, as the wallet app slides them up.
  let closeSheet;
  function openSheet(url, label) {
    const sheet = $("sheet");
    const frame = $("sheet-frame");
    $("sheet-title").textContent = label;
    sheet.hidden = false;
    return new Promise((resolve) => {
      const finish = (outcome) => {
        frame.onload = null;
        closeSheet = undefined;
        sheet.hidden = true;
        frame.src = "about:blank";
        appFrame.focus();
        resolve(outcome);
      };
      closeSheet = () => finish({ kind: "closed" });
      frame.onload = () => {
        let location;
        try {
          location = frame.contentWindow.location;
        } catch {
          finish({ kind: "left" }); // another origin: a merchant's page, no longer the wallet's
          return;
        }
        if (location.pathname === RETURN_PATH)
          finish({ kind: "returned", params: new URLSearchParams(location.search) });
      };
      frame.src = url;
      frame.focus();
    });
  }

  const returnUrl = () => new URL(RETURN_PATH, window.location.origin).toString();

  function scopeList(scopes) {
    const list = Array.isArray(scopes) ? scopes : String(scopes ?? "auth_base").split(/[,\s]+/);
    const clean = list.map((scope) => String(scope).trim()).filter(Boolean);
    return clean.length > 0 ? clean : ["auth_base"];
  }

  const AUTH_MESSAGES = {
    3: "Unknown error",
    1000: "Unknown error",
    1001: "The user cancelled the authorization",
    1002: "Service error in the app",
    1003: "The request timed out",
    2001: "An agreement authorization is pending",
  };

  function authFailure(scopes, code) {
    return fail({
      error: code,
      errorMessage: AUTH_MESSAGES[code] ?? "Unknown error",
      authErrorScopes: Object.fromEntries(scopes.map((scope) => [scope, code])),
    });
  }

  async function getAuthCode(params) {
    const scopes = scopeList(params.scopes);
    const fault = takeFault("auth");
    if (fault) {
      await sleep(SILENT_FAULT_DELAY_MS[fault] ?? 200);
      return authFailure(scopes, fault);
    }
    const { json } = await callSandbox("/container/api/authorize", { scopes });
    if (json.authCode) return ok({ authCode: json.authCode, authSuccessScopes: json.authSuccessScopes });
    if (json.authErrorScopes) {
      const code = Object.values(json.authErrorScopes)[0] ?? "1000";
      return fail({ error: code, errorMessage: AUTH_MESSAGES[code], authErrorScopes: json.authErrorScopes });
    }
    if (!json.consent) return authFailure(scopes, "1002");
    const consent = new URL("/authorize", window.location.origin);
    consent.searchParams.set("scopes", scopes.join(","));
    consent.searchParams.set("redirectUrl", returnUrl());
    const back = await openSheet(consent.toString(), "Authorize");
    const answer = back.params;
    if (answer?.get("authCode")) {
      return ok({
        authCode: answer.get("authCode"),
        authSuccessScopes: (answer.get("authSuccessScopes") ?? "").split(","),
      });
    }
    if (answer?.get("authErrorScopes")) {
      const authErrorScopes = JSON.parse(answer.get("authErrorScopes"));
      const code = answer.get("error") ?? "1001";
      return fail({ error: code, errorMessage: AUTH_MESSAGES[code], authErrorScopes });
    }
    return authFailure(scopes, "1001");
  }

  /** A URL of this wallet's pages (the sandbox's origin) at `path`, else nothing. */
  function walletPage(value, pathPattern) {
    try {
      const url = new URL(String(value ?? ""));
      return url.origin === window.location.origin && pathPattern.test(url.pathname) ? url : undefined;
    } catch {
      return undefined;
    }
  }

  // tradePay's resultCode from where the payment stands once the user leaves the cashier.
  const PAY_CODES = { SUCCESS: "9000", CANCELLED: "6001", PROCESSING: "6001", CLOSED: "4000", FAIL: "4000" };
  const PAY_MEMOS = {
    9000: "Payment successful",
    8000: "The payment is being processed",
    6004: "The payment result is unknown",
    6001: "The user cancelled the payment",
    6002: "Network error",
    4000: "The payment failed",
  };
  const payResult = (code) => ok({ resultCode: code, memo: PAY_MEMOS[code] });

  async function tradePay(params) {
    const cashier = walletPage(
      params.paymentUrl ?? params.redirectionUrl ?? params.url ?? params.orderStr,
      /^\/cashier\/[^/]+$/,
    );
    if (!cashier)
      return fail({ error: 2, errorMessage: "paymentUrl is not a cashier address of this wallet" });
    const fault = takeFault("pay");
    if (fault === "6002") {
      await sleep(300);
      return payResult("6002"); // the cashier never opened: nothing was paid
    }
    const paymentId = decodeURIComponent(cashier.pathname.split("/").pop());
    cashier.searchParams.set("returnTo", RETURN_PATH);
    await openSheet(cashier.toString(), "Cashier");
    const { json } = await callSandbox(`/sandbox/payments/${encodeURIComponent(paymentId)}`);
    // 8000/6004/4000 faults: the user did what they did at the cashier, the app says otherwise.
    return payResult(fault || PAY_CODES[json.status] || "6004");
  }

  async function signContract(params) {
    const link = walletPage(
      params.authorizationUrl ?? params.authUrl ?? params.signStr ?? params.url,
      /^\/agreement$/,
    );
    if (!link)
      return fail({ error: 2, errorMessage: "authorizationUrl is not an agreement address of this wallet" });
    if (takeFault("sign") === "6002") {
      await sleep(300);
      return fail({ error: "6002", errorMessage: "Network error" });
    }
    link.searchParams.set("redirectUrl", returnUrl());
    const back = await openSheet(link.toString(), "Agreement");
    const authCode = back.params?.get("authCode");
    if (authCode) return ok({ authCode, authState: link.searchParams.get("token") ?? "" });
    return fail({ error: "6001", errorMessage: "The user did not sign the agreement" });
  }

  function alertDialog(params) {
    const dialog = $("alert");
    $("alert-title").textContent = String(params.title ?? "");
    $("alert-content").textContent = String(params.content ?? "");
    $("alert-button").textContent = String(params.buttonText ?? "OK");
    return new Promise((resolve) => {
      dialog.onclose = () => resolve(ok({}));
      dialog.showModal();
    });
  }

  let toastTimer;
  function showToast(params) {
    const toast = $("toast");
    toast.textContent = String(params.content ?? "");
    toast.dataset.type = String(params.type ?? "none");
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(
      () => {
        toast.hidden = true;
      },
      Number(params.duration ?? 2000),
    );
    return ok({});
  }

  function showLoading(params) {
    $("loading-text").textContent = String(params.content ?? "");
    $("loading").hidden = false;
    return ok({});
  }

  function hideLoading() {
    $("loading").hidden = true;
    return ok({});
  }

  function getSystemInfo() {
    return ok({
      app: "wallet-container",
      brand: "Wallet sandbox",
      model: "Browser container",
      platform: /Android/i.test(navigator.userAgent) ? "Android" : "iOS",
      system: navigator.userAgent,
      version: "1.0.0",
      language: $("language").value,
      pixelRatio: window.devicePixelRatio,
      screenWidth: window.screen.width,
      screenHeight: window.screen.height,
      windowWidth: appFrame.clientWidth,
      windowHeight: appFrame.clientHeight,
      fontSizeSetting: 16,
    });
  }

  const SIGN_CONTRACT_NAMES = ["walletSignContract", "qicardSignContract", "signContract"];
  const HANDLERS = {
    getAuthCode,
    tradePay,
    alert: alertDialog,
    showToast,
    showLoading,
    hideLoading,
    getSystemInfo,
    ...Object.fromEntries(SIGN_CONTRACT_NAMES.map((name) => [name, signContract])),
  };

  function logCall(api, answer) {
    const item = document.createElement("li");
    item.textContent = `${api} → ${answer.ok ? "success" : "fail"} ${JSON.stringify(answer.result)}`;
    $("call-log").prepend(item);
    while ($("call-log").children.length > 20) $("call-log").lastElementChild.remove();
  }

  window.addEventListener("message", async (event) => {
    const data = event.data;
    if (event.source !== appFrame.contentWindow || event.origin !== appOrigin) return;
    if (data?.walletContainer !== 1) return;
    const handler = HANDLERS[data.api];
    let answer;
    try {
      answer = handler
        ? await handler(data.params ?? {})
        : fail({ error: 1, errorMessage: `${data.api} is not available in this container` });
    } catch (error) {
      answer = fail({ error: 3, errorMessage: String(error?.message ?? error) });
    }
    logCall(data.api, answer);
    event.source.postMessage({ walletContainer: 1, id: data.id, ...answer }, event.origin);
  });

  $("sheet-close").addEventListener("click", () => closeSheet?.());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeSheet?.();
  });

  // The panel: who is signed in to the wallet app, with which persona.
  async function showWalletUser(json) {
    $("wallet-user").textContent = json.userId ? `${json.userId} (${json.persona})` : "nobody yet";
    if (json.persona) $("persona").value = json.persona;
  }
  async function updateWalletUser(body) {
    const { json } = await callSandbox("/container/api/wallet-user", body);
    await showWalletUser(json);
  }
  $("persona").addEventListener("change", () => updateWalletUser({ persona: $("persona").value }));
  $("new-user").addEventListener("click", async () => {
    await updateWalletUser({ fresh: true, persona: $("persona").value });
    loadMiniProgram();
  });
  $("language").addEventListener("change", () => {
    const url = new URL(window.location.href);
    url.searchParams.set("lang", $("language").value);
    window.location.assign(url.toString());
  });
  $("server-fault").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const { status, json } = await callSandbox("/sandbox/faults", {
      operation: form.get("operation"),
      outcome: form.get("outcome"),
      count: Number(form.get("count")),
    });
    $("server-fault-result").textContent =
      status < 300
        ? `Set: the next ${form.get("count")} ${form.get("operation")} → ${form.get("outcome")}`
        : JSON.stringify(json);
  });
  callSandbox("/container/api/wallet-user").then(({ json }) => showWalletUser(json));

  // The mini program loads only now that the frame answers its calls. With the address in the
  // iframe's src, the mini program could start (and a silent sign-in call my.getAuthCode) before
  // this script had run on a busy machine, and that first call was lost without an answer.
  loadMiniProgram();
})();
