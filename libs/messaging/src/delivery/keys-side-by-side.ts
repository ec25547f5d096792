/**
 * Handles a batch of one partition as the bus would one message at a time, only sooner: the items
 * of each key in their order, different keys side by side (at most `keysAtOnce` of them). Resolves
 * once every key is done, and rejects with the first failure only after all have settled, so that
 * a batch the bus hands over again one message at a time never runs beside what is left of itself.
 */
export async function handleKeysSideBySide<Item>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
  handle: (item: Item) => Promise<void>,
  keysAtOnce = Number.POSITIVE_INFINITY,
): Promise<void> {
  const ofEachKey = new Map<string, Item[]>();
  for (const item of items) {
    const ofKey = ofEachKey.get(keyOf(item));
    if (ofKey) ofKey.push(item);
    else ofEachKey.set(keyOf(item), [item]);
  }
  const waiting = [...ofEachKey.values()];
  const failures: unknown[] = [];
  const worker = async (): Promise<void> => {
    for (let ofKey = waiting.shift(); ofKey; ofKey = waiting.shift()) {
      try {
        for (const item of ofKey) await handle(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(keysAtOnce, waiting.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
