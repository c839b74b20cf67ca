import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { formatCents, toCents } from '#shared/money.ts';
import { freeShippingFromEuros } from '#shared/orders.ts';
import type { CartAnswer } from '#shared/schemas/cart.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { paths } from '#shared/paths.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { serverCartKey } from './api.ts';
import { type Cart, type CartItem, lineName, removeItem, useCart } from './cart-store.ts';
import { catalogMessages } from '#shared/texts/catalog.ts';
import {
  answerLine,
  regularPriceOf,
  blocksCheckout,
  changeMark,
  dismissCartChanges,
  lineProblem,
  soldOutLines,
  totalsErrorMessage,
  useCartChanges,
  useCartTotals,
} from './cart-totals.ts';
import { CartChangesList, freeShippingNotice, InlineSpinner, SoldOutList, TotalsList } from './cart-ui.tsx';
import { CartLine, EmptyCart } from './cart-lines.tsx';
import BiTruckIcon from '~icons/bi/truck';
import { DiscountCodeField } from './discount-code-field.tsx';
import { TableHead } from '../../components/table-head.tsx';

/** /carrinho (storefront.md §2): the lines, the server's totals and the way to the checkout. */
export function CartPage() {
  const hydrated = useHydrated();
  const stored = useCart();
  // Until the app runs, the lines and totals the server rendered from the cart cookie (decision 0056).
  const rendered = useQueryClient().getQueryData<CartAnswer>(serverCartKey);
  const fromServer = !hydrated && rendered ? rendered : undefined;
  const items: Cart = fromServer ? fromServer.items : stored;
  // A basket of digital products only ships nothing: no word about delivery.
  const ships = items.some((item) => !item.isDigital);
  const totals = useCartTotals(items, undefined, !fromServer);
  const [search] = useSearchParams();
  const added = items.find((item) => item.id === search.get('adicionado'));
  const changes = useCartChanges(items);
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  const remove = (item: CartItem) => {
    removeItem(item.id);
    setRemoved(`${lineName(item)} foi removido do carrinho.`);
    // The button is gone with its line: keep the keyboard on the page.
    heading.current?.focus();
  };

  const data = items.length === 0 ? undefined : (fromServer?.totals ?? totals.data);
  const error = totals.isError ? totals.error : null;
  // Stock known only from an answer for these very lines (not the previous cart's, kept on screen meanwhile).
  const known = totals.isPlaceholderData && !fromServer ? undefined : (data ?? undefined);
  const soldOut = soldOutLines(items, known);
  const blocked = (error !== null && blocksCheckout(error)) || soldOut.length > 0;
  // Cents, so 70,00 € - 64,10 € is 5,90 € and not 5,899999.
  const missingCents = data && data.shippingCost > 0 ? toCents(freeShippingFromEuros) - toCents(data.subtotalWithTax) : 0;

  return (
    <Container className="py-4 py-md-5">
      <h1 ref={heading} tabIndex={-1} className="cart-heading mb-4">
        Carrinho
      </h1>
      <div className="visually-hidden" aria-live="polite">
        {removed}
      </div>
      {/* A form's add lands here (decision 0056): say what it added. */}
      {added && !removed && (
        <Alert variant="success" role="status">
          {`${lineName(added)} foi adicionado ao carrinho.`}
        </Alert>
      )}
      {items.length === 0 ?
        <EmptyCart />
      : <>
          <div aria-live="polite">
            {changes.length > 0 && (
              <Alert variant="warning" dismissible closeLabel="Fechar" onClose={dismissCartChanges}>
                <CartChangesList changes={changes} />
              </Alert>
            )}
          </div>
          {(error || soldOut.length > 0) && (
            <Alert variant="danger" id="cart-problem" role="alert">
              {error ?
                totalsErrorMessage(error)
              : <SoldOutList items={soldOut} className="mb-0 ps-3" />
              }
            </Alert>
          )}
          <Row className="g-4">
            <Col xs={12} lg={8}>
              <div className="table-responsive">
                <Table className="cart-table align-middle mb-0">
                  <caption className="visually-hidden">Produtos no carrinho</caption>
                  <TableHead columns={['Produto', 'Preço unitário', 'Quantidade', 'Subtotal', { label: 'Remover', hidden: true }]} />
                  <tbody>
                    {items.map((item) => (
                      <CartLine
                        key={item.id}
                        item={item}
                        marks={changes.filter((c) => c.id === item.id).map((c) => changeMark[c.kind])}
                        stock={answerLine(known, item)?.stock}
                        regular={regularPriceOf(known, item)}
                        problem={soldOut.includes(item) ? catalogMessages.outOfStock : lineProblem(error, item)}
                        onRemove={remove}
                      />
                    ))}
                  </tbody>
                </Table>
              </div>
            </Col>
            <Col xs={12} lg={4}>
              <Card className="shadow-sm">
                <Card.Body>
                  <h2 className="h5 mb-3">Resumo</h2>
                  <DiscountCodeField totals={data} fresh={!totals.isPlaceholderData && !totals.isFetching} />
                  <div aria-live="polite" aria-busy={totals.isFetching || undefined}>
                    {data ?
                      <>
                        {/* The previous totals stay readable (full contrast) while the new ones are computed. */}
                        <TotalsList totals={data} ships={ships} />
                        {totals.isPlaceholderData && !fromServer && <InlineSpinner label="A atualizar os totais..." />}
                      </>
                    : totals.isPending && !error ?
                      <InlineSpinner label="A calcular os totais..." />
                    : <p className="text-danger mb-0">Não foi possível calcular os totais.</p>}
                  </div>
                  {ships ?
                    <p className="small text-secondary mt-3 mb-3">
                      <BiTruckIcon className="bi me-2" aria-hidden="true" />
                      {freeShippingNotice}
                      {missingCents > 0 && ` Faltam ${formatCents(missingCents)} para portes grátis.`}
                    </p>
                  : <div className="mb-3" />}
                  <div className="d-grid gap-2">
                    {blocked ?
                      <Button variant="primary" disabled aria-describedby="cart-problem">
                        Finalizar compra
                      </Button>
                    : <Link to={paths.checkout} className="btn btn-primary">
                        Finalizar compra
                      </Link>
                    }
                    <ContinueShoppingLink />
                  </div>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </>
      }
    </Container>
  );
}
