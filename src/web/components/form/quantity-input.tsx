import Form from 'react-bootstrap/Form';

type Props = {
  max: number;
  /** The box's text: what was typed, not always a number yet. */
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  id?: string;
  className?: string;
  'aria-describedby'?: string;
};

/**
 * The box a line's quantity is typed in (the product page, the cart's lines): whole numbers from 1 to `max` on a
 * phone's number pad, sent as `quantity` by the forms that work before the app has started.
 */
export function QuantityInput({ max, onChange, ...props }: Props) {
  return <Form.Control name="quantity" type="number" inputMode="numeric" min={1} max={max} step={1} onChange={(event) => onChange(event.target.value)} {...props} />;
}
