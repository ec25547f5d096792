import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { jsonSchemaOf, OpenApiSchemas, SchemaObject } from './json-schema-of';
import type { ApiTool } from './mcp-tools';

/** The parts of an OpenAPI document a tool is bound to. */
export interface OpenApiDocument extends OpenApiSchemas {
  paths: Record<string, Record<string, unknown>>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: unknown;
}

/** A tool as MCP lists it, and where each of its arguments goes in the API request. */
export interface ToolBinding {
  tool: Tool;
  method: ApiTool['method'];
  path: string;
  /** Argument name -> path parameter it fills. */
  pathArguments: Record<string, string>;
  /** Argument name -> query parameter. */
  queryArguments: Record<string, string>;
  /** Argument name -> request header (Idempotency-Key as `idempotency_key`). */
  headerArguments: Record<string, string>;
  /** Whether the operation takes a JSON body: the arguments no parameter takes. */
  takesBody: boolean;
  /** The argument that is the whole body, when the body is not an object (ApiTool.bodyArgument). */
  bodyArgument?: string;
}

/** `workspaceUuid` -> `workspace_uuid`, `Idempotency-Key` -> `idempotency_key`. */
export const argumentNameOf = (parameter: string): string =>
  parameter
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

/**
 * The tool of one operation of the document: its input schema is the operation's own, path,
 * query and header parameters beside the fields of its JSON body, written out from the document
 * (the API validates the arguments as it validates any request; the schema tells what it takes).
 */
export function bindTool(apiTool: ApiTool, document: OpenApiDocument): ToolBinding {
  const operation = document.paths[apiTool.path]?.[apiTool.method] as { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined;
  if (!operation) throw new Error(`The OpenAPI document has no ${apiTool.method.toUpperCase()} ${apiTool.path} for the tool ${apiTool.name}`);
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  const binding: ToolBinding = { tool: { name: apiTool.name, inputSchema: { type: 'object' } }, method: apiTool.method, path: apiTool.path, pathArguments: {}, queryArguments: {}, headerArguments: {}, takesBody: false };
  const add = (name: string, schema: SchemaObject, isRequired: boolean): void => {
    if (name in properties) throw new Error(`The tool ${apiTool.name} has two arguments named ${name}`);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };

  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'cookie') continue;
    const name = argumentNameOf(parameter.name);
    const schema = jsonSchemaOf(parameter.schema, document);
    add(name, parameter.description ? { ...schema, description: parameter.description } : schema, parameter.required === true);
    const target = parameter.in === 'path' ? binding.pathArguments : parameter.in === 'query' ? binding.queryArguments : binding.headerArguments;
    target[name] = parameter.name;
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (bodySchema !== undefined && apiTool.bodyArgument !== undefined) {
    binding.takesBody = true;
    binding.bodyArgument = apiTool.bodyArgument;
    add(apiTool.bodyArgument, jsonSchemaOf(bodySchema, document), true);
  } else if (bodySchema !== undefined) {
    binding.takesBody = true;
    const body = jsonSchemaOf(bodySchema, document);
    for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, SchemaObject>)) {
      add(name, schema, Array.isArray(body.required) && body.required.includes(name));
    }
  }

  binding.tool = {
    name: apiTool.name,
    title: apiTool.title,
    description: apiTool.description,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    annotations: {
      title: apiTool.title,
      readOnlyHint: apiTool.method === 'get',
      destructiveHint: apiTool.method === 'delete' || apiTool.method === 'put',
      idempotentHint: apiTool.method !== 'post',
    },
  };
  return binding;
}
