/** A select's options: each value, shown by its pt-PT label from one of the shared label tables. */
export function LabelOptions<V extends string | number>({ values, labels }: { values: readonly V[]; labels: Record<V, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
