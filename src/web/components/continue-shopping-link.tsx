import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';

/** The way back to the shelves after the cart, an order or a payment. */
export function ContinueShoppingLink({ to = paths.products }: { to?: string }) {
  return (
    <Link to={to} className="btn btn-outline-primary">
      Continuar a comprar
    </Link>
  );
}
