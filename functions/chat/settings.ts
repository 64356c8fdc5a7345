import { type ChatTimings, config } from '../config';

/** Time bounds of the chat service (CHAT_* variables, parsed in config.ts), read when a request starts. */
export type ChatSettings = ChatTimings;

export const chatSettings = (): ChatSettings => config().chat;
