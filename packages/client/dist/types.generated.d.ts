// Built by `npm run client:build` (scripts/build-client.mjs) from packages/client/src: do not edit.
/** `#/components/schemas/GenerateSessionRequest` */
export type GenerateSessionRequest = {
    deploymentId: number;
    externalId?: string | null;
    internalId?: string | null;
    email?: string | null;
    embedTenantName?: string | null;
    creatorMode?: boolean | null;
    userAttributes?: {
        name: string;
        value?: string | number | boolean | string[] | number[] | null;
    }[] | null;
    groups?: string[] | null;
    userAttributeDefinitions?: {
        name: string;
        type: "string" | "number" | "boolean" | "string_array" | "number_array";
        displayName?: string | null;
        defaultValue?: string | null;
        description?: string | null;
    }[] | null;
    groupDefinitions?: {
        name: string;
        description?: string | null;
    }[] | null;
    tenantGroups?: string[] | null;
    tenantGroupDefinitions?: {
        name: string;
        description?: string | null;
    }[] | null;
    securityContext?: {
        [field: string]: unknown;
    } | null;
    userProfile?: {
        displayName?: string | null;
        picture?: string | null;
    } | null;
    branchName?: string | null;
    isEphemeral?: boolean | null;
    roles?: string[] | null;
    embedTheme?: {
        primaryColor?: string | null;
        font?: string | null;
        chat?: {
            inputColor?: string | null;
        } | null;
        analyticsChat?: {
            backgroundColor?: string | null;
            chatInput?: {
                backgroundColor?: string | null;
                borderColor?: string | null;
            } | null;
        } | null;
    } | null;
    embedTenantProfile?: {
        displayName?: string | null;
    } | null;
    settings?: {
        allowAi?: boolean | null;
        allowChatWorkspaceAuthoring?: boolean | null;
        locale?: string | null;
        showAiWidgets?: boolean | null;
        showDashboardChat?: boolean | null;
        showDashboardSettings?: boolean | null;
        showGroupByCube?: boolean | null;
        showMemberNames?: boolean | null;
        showWorkbookChat?: boolean | null;
        showWorkbookShare?: boolean | null;
        timezone?: string | null;
    } | null;
};
/** `#/components/schemas/SessionIdRequest` */
export type SessionIdRequest = {
    sessionId: string;
    deploymentId?: number | null;
};
/** `#/components/schemas/SessionCheckRequest` */
export type SessionCheckRequest = {
    sessionId: string;
    accountName?: string | null;
    agentId?: string | null;
};
/** `#/components/schemas/ChatStreamRequest` */
export type ChatStreamRequest = {
    input?: string | null;
    chatId?: string | null;
    sessionSettings?: {
        externalId?: string | null;
        internalId?: string | null;
        email?: string | null;
        userAttributes?: {
            name: string;
            value?: string | number | boolean | string[] | number[] | null;
        }[] | null;
        groups?: string[] | null;
        roles?: string[] | null;
        securityContext?: {
            [field: string]: unknown;
        } | null;
        isEphemeral?: boolean | null;
        ephemeralTtlSeconds?: number | null;
        timezone?: string | null;
        publicDashboardId?: string | null;
    } | null;
    activeBranchName?: string | null;
    isDefaultBranch?: boolean | null;
    messageId?: string | null;
    images?: {
        mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
        data: string;
        name?: string | null;
    }[] | null;
};
/** `#/components/schemas/ChatAbortRequest` */
export type ChatAbortRequest = {
    chatId: string;
    sessionSettings?: {
        externalId?: string | null;
        internalId?: string | null;
        email?: string | null;
        userAttributes?: {
            name: string;
            value?: string | number | boolean | string[] | number[] | null;
        }[] | null;
        groups?: string[] | null;
        roles?: string[] | null;
        securityContext?: {
            [field: string]: unknown;
        } | null;
        isEphemeral?: boolean | null;
        ephemeralTtlSeconds?: number | null;
        timezone?: string | null;
        publicDashboardId?: string | null;
    } | null;
};
/** `#/components/schemas/SqlRequest` */
export type SqlRequest = {
    query: string;
    sessionSettings?: {
        externalId?: string | null;
        internalId?: string | null;
        email?: string | null;
        userAttributes?: {
            name: string;
            value?: string | number | boolean | string[] | number[] | null;
        }[] | null;
        groups?: string[] | null;
        roles?: string[] | null;
        securityContext?: {
            [field: string]: unknown;
        } | null;
        isEphemeral?: boolean | null;
        ephemeralTtlSeconds?: number | null;
        timezone?: string | null;
        publicDashboardId?: string | null;
    } | null;
    branchName?: string | null;
    limit?: number | null;
};
/** `#/components/schemas/CubeSqlRequest` */
export type CubeSqlRequest = {
    query: string;
    timezone?: string | null;
    cache?: ("stale-if-slow" | "stale-while-revalidate" | "must-revalidate" | "no-cache") | null;
};
/** `#/components/schemas/Error` */
export type ErrorBody = {
    error: string;
    code: string;
    details?: unknown;
};
/** `#/components/schemas/Health` */
export type Health = {
    status: "ok";
};
/** `#/components/schemas/GenerateSessionResponse` */
export type GenerateSessionResponse = {
    sessionId: string;
};
/** `#/components/schemas/ExchangeResponse` */
export type ExchangeResponse = {
    token: string;
    expiresAt: string;
    accountName: string;
    deploymentId: number;
    embedTenantName: string | null;
    creatorMode: boolean;
    user: {
        externalId?: string;
        internalId?: string;
        email?: string;
        groups: string[];
        userAttributes: {
            name: string;
            value: string | number | boolean | string[] | number[];
        }[];
    };
    userProfile?: {
        displayName?: string;
        picture?: string;
    };
    branchName?: string;
    settings?: {
        [field: string]: unknown;
    };
    embedTheme?: {
        [field: string]: unknown;
    };
    roles?: string[];
    isEphemeral?: boolean;
};
/** `#/components/schemas/SessionCheckResponse` */
export type SessionCheckResponse = {
    accountName: string;
    deploymentId: number;
    agentId: string;
};
/** `#/components/schemas/GroupPage` */
export type GroupPage = {
    items: {
        id: string;
        name: string;
        description?: string;
        userCount?: number;
        createdAt: string;
        updatedAt: string;
    }[];
    pageInfo: {
        hasNextPage: boolean;
        endCursor: string | null;
        hasPreviousPage: boolean;
        startCursor: string | null;
    };
};
/** `#/components/schemas/AttributePage` */
export type AttributePage = {
    items: {
        id: string;
        name: string;
        type: "string" | "number" | "boolean" | "string_array" | "number_array";
        displayName?: string;
        defaultValue?: string;
        description?: string;
        createdAt: string;
        updatedAt: string;
    }[];
    pageInfo: {
        hasNextPage: boolean;
        endCursor: string | null;
        hasPreviousPage: boolean;
        startCursor: string | null;
    };
};
/** `#/components/schemas/SqlResult` */
export type SqlResult = {
    schema: {
        name: string;
        column_type: string;
    }[];
    data: unknown[][];
    totalRows: number;
};
/** `#/components/schemas/SqlLine` */
export type SqlLine = {
    schema: {
        name: string;
        column_type: string;
    }[];
} | unknown[] | {
    totalRows: number;
};
/** `#/components/schemas/ChatLine` */
export type ChatLine = {
    id?: string;
    sort?: number;
    role?: "user" | "assistant";
    content?: string;
    thinking?: string;
    isDelta?: boolean;
    isInProcess?: boolean;
    graphPath?: string[];
    toolCall?: {
        name: string;
        input: string;
        result?: string;
    };
    state?: {
        chatId?: string;
        status?: string;
        isStreaming?: boolean;
        [field: string]: unknown;
    };
    error?: unknown;
    [field: string]: unknown;
};
/** `#/components/schemas/CubeApiToken` */
export type CubeApiToken = {
    cubeApiToken: string;
    expiresAt: string;
};
/** `#/components/schemas/CubeSqlLine` */
export type CubeSqlLine = {
    schema: {
        name: string;
        column_type: string;
    }[];
} | {
    data: unknown[][];
};
