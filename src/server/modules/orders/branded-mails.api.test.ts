import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { deliverMail, PUBLIC_URL, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { pngImage } from '../../../../tests/helpers/images.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { productImages } from '../catalog/tables.ts';
import { storeImage } from '../media/images.ts';
import { processImage } from '../media/processing.ts';
import { payments } from '../payments/tables.ts';

/* The order mails through the loopback SMTP server: both parts, the lines' pictures, the order's link. */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ifthenpayEnv(fake));

async function productWithPicture(name: string) {
  const product = await insertProduct(ctx, { name, priceCents: 1250 });
  const processed = await processImage(await pngImage(400, 400), { allowSvg: false });
  const image = await ctx.database.db.transaction((tx) => storeImage(tx, 'product', null, processed));
  await ctx.database.db.insert(productImages).values({ productId: product.id, imageId: image.id, position: 0 });
  return { product, thumbnail: `${PUBLIC_URL}/api/images/${image.id}/${image.version}/thumb.jpg` };
}

describe('an order’s payment mail', () => {
  it('has an HTML and a text part, the lines’ pictures under the shop’s address and the same order link in both', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const { product, thumbnail } = await productWithPicture('Caixa <b>redonda</b>');
    const plain = await insertProduct(ctx, { name: 'Etiqueta sem foto', priceCents: 300 });
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 2 }, { product_id: plain.id, quantity: 1 }], { cookie, details: { email: user.email } });
    await deliverMail(ctx); // the Multibanco reference is issued, the order-received mail goes

    const received = ctx.mailbox.to(user.email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(received?.html).toContain(`src="${thumbnail}"`);

    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    const paid = await ctx.app.inject({
      method: 'GET',
      url: paidCallbackUrl(payment!),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await deliverMail(ctx);

    const mail = ctx.mailbox.to(user.email).find((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`);
    const html = mail?.html ?? '';
    const text = mail?.text ?? '';
    expect(html).toContain('<!DOCTYPE html');
    expect(text).toContain('Olá,');
    // The shop's legal identity at the foot of both parts, from the settings (SHOP_LEGAL_NAME, SHOP_NIF, SHOP_ADDRESS).
    const identity = `${ctx.config.shop.legalName} · NIF ${ctx.config.shop.nif} · ${ctx.config.shop.address}`;
    expect(text.trimEnd().endsWith(identity)).toBe(true);
    expect(html).toContain(identity);
    expect(html).not.toContain('[identidade-da-loja]');
    const orderLink = `${PUBLIC_URL}/minhas-encomendas/${order.id}`;
    expect(linkIn(mail)).toBe(orderLink);
    expect(text).toContain(`Ver a encomenda: ${orderLink}`);
    expect(html).toContain(`href="${orderLink}"`);
    // One picture, the pictured line's, absolute under the shop's public address; the other line has none.
    expect(html.match(/<img [^>]*src="([^"]+)"/g)).toHaveLength(1);
    expect(html).toContain(`src="${thumbnail}"`);
    expect(thumbnail.startsWith(`${PUBLIC_URL}/api/images/`)).toBe(true);
    const picture = await ctx.app.inject({ method: 'GET', url: thumbnail.slice(PUBLIC_URL.length) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('jpeg');
    // The summary: names escaped, the line's price, the total; the text part as before.
    expect(html).toContain('Caixa &lt;b&gt;redonda&lt;/b&gt;');
    expect(html).toContain(formatCents(2500));
    expect(html).toContain(formatCents(payment!.amountCents));
    expect(html).toContain('Resumo da encomenda');
    expect(text).toContain(`Recebemos o pagamento de ${formatCents(payment!.amountCents)} da encomenda n.º ${order.id}. Obrigado!`);
    expect(text).not.toContain('<');
  });
});
