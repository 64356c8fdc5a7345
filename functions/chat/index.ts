export { abortChat, type ChatAbortBody, type ChatPath, type ChatRequest, chatAbortBody } from './abort';
export { type FollowPlan, followStream } from './follow';
export { CUTOFF_ID, cutoffLine, STATE_ID, type StopReason, settled, stateLine } from './lines';
export {
  type ChatStreamBody,
  chatStreamBody,
  openChatStream,
  STREAM_HEADERS,
} from './service';
export { type ChatSettings, chatSettings } from './settings';
export { type RunAgent, type TurnPlan, toHistory, turnStream } from './turn';
