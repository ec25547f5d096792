import { apiRequestOf } from './api-request-of';
import { argumentNameOf, bindTool, OpenApiDocument } from './tool-binding';

const document: OpenApiDocument = {
  paths: {
    '/api/{workspaceUuid}/posts/{postUuid}': {
      put: {
        parameters: [
          { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
          { name: 'workspaceUuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'postUuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { versions: { type: 'array' }, tags: { type: 'array' } }, required: ['versions'] } } } },
      },
    },
  },
};
const binding = bindTool({ name: 'update_post', title: 'Update', description: 'Updates', method: 'put', path: '/api/{workspaceUuid}/posts/{postUuid}' }, document);

describe('an MCP tool bound to an operation of the OpenAPI document', () => {
  it('names each parameter in snake_case beside the body fields, the required ones required', () => {
    expect(['workspaceUuid', 'Idempotency-Key', 'postUuid', 'limit'].map(argumentNameOf)).toEqual(['workspace_uuid', 'idempotency_key', 'post_uuid', 'limit']);
    expect(binding.tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        idempotency_key: { type: 'string' },
        workspace_uuid: { type: 'string', format: 'uuid' },
        post_uuid: { type: 'string', format: 'uuid' },
        dry_run: { type: 'boolean' },
        versions: { type: 'array' },
        tags: { type: 'array' },
      },
      required: ['workspace_uuid', 'post_uuid', 'versions'],
    });
    expect(binding.tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  });

  it('makes the API request: the path filled and encoded, query and header where the operation takes them, every other argument in the body', () => {
    const args = { workspace_uuid: 'w 1', post_uuid: 'p/2', idempotency_key: 'k', dry_run: true, versions: [], extra: 1 };
    expect(apiRequestOf(binding, args)).toEqual({
      request: { method: 'PUT', url: '/api/w%201/posts/p%2F2?dry_run=true', headers: { 'idempotency-key': 'k' }, body: { versions: [], extra: 1 } },
    });
  });

  it('reports a missing path argument, and a header argument no header can carry, as field errors', () => {
    expect(apiRequestOf(binding, { workspace_uuid: ' ', versions: [] })).toEqual({
      errors: { workspace_uuid: ['The workspace_uuid field is required.'], post_uuid: ['The post_uuid field is required.'] },
    });
    expect(apiRequestOf(binding, { workspace_uuid: 'w', post_uuid: 'p', idempotency_key: 5 })).toEqual({ errors: { idempotency_key: ['The idempotency_key field must be a string.'] } });
  });

  it('refuses to bind an operation the document does not have, or two arguments of one name', () => {
    expect(() => bindTool({ ...binding.tool, title: 't', description: 'd', method: 'get', path: '/api/nothing' }, document)).toThrow('The OpenAPI document has no GET /api/nothing for the tool update_post');
    const clashing: OpenApiDocument = {
      paths: { '/a/{id}': { post: { parameters: [{ name: 'id', in: 'path', required: true }], requestBody: { content: { 'application/json': { schema: { properties: { id: {} } } } } } } } },
    };
    expect(() => bindTool({ name: 'x', title: 'x', description: 'x', method: 'post', path: '/a/{id}' }, clashing)).toThrow('The tool x has two arguments named id');
  });
});
