// Types for chromium.mjs (plain JavaScript so that test/run.mjs can use it without tsx).
type Env = Record<string, string | undefined>;
interface SearchOptions {
  env?: Env;
  systemPaths?: string[];
}
export declare const SYSTEM_PATHS: string[];
export declare const INSTALL_COMMAND: string[];
export declare function findChromium(options?: SearchOptions): { path: string | null; problem: string | null };
export declare function chromiumPlan(
  options?: SearchOptions & { isRoot?: boolean },
): { action: 'use'; path: string } | { action: 'install'; command: string[] } | { action: 'stop'; message: string };
export declare function drivesChromium(file: string, depth?: number): boolean;
