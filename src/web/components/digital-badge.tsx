import Badge from 'react-bootstrap/Badge';
import BiCloudArrowDownIcon from '~icons/bi/cloud-arrow-down';

/** The one look of a digital product's badge: the cart, the checkout, the orders and the product page ('Produto Digital'). */
export function DigitalBadge({ label = 'Digital', className }: { label?: string; className?: string }) {
  return (
    <Badge bg="info" text="dark" className={className}>
      <BiCloudArrowDownIcon className="bi me-1" aria-hidden="true" />
      {label}
    </Badge>
  );
}
