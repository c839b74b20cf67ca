import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { contactMessages } from '#shared/texts/contact.ts';
import { shopDetailsQuery, telHref } from '../contact/api.ts';

/** Who the shop is, from the server's configuration (legal name, NIF, address; contacts when asked). */
export function ShopIdentity({ withContacts = false }: { withContacts?: boolean }) {
  const details = useQuery(shopDetailsQuery);
  if (details.isPending) {
    return (
      <p className="d-flex align-items-center gap-2 text-secondary" role="status">
        <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
        A carregar os dados da loja...
      </p>
    );
  }
  if (details.isError) {
    return (
      <p className="text-danger d-flex flex-wrap align-items-center gap-2">
        {contactMessages.shopLoadError}
        <Button variant="outline-danger" size="sm" onClick={() => void details.refetch()} disabled={details.isFetching}>
          Tentar novamente
        </Button>
      </p>
    );
  }
  const shop = details.data;
  return (
    <address className="terms-identity mb-0">
      <strong>{shop.legalName}</strong>
      <br />
      NIF {shop.nif}
      <br />
      {shop.address}
      {withContacts && (
        <>
          <br />
          Email: <a href={`mailto:${shop.email}`}>{shop.email}</a>
          <br />
          Telefone: <a href={telHref(shop.phone)}>{shop.phone}</a>
        </>
      )}
    </address>
  );
}
