/**
 * Keys for the slots of a virtual list. A row that leaves the window hands its key to a row that
 * enters it, so a scroll re-renders a mounted row with the new pair's texts instead of unmounting
 * one row and building another: under 4x CPU, building a row costs several times patching one.
 * The slots keep the list's order, so the DOM still reads top to bottom.
 */
export class SlotKeys {
  private byIndex = new Map<number, number>();
  /** Keys of rows that left while fewer rows came: the next rows to come take them. */
  private spare: number[] = [];
  private nextKey = 0;

  /** A key for each index, in the order given; an index still shown keeps its key. */
  keysFor(indices: readonly number[]): number[] {
    const wanted = new Set(indices);
    const kept = new Map<number, number>();
    const free = this.spare;
    for (const [index, key] of this.byIndex) {
      if (wanted.has(index)) kept.set(index, key);
      else free.push(key);
    }
    const keys = indices.map((index) => {
      let key = kept.get(index);
      if (key === undefined) {
        key = free.pop() ?? this.nextKey++;
        kept.set(index, key);
      }
      return key;
    });
    this.byIndex = kept;
    this.spare = free;
    return keys;
  }
}
