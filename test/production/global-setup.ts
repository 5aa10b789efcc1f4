// Installs the production release once for every file of `npm run test:production` (the install is
// the slow part: 30 s to 2 min) and removes it at the end. Files read its folder with
// `inject("releaseDir")` (see installedRelease in release.ts).
import type { TestProject } from "vitest/node";
import { installRelease } from "./release";

declare module "vitest" {
  export interface ProvidedContext {
    releaseDir: string;
  }
}

export default async function setup(project: TestProject) {
  const release = await installRelease();
  project.provide("releaseDir", release.dir);
  return () => release.remove();
}
