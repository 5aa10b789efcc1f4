// Where the merchant backend is. A shipped build has it fixed (MINIAPP_API_BASE_URL at build time):
// the wallet opens the mini program with links anyone can write, so a shipped build never takes a
// backend from its address. A development build reads `?api=` (the container's tests and
// `npm run dev` pass it), else calls its own origin.
export function apiBaseUrl(): string {
  const fixed = import.meta.env.VITE_API_BASE_URL;
  if (fixed) return fixed;
  return new URLSearchParams(window.location.search).get("api") ?? window.location.origin;
}
