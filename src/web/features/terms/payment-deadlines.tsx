import { useQuery } from '@tanstack/react-query';
import { shopDetailsQuery } from '../contact/api.ts';

/** '24 horas', '2 horas', '1 hora', '90 minutos'. */
const duration = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` : `${minutes} minutos`;

/** How long an order waits for its payment (#26): the server's settings, the ones the checkout applies. */
export function PaymentDeadlines() {
  const details = useQuery(shopDetailsQuery);
  const deadlines = details.data?.paymentDeadlines;
  if (!deadlines) return null;
  return (
    <li>
      Prazo de pagamento: <strong>{duration(deadlines.multibancoMinutes)}</strong> por Multibanco e <strong>{duration(deadlines.mbwayMinutes)}</strong> por
      MB WAY, a contar da encomenda. Sem pagamento nesse prazo, a encomenda é cancelada e os produtos voltam a ficar disponíveis.
    </li>
  );
}
