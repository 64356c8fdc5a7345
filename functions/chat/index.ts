export * as protocol from '../protocol';
export { CUTOFF_ID, cutoffLine, STATE_ID, type StopReason, stateLine } from '../protocol';
export { abortChat, type ChatAbortBody, type ChatPath, type ChatRequest, chatAbortBody } from './abort';
export { type FollowPlan, followStream } from './follow';
export { endFrames, settled } from './lines';
export {
  type ChatStreamBody,
  chatStreamBody,
  openChatStream,
  STREAM_HEADERS,
} from './service';
export { type ChatSettings, chatSettings } from './settings';
export { type RunAgent, type TurnPlan, toHistory, turnStream } from './turn';
