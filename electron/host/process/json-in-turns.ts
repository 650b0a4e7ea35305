/** Items of a long array written per turn of the event loop. */
const defaultSliceSize = 2_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify as it behaves: nothing (undefined) for a value it leaves out, such as undefined. */
function jsonOf(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/**
 * `JSON.stringify(value)`, the same text, written a slice of each long array per turn of the
 * event loop (`nextTurn`), so a call's large value (20,000 events, columns of 200,000 trades)
 * never holds the loop that answers other calls for the whole encoding. Only plain objects are
 * walked into; anything else is written by `JSON.stringify` itself.
 */
export async function jsonInTurns(value: unknown, nextTurn: () => Promise<void>, sliceSize = defaultSliceSize): Promise<string> {
  const parts: string[] = [];
  const write = async (item: unknown): Promise<void> => {
    if (Array.isArray(item) && item.length > sliceSize) {
      parts.push('[');
      for (let start = 0; start < item.length; start += sliceSize) {
        const text = JSON.stringify(item.slice(start, start + sliceSize));
        parts.push(start === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
        await nextTurn();
      }
      parts.push(']');
      return;
    }
    if (!isPlainObject(item) || typeof item['toJSON'] === 'function') {
      parts.push(jsonOf(item) ?? 'null');
      return;
    }
    parts.push('{');
    let first = true;
    for (const key of Object.keys(item)) {
      const field = item[key];
      // JSON.stringify leaves out what it cannot write as a member.
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      await write(field);
    }
    parts.push('}');
  };
  await write(value);
  return parts.join('');
}
