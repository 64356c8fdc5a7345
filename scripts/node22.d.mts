/** Types of scripts/node22.mjs. */
export const NODE_VERSION: string;
export function node22(options?: {
  root?: string;
  out?: { write(text: string): unknown };
  current?: string;
}): { binary: string; version: string; bin?: string; installed: boolean };
