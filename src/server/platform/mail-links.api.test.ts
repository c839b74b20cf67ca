import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, PUBLIC_URL, uniqueEmail, useTestApp } from '../../../tests/helpers/app.ts';
import type { ReceivedMail } from '../../../tests/helpers/mailbox.ts';
import { checkoutAnswer, insertProduct } from '../../../tests/helpers/shop.ts';

/**
 * Issue #26: a stranger's text (a guest's name and address, a username, a contact message) written into the
 * shop's mails must never be a link, in the HTML part or the text part; only the shop's own links are.
 */
const SHOP_INBOX = 'caixa@loja.test';
const ctx = useTestApp({ SHOP_EMAIL: SHOP_INBOX });

const HOST = 'evil.example';
/** The stranger's address as each field carries it: with a scheme, with www, bare, behind a zero-width space, with IDNA's dot. */
const hostile = {
  name: `Ganhe 1000 EUR em http://${HOST}/premio`,
  address: `Rua https://${HOST}/rua 1, www.${HOST}/andar`,
  city: `${HOST}/cidade`,
  company: `https://${HOST}/empresa Lda`,
  nif: '123456789',
  phone: '912345678',
  postal_code: '1100-200',
};

/** What a mail client's linkifier would make clickable of the stranger's: his host, written with any dot. */
const strangerAddress = /(?:https?:\/\/|www\.)?evil[.\u3002\uFF0E\uFF61]example/;

/** Every <a> (and every link-like attribute) of the HTML part points at the shop; no text of the stranger's reads as an address. */
function expectNoStrangerLink(mail: ReceivedMail | undefined) {
  expect(mail, 'mail not received').toBeDefined();
  const html = mail?.html ?? '';
  const hrefs = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => m[1]);
  for (const href of hrefs) expect(href?.startsWith(PUBLIC_URL), `link to ${href}`).toBe(true);
  expect(html).not.toMatch(strangerAddress);
  expect(mail?.text ?? '').not.toMatch(strangerAddress);
  expect(mail?.text ?? '').not.toMatch(/https?:\/\/(?!loja\.test)/);
}

async function guestCheckout(email: string, fields: Record<string, string> = hostile) {
  const product = await insertProduct(ctx);
  const items = [{ product_id: product.id, quantity: 1 }];
  const res = await checkoutAnswer(ctx.app, items, { email, fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

describe("a stranger's text in the shop's mails", () => {
  it('the order-received mail of a guest checkout with links in every field has none of them clickable, and still says the address', async () => {
    const email = uniqueEmail('vitima');
    await guestCheckout(email);
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(email);
    expectNoStrangerLink(mail);
    expect(mail?.text).toContain(`Morada de envio: Ganhe 1000 EUR em http[:]//evil[.]example/premio, Rua https[:]//evil[.]example/rua 1, www[.]evil[.]example/andar, evil[.]example/cidade, 1100-200, Portugal.`);
    // The shop's own link is still a link, in both parts.
    expect(mail?.html).toContain(`<a href="${PUBLIC_URL}/order-success?id=`);
    expect(mail?.text).toContain(`Ver e pagar a encomenda: ${PUBLIC_URL}/order-success?id=`);
  });

  it('defangs the tricks: a zero-width space, IDNA dots, an e-mail address, an IP address, a line break faking a paragraph', async () => {
    const email = uniqueEmail('vitima');
    await guestCheckout(email, {
      ...hostile,
      name: `Maria evil\u200B.example`,
      address: `Rua evil\u3002example 1\n\nPague em: http://10.9.8.7/pagar`,
      city: 'Lisboa contacto@evil．example',
    });
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(email);
    expectNoStrangerLink(mail);
    expect(mail?.text).toContain('Morada de envio: Maria evil[.]example, Rua evil[.]example 1 Pague em: http[:]//10[.]9[.]8[.]7/pagar, Lisboa contacto@evil[.]example, 1100-200, Portugal.');
  });

  it('the cancellation mail of that order carries no link of the stranger either', async () => {
    const email = uniqueEmail('vitima');
    const order = await guestCheckout(email);
    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel?token=${order.accessToken}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliverMail(ctx);
    const mails = ctx.mailbox.to(email);
    expect(mails.map((m) => m.subject)).toContain(`Encomenda n.º ${order.id}: Cancelada`);
    for (const mail of mails) expectNoStrangerLink(mail);
  });

  it("the verification mail's greeting does not link the username", async () => {
    const email = uniqueEmail('registo');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: `http://${HOST}/x www.${HOST}`, email, password: 'segredo1' } });
    expect(res.statusCode, res.body).toBe(201);
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(email);
    expectNoStrangerLink(mail);
    expect(mail?.text).toMatch(/^Olá http\[:\]\/\/evil\[\.\]example\/x www\[\.\]evil\[\.\]example,/);
    expect(mail?.text).toContain(`${PUBLIC_URL}/auth/verify?token=`);
  });

  it("the contact mail to the shop links nothing the visitor wrote", async () => {
    const email = uniqueEmail('visitante');
    const payload = { name: `Eva https://${HOST}/a`, email, subject: `Veja www.${HOST}`, message: `Olá,\n\nclique em https://${HOST}/b ou ${HOST}.\n\nObrigada.` };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode, res.body).toBe(200);
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(SHOP_INBOX).find((m) => m.replyTo?.[0]?.address === email);
    expectNoStrangerLink(mail);
    expect(mail?.subject).toBe('Contacto: Veja www[.]evil[.]example');
    expect(mail?.text).toContain('clique em https[:]//evil[.]example/b ou evil[.]example.');
    expect(mail?.html).not.toContain(`href="mailto:`);
  });
});
