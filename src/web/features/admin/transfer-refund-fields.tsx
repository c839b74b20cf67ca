import Form from 'react-bootstrap/Form';
import { lisbonToday } from '#shared/dates.ts';

type Props = {
  /** The form's `useId`, so that each field's id is unique on the page. */
  id: string;
  disabled: boolean;
  iban: string;
  onIban: (iban: string) => void;
  date: string;
  onDate: (date: string) => void;
  className: string;
  dateClassName?: string;
};

/** The customer's IBAN and the day of a refund the owner already made by bank transfer: an order's refund and a withdrawal's. */
export function TransferRefundFields({ id, disabled, iban, onIban, date, onDate, className, dateClassName }: Props) {
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="visually-hidden">Dados da transferência</legend>
      <Form.Group className="mb-2" controlId={`${id}-iban`}>
        <Form.Label>IBAN do cliente</Form.Label>
        <Form.Control value={iban} onChange={(e) => onIban(e.target.value)} autoComplete="off" placeholder="PT50 0000 0000 0000 0000 0000 0" maxLength={50} />
      </Form.Group>
      <Form.Group className={dateClassName} controlId={`${id}-date`}>
        <Form.Label>Data da transferência</Form.Label>
        <Form.Control type="date" value={date} max={lisbonToday()} onChange={(e) => onDate(e.target.value)} />
      </Form.Group>
    </fieldset>
  );
}
