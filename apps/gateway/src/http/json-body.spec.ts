import { MAX_BODY_DEPTH, parseJsonObject, withinDepthDroppingProtoKeys } from './json-body';

const nested = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`) as object;

describe('JSON bodies', () => {
  it('reads an object, `{}` for other JSON values, null for what is not JSON', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('[1]')).toEqual({});
    expect(parseJsonObject('  ')).toEqual({});
    expect(parseJsonObject('{"a":')).toBeNull();
  });

  it(`takes ${MAX_BODY_DEPTH} levels of nesting and refuses one more, without recursion`, () => {
    expect(withinDepthDroppingProtoKeys(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(true);
    expect(withinDepthDroppingProtoKeys(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(false);
    expect(withinDepthDroppingProtoKeys(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), MAX_BODY_DEPTH)).toBe(false);
  });

  it('drops __proto__ keys at any depth, so that a later merge cannot reach a prototype', () => {
    const body = parseJsonObject('{"__proto__":{"is_admin":true},"versions":[{"__proto__":{"x":1},"is_original":true}]}')!;
    expect(withinDepthDroppingProtoKeys(body, MAX_BODY_DEPTH)).toBe(true);
    expect(Object.keys(body)).toEqual(['versions']);
    expect(Object.assign({}, body, (body as { versions: object[] }).versions[0])).not.toHaveProperty('is_admin');
    expect(JSON.stringify(body)).toBe('{"versions":[{"is_original":true}]}');
  });
});
