import { jsonSchemaOf } from './json-schema-of';

describe('jsonSchemaOf: a JSON Schema from an OpenAPI 3.0 schema', () => {
  const document = {
    components: {
      schemas: {
        Status: { type: 'string', enum: ['draft', 'scheduled'] },
        Item: { type: 'object', properties: { status: { $ref: '#/components/schemas/Status' }, parent: { $ref: '#/components/schemas/Item' } } },
      },
    },
  };

  it('writes every $ref out in place, and a schema that contains itself as {} at its second appearance', () => {
    expect(jsonSchemaOf({ type: 'array', items: { $ref: '#/components/schemas/Item' } }, document)).toEqual({
      type: 'array',
      items: { type: 'object', properties: { status: { type: 'string', enum: ['draft', 'scheduled'] }, parent: {} } },
    });
  });

  it('turns nullable into a null type (an enum takes null too) and example into examples', () => {
    expect(jsonSchemaOf({ type: 'string', nullable: true, example: 'a' }, document)).toEqual({ type: ['string', 'null'], examples: ['a'] });
    expect(jsonSchemaOf({ type: 'string', enum: ['a'], nullable: true }, document)).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(jsonSchemaOf({ allOf: [{ $ref: '#/components/schemas/Status' }], nullable: true }, document)).toEqual({
      anyOf: [{ allOf: [{ type: 'string', enum: ['draft', 'scheduled'] }] }, { type: 'null' }],
    });
  });

  it('fails on a $ref the document does not have (a tool bound to a broken document is a bug)', () => {
    expect(() => jsonSchemaOf({ $ref: '#/components/schemas/Missing' }, document)).toThrow('The OpenAPI document has no schema #/components/schemas/Missing');
  });
});
