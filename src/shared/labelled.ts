/**
 * An enumeration written once, as its values' pt-PT labels: the values are the labels' keys, in their order
 * (for `z.enum` and the tables' enum columns), so a value cannot be added without its words.
 */
export const valuesOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as [K, ...K[]];
