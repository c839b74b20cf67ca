import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { orderReceivedMail, paymentReceivedMail } from '../../modules/orders/mails.ts';
import { newsletterMail } from '../../modules/newsletter/mails.ts';
import { composeMail, stampIdentity } from '../mail.ts';

const url = 'https://loja.example.pt/minhas-encomendas/7?a=1&b=2';

const order = {
  id: 7,
  email: 'ana@example.pt',
  status: 'pending' as const,
  paymentMethod: 'mbway' as const,
  shippingAddress: 'Rua A, 1, 1000-001 Lisboa',
  shippingCents: 0,
  totalTaxCents: 234,
  totalWithTaxCents: 1250,
  lines: [
    { productName: '<script>alert(1)</script>', variantName: 'Azul', quantity: 1, unitPriceCents: 1250, isDigital: false, picture: 'https://loja.example.pt/api/images/3/abc/thumb.webp' },
    { productName: 'Guia digital', variantName: null, quantity: 2, unitPriceCents: 0, isDigital: true, picture: null },
  ],
};

describe('the shop’s e-mail frame', () => {
  it('writes the text part line by line and the HTML in the shop’s frame', async () => {
    const mail = await composeMail({
      to: 'ana@example.pt',
      subject: 'Confirme o seu email',
      greeting: 'Olá <Ana>,',
      paragraphs: ['Primeiro parágrafo.', 'Segundo: veja https://loja.example.pt/login; obrigado.'],
      action: { label: 'Confirmar email', url },
    });
    expect(mail.text).toBe(
      [
        'Olá <Ana>,',
        '',
        'Primeiro parágrafo.',
        '',
        'Segundo: veja https://loja.example.pt/login; obrigado.',
        '',
        `Confirmar email: ${url}`,
        '',
        '--',
        'Esta mensagem foi enviada automaticamente pela Loja. Se lhe responder, a resposta chega à loja.',
        '[identidade-da-loja]',
      ].join('\n'),
    );
    expect(mail.html).toContain('lang="pt-PT"');
    expect(mail.html).toContain('Olá &lt;Ana&gt;,');
    // The button and the written-out address both lead to the action, its & escaped as HTML wants.
    expect(mail.html.match(/href="https:\/\/loja\.example\.pt\/minhas-encomendas\/7\?a=1&amp;b=2"/g)).toHaveLength(2);
    expect(mail.html).toContain('Se o botão não funcionar, copie este endereço para o navegador:');
    // An address inside a sentence is a link, without the sentence's punctuation.
    expect(mail.html).toContain('href="https://loja.example.pt/login"');
    expect(mail.html).toContain('#2f5d50');
    expect(mail.html).toContain('Esta mensagem foi enviada automaticamente pela Loja.');
    expect(mail.html).toContain('Primeiro parágrafo.'); // the inbox preview
  });

  it('is safe in dark mode: the colour-scheme metas and a dark style block', async () => {
    const mail = await composeMail({ to: 'a@example.pt', subject: 'S', greeting: 'Olá,', paragraphs: ['P.'] });
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(mail.html).toContain('<meta name="supported-color-schemes" content="light dark"');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.html).not.toContain('<a href'); // no action, no button
  });

  it('escapes a product’s name in the order summary and shows a picture only where there is one', async () => {
    const mail = await orderReceivedMail(order, url, ['multibanco', 'mbway']);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    expect(mail.html).toContain('src="https://loja.example.pt/api/images/3/abc/thumb.webp"');
    expect(mail.html).toContain('Resumo da encomenda');
    expect(mail.html).toMatch(/Portes.*grátis/s);
    expect(mail.html).toMatch(/IVA incluído.*2,34\s€/s);
    expect(mail.html).toMatch(/Total.*12,50\s€/s);
    // The text part still lists the lines and totals as sentences.
    expect(mail.text).toContain(`1 × <script>alert(1)</script> (Azul): ${formatCents(1250)}`);
    expect(mail.text).toContain(`Portes: grátis. Total: ${formatCents(1250)} (inclui IVA de ${formatCents(234)}).`);
  });

  it('adds the summary to the payment mail without changing its text', async () => {
    const mail = await paymentReceivedMail(order, url, [], true, undefined);
    expect(mail.html).toContain('Resumo da encomenda');
    expect(mail.text).not.toContain('Resumo');
    expect(mail.text).toContain(`Recebemos o pagamento de ${formatCents(1250)} da encomenda n.º 7. Obrigado!`);
  });

  it('frames a newsletter with its HTML as it is and its unsubscribe link', async () => {
    const mail = await newsletterMail('https://loja.example.pt', 'ana@example.pt', 'tok', { title: 'Maio', content: '<p><strong>Novidades</strong></p><script>x</script>' });
    expect(mail.html).toContain('<strong>Novidades</strong>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://loja.example.pt/newsletter/unsubscribe?token=tok"');
    expect(mail.headers?.['List-Unsubscribe']).toBe('<https://loja.example.pt/api/newsletter/unsubscribe?token=tok>');
    expect(mail.text).toBe('Maio\n\nNovidades\n\n--\nRecebe esta newsletter porque a subscreveu na Loja.\nCancelar a subscrição: https://loja.example.pt/newsletter/unsubscribe?token=tok\n[identidade-da-loja]');

    // The frame is rendered once per newsletter; each copy still carries its own reader's link.
    const newsletter = { title: 'Junho', content: '<p>Olá</p>' };
    const [first, second] = await Promise.all(['um', 'dois'].map((token) => newsletterMail('https://loja.example.pt', 'a@example.pt', token, newsletter)));
    expect(first?.html).toContain('unsubscribe?token=um"');
    expect(first?.html).not.toContain('token=dois');
    expect(second?.html).toContain('unsubscribe?token=dois"');
  });

  it('leaves a mark for the shop’s identity in both parts, which the mailer fills in, escaped in the HTML', async () => {
    const mail = await composeMail({ to: 'a@b.pt', subject: 'Teste', greeting: 'Olá,', paragraphs: ['Linha.'] });
    expect(mail.html).toContain('[identidade-da-loja]');
    expect(mail.text.trimEnd().endsWith('[identidade-da-loja]')).toBe(true);
    const stamped = stampIdentity(mail, { legalName: 'Arruma & Companhia <Lda>', nif: '501234567', address: 'Rua A, 1, 1000-001 Lisboa' });
    expect(stamped.text.trimEnd().endsWith('Arruma & Companhia <Lda> · NIF 501234567 · Rua A, 1, 1000-001 Lisboa')).toBe(true);
    expect(stamped.html).toContain('Arruma &amp; Companhia &lt;Lda&gt; · NIF 501234567 · Rua A, 1, 1000-001 Lisboa');
    expect(stamped.html).not.toContain('[identidade-da-loja]');
  });
});
