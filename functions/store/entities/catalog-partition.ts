/**
 * The partition key of a catalogue index (`gsi2pk`), as an attribute of the entity. The index's partition
 * key is a constant (`catalog#clubs`, `catalog#tournaments`) and the index is sparse (its `condition`:
 * listed while `catalogKey` is set). ElectroDB writes an index key on update only when an attribute it is
 * made of changes, and a constant is made of none: an update that lists an item would write `gsi2sk`
 * alone, and an item that was never listed (or was unlisted with both keys removed) would stay out of the
 * index. This attribute is the same field, derived from `catalogKey` whenever that is written, so a
 * listing always writes both keys. Hidden: reads do not return it.
 */
export const catalogPartition = (value: string) =>
  ({
    type: 'string',
    field: 'gsi2pk',
    hidden: true,
    watch: ['catalogKey'],
    set: (_: unknown, item: { catalogKey?: unknown }) =>
      typeof item.catalogKey === 'string' && item.catalogKey.length > 0 ? value : undefined,
  }) as const;
