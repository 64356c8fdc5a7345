/** Types of scripts/admin.mjs (plain JavaScript: it runs before anything is built or installed). */
export function isFresh(dir?: string): boolean;
export function buildCli(dir?: string): Promise<void>;
