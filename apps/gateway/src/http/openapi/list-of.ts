import { Type } from '@nestjs/common';
import { ApiProperty, ApiSchema, DECORATORS } from '@nestjs/swagger';

const lists = new Map<Type<unknown>, Type<unknown>>();

/** The `{"data": [item]}` envelope of the contract's listings, as a schema named `<Item>List`. */
export function ListOf(item: Type<unknown>): Type<unknown> {
  const known = lists.get(item);
  if (known) return known;
  const itemName: string = Reflect.getOwnMetadata(DECORATORS.API_SCHEMA, item)?.[0]?.name ?? item.name;

  class ListDoc {
    @ApiProperty({ type: [item] })
    data: unknown[];
  }
  ApiSchema({ name: `${itemName}List` })(ListDoc);
  lists.set(item, ListDoc);
  return ListDoc;
}
