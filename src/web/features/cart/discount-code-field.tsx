import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import { setDiscountCode, useDiscountCode } from './discount-code.ts';

/**
 * «Código de desconto» with «Aplicar» (cart and checkout, decision 0054): the code goes to the server with the
 * totals; what it gives, or why it is refused, is the server's answer, said in a live region. Either can be
 * removed; a refused code is never sent with the order (the checkout sends the code the server applied).
 */
export function DiscountCodeField({ totals, fresh }: { totals: CartTotalsAnswer | undefined; fresh: boolean }) {
  const code = useDiscountCode();
  const [typed, setTyped] = useState('');
  const id = useId();
  const refusal = fresh && code && totals?.discount_error ? totals.discount_error : null;
  const applied = fresh && code && totals?.discount_code === code ? totals : undefined;
  const apply = () => {
    if (!typed.trim()) return;
    setDiscountCode(typed);
    setTyped('');
  };

  return (
    <div className="mb-3">
      {code ?
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>
            Código <strong>{code}</strong> {applied ? 'aplicado' : refusal ? 'recusado' : 'a aplicar...'}
          </span>
          <Button variant="link" size="sm" className="p-0" aria-label={`Remover o código ${code}`} onClick={() => setDiscountCode(null)}>
            Remover
          </Button>
        </div>
      : // No form of its own: the checkout's summary sits inside the checkout's form (a form may not hold another).
        <div>
          <Form.Label htmlFor={`${id}-code`}>Código de desconto</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              id={`${id}-code`}
              value={typed}
              maxLength={60}
              autoCapitalize="characters"
              autoComplete="off"
              aria-describedby={`${id}-status`}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                apply();
              }}
            />
            <Button type="button" variant="outline-primary" onClick={apply}>
              Aplicar
            </Button>
          </div>
        </div>
      }
      <div id={`${id}-status`} aria-live="polite" className={refusal ? 'small text-danger mt-1' : 'visually-hidden'}>
        {refusal ?? (applied?.discount_label ? `${applied.discount_label} aplicado.` : '')}
      </div>
    </div>
  );
}
