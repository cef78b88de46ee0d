/**
 * The few protobuf wire-format pieces an MVT tile needs (varint, length-delimited,
 * packed varints), written independently of any reader so the fixtures test it.
 */
export class ProtoWriter {
  private bytes: number[] = [];

  varint(value: number): this {
    let v = value;
    // Values here stay below 2^53; arithmetic (not bit ops) keeps the high bits.
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
    return this;
  }

  tag(field: number, wireType: 0 | 2): this {
    return this.varint(field * 8 + wireType);
  }

  uint(field: number, value: number): this {
    return this.tag(field, 0).varint(value);
  }

  bytesField(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(data.length);
    for (const b of data) this.bytes.push(b);
    return this;
  }

  string(field: number, text: string): this {
    return this.bytesField(field, new TextEncoder().encode(text));
  }

  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytesField(field, inner.finish());
  }

  packed(field: number, values: readonly number[]): this {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(v);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export const zigzag = (n: number): number => (n >= 0 ? n * 2 : -n * 2 - 1);
