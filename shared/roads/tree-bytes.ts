/**
 * The spatial tree as bytes and back, for the on-disk index
 * (electron/node/roads/rlidx.ts): flatbush keeps its whole tree in one
 * ArrayBuffer, so it is stored as is and restored without rebuilding.
 */
import Flatbush from 'flatbush';
import { buildTree } from './road-index.ts';

export type SegmentTree = Flatbush;

/** The tree of the segments' boxes as bytes; empty when there are no segments. */
export function treeBytesOf(segCoords: Float64Array): ArrayBuffer {
  return (buildTree(segCoords)?.data as ArrayBuffer | undefined) ?? new ArrayBuffer(0);
}

/** The tree stored by treeBytesOf, checked to hold `items` boxes; throws a plain Error when the bytes are not one. */
export function treeFromBytes(bytes: ArrayBuffer, items: number): SegmentTree {
  const tree = Flatbush.from(bytes);
  if (tree.numItems !== items) throw new Error(`the tree holds ${tree.numItems} segments, not ${items}`);
  return tree;
}
