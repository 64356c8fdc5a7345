/** Types of scripts/build-client.mjs. */
export const CLIENT_DIST: string;
export function buildClient(outDir?: string): Promise<void>;
