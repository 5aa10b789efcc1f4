// The wallet's JS bridge as the browser container supplies it (docs/mini-program.md, "The
// container"). A mini program loads it by a script tag, as it loads the real one inside the wallet
// app: `window.my` and `window.AlipayJSBridge`. Every call is a message to the container's frame,
// which shows the wallet's own pages (consent, cashier, agreement) and answers. The frame's origin
// is written in by the sandbox when it serves this file; answers from anywhere else are ignored.
(() => {
  const FRAME_ORIGIN = "__FRAME_ORIGIN__";
  if (window.my?.walletContainer) return;

  const pending = new Map();
  // Ids unique to this document: the container answers a call into the frame's window, which holds
  // a new document once the mini program reloads; an answer to a call of the page before must not
  // settle this page's call that happens to have the same number.
  const documentKey = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let nextId = 1;

  /** postMessage copies data only: the callbacks stay here, keyed by the call's id. */
  function withoutFunctions(params) {
    const copy = {};
    for (const [key, value] of Object.entries(params ?? {})) {
      if (typeof value !== "function") copy[key] = value;
    }
    return copy;
  }

  function send(api, params) {
    return new Promise((resolve) => {
      if (window.parent === window) {
        resolve({
          ok: false,
          result: { error: 3, errorMessage: "Not running inside the wallet container." },
        });
        return;
      }
      const id = `${documentKey}:${nextId++}`;
      pending.set(id, resolve);
      window.parent.postMessage(
        { walletContainer: 1, id, api, params: withoutFunctions(params) },
        FRAME_ORIGIN,
      );
    });
  }

  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || event.origin !== FRAME_ORIGIN) return;
    if (data?.walletContainer !== 1 || !pending.has(data.id)) return;
    const resolve = pending.get(data.id);
    pending.delete(data.id);
    resolve(data);
  });

  /** The my.* convention: success or fail with the result, then complete with it. */
  function invoke(api, options) {
    const callbacks = options ?? {};
    send(api, callbacks).then((answer) => {
      if (answer.ok) callbacks.success?.(answer.result);
      else callbacks.fail?.(answer.result);
      callbacks.complete?.(answer.result);
    });
  }

  const api = (name) => (options) => invoke(name, options);

  window.my = {
    walletContainer: true,
    getAuthCode: api("getAuthCode"),
    tradePay: api("tradePay"),
    signContract: api("signContract"),
    alert: api("alert"),
    showToast: api("showToast"),
    showLoading: api("showLoading"),
    hideLoading: api("hideLoading"),
    getSystemInfo: api("getSystemInfo"),
    /** my.call(name, params, callback): the wallet's extension calls (walletSignContract, ...). */
    call(name, params, callback) {
      const options = params ?? {};
      send(name, options).then((answer) => {
        if (answer.ok) options.success?.(answer.result);
        else options.fail?.(answer.result);
        options.complete?.(answer.result);
        callback?.(answer.result);
      });
    },
  };

  /** The older form: one callback with the result, an error carried in it as `error`. */
  window.AlipayJSBridge = {
    call(name, params, callback) {
      const options = typeof params === "function" ? {} : params;
      const done = typeof params === "function" ? params : callback;
      send(name, options).then((answer) => done?.(answer.result));
    },
  };

  document.dispatchEvent(new Event("AlipayJSBridgeReady"));
})();
