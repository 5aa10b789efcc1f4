// The reference mini program's build (`npm run miniapp:build`) and dev server (`npm run dev`).
// Relative asset paths (base "./"): the wallet hosts the files wherever it likes.
import { defineConfig, type Plugin } from "vite";

const apiBaseUrl = process.env.MINIAPP_API_BASE_URL ?? "";

/**
 * A shipped build knows its backend: the page asks for the catalog while its script still loads (a
 * round trip less on a slow network; src/products.ts's request is the same, so it takes this one).
 */
function preloadCatalog(): Plugin {
  return {
    name: "preload-catalog",
    transformIndexHtml: () =>
      apiBaseUrl
        ? [
            {
              tag: "link",
              attrs: {
                rel: "preload",
                as: "fetch",
                crossorigin: "anonymous",
                href: new URL("/api/mini/products", apiBaseUrl).toString(),
              },
              injectTo: "head-prepend",
            },
          ]
        : [],
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2020", reportCompressedSize: true },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.MINIAPP_PORT ?? 5173),
    strictPort: true,
    // The wallet container serves the dev server on app-<port>.localhost (sandbox/container).
    allowedHosts: [".localhost"],
  },
  // MINIAPP_API_BASE_URL: the backend the shipped build calls. Unset (development, tests): the
  // backend comes from the page's ?api= parameter, else this page's own origin (src/config.ts).
  define: { "import.meta.env.VITE_API_BASE_URL": JSON.stringify(apiBaseUrl) },
  plugins: [preloadCatalog()],
  clearScreen: false,
});
