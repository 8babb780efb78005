/** Where the build writes its metadata (served as static files of the web build). */
export const BUILD_META_DIR = '_build';
export const LATEST_BUILD_PATH = `/${BUILD_META_DIR}/latest.json`;
export const buildMetaPath = (buildId: string) => `/${BUILD_META_DIR}/meta/${buildId}.json`;

/** latest.json: the id of the newest deployed build. */
export interface LatestBuild {
  id: string;
  timestamp: number;
}

/** meta/{buildId}.json: the build manifest. */
export interface BuildMeta {
  id: string;
  timestamp: number;
  /** Entry chunks of this build; a page holding others runs an outdated build. */
  entries: string[];
}
