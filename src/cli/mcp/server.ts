import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { LoyaltyClient } from '../../client/client.js';
import { SDK_VERSION } from '../../version.js';
import { messageOf } from '../shared/error-message.js';
import { toolDefinition, toolName } from '../table/tool-schema.js';
import { callTool, type ToolSession } from './call-tool.js';
import type { McpCaps } from './caps.js';
import type { GroupPreviews } from './group-previews.js';
import { listResources, readResource } from './resources.js';
import { answered, type Mask, shownResource } from './shown.js';
import type { OfferedTools } from './tools.js';
import type { WriteKeys } from './write-keys.js';

/** Told to the assistant once, at initialization: the rules every write and group action follows. */
const INSTRUCTIONS = [
  'Tools of the Loyalty Program API v3, one per operation the API key may call.',
  'Writes are replay-safe: the same tool with the same arguments is applied once, in this chat or any other (the later calls answer replayed: true); to repeat a movement on purpose, pass occurrence: 2, 3, ...',
  'Group actions (grupos_*_add) answer a dry run first (afectados, costoEstimado); the same arguments with apply: true then apply it.',
  "Help of a tool: the resource loyalty://help/<operationId>; the key's scopes: loyalty://key.",
].join('\n');

export interface ServerContext {
  client: LoyaltyClient;
  offered: OfferedTools;
  caps: McpCaps;
  /** Masks the key in what the server hands on (shown.ts): results, resources, errors. */
  mask: Mask;
  /** The writes' keys and the group actions' dry runs, the same in every session and process. */
  keys: WriteKeys;
  previews: GroupPreviews;
}

/**
 * What every session of a server shares, made once (an HTTP client may open many sessions): the
 * tools' definitions, and the JSON Schema validator the SDK would otherwise make per session
 * (an ajv instance, most of a session's memory).
 */
interface Shared {
  tools: ReturnType<typeof toolDefinition>[];
  validator: AjvJsonSchemaValidator;
}

const shared = new WeakMap<ServerContext, Shared>();

function sharedOf(context: ServerContext): Shared {
  let found = shared.get(context);
  if (found === undefined) {
    found = {
      tools: context.offered.operations.map((operation) => toolDefinition(operation, context.caps)),
      validator: new AjvJsonSchemaValidator(),
    };
    shared.set(context, found);
  }
  return found;
}

/**
 * One MCP session: a protocol server whose tools are the offered operations. The low-level `Server` takes the tools' JSON Schemas as the table gives them
 * (McpServer wants zod schemas of its own).
 */
export function createSessionServer(context: ServerContext): Server {
  const { client, offered, caps, mask, keys, previews } = context;
  const session: ToolSession = { client, caps, keys, previews };
  const byName = new Map(offered.operations.map((operation) => [toolName(operation), operation]));
  const { tools, validator } = sharedOf(context);
  const server = new Server(
    { name: 'loyalty-sdk', version: SDK_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: validator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name } = request.params;
    const operation = byName.get(name);
    // The MCP spec makes an unknown tool a protocol error, not a tool result.
    if (operation === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        mask(`Unknown tool ${JSON.stringify(name)}: tools/list names this key's tools`),
      );
    return answered(name, mask, () => callTool(session, operation, request.params.arguments ?? {}));
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(offered) }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    let found: Awaited<ReturnType<typeof readResource>>;
    try {
      found = await readResource(client, offered, request.params.uri);
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, mask(messageOf(error)));
    }
    if (found === undefined) throw new McpError(ErrorCode.InvalidParams, `No resource ${request.params.uri}`);
    return shownResource(found, mask);
  });
  return server;
}
