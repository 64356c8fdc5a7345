/** The widget bundle's entry: registers `<embed-analytics-chat>`. */
import { defineEmbedAnalyticsChat } from './element';

defineEmbedAnalyticsChat();

export { EmbedAnalyticsChat } from './element';
