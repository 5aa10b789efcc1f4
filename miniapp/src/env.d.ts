// What Vite writes into the build (miniapp/README.md, "Shipping to the wallet").
interface ImportMetaEnv {
  /** The merchant backend's address, fixed at build time (MINIAPP_API_BASE_URL). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
