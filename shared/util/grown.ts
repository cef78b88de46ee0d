/** The typed arrays the matcher's columns and heap grow. */
type Column = Int8Array | Int32Array | Uint32Array | Float64Array;

/**
 * A typed array of the same kind starting with `xs`'s numbers, with room for at least `need` of them and at
 * least twice `xs`'s length (so a column grown one number at a time is copied a logarithmic number of times).
 */
export function grown<T extends Column>(xs: T, need: number): T {
  const out = new (xs.constructor as new (length: number) => T)(Math.max(need, 2 * xs.length));
  out.set(xs as ArrayLike<number>);
  return out;
}
