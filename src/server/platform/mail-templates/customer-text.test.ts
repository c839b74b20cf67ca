import { describe, expect, it } from 'vitest';
import { customerText } from './customer-text.ts';

describe('customerText', () => {
  it('defangs every way of writing an address: a scheme, www, a bare host, an e-mail, an IP, IDNA dots', () => {
    expect(customerText('Ganhe em https://evil.example/premio', 200)).toBe('Ganhe em https[:]//evil[.]example/premio');
    expect(customerText('ftp://files.evil.example', 200)).toBe('ftp[:]//files[.]evil[.]example');
    expect(customerText('www.evil.example/x', 200)).toBe('www[.]evil[.]example/x');
    expect(customerText('maria@gmail.com', 200)).toBe('maria@gmail[.]com');
    expect(customerText('http://10.0.0.1/pagar', 200)).toBe('http[:]//10[.]0[.]0[.]1/pagar');
    expect(customerText('evil\u3002example evil\uFF0Eexample evil\uFF61example', 200)).toBe('evil[.]example evil[.]example evil[.]example');
    expect(customerText('exämple.pt xn--mnchen-3ya.de', 200)).toBe('exämple[.]pt xn--mnchen-3ya[.]de');
  });

  it('drops the invisible characters that would split an address past the defanging', () => {
    expect(customerText('evil\u200B.\u00ADexample', 200)).toBe('evil[.]example');
    expect(customerText('Rua \u202Eelpmaxe.live', 200)).toBe('Rua elpmaxe[.]live');
  });

  it('leaves an ordinary address, name and amount as typed', () => {
    expect(customerText('Maria Silva, Rua das Flores n.º 10, 2.º Esq., Lisboa, 1100-200, Portugal', 200)).toBe(
      'Maria Silva, Rua das Flores n.º 10, 2.º Esq., Lisboa, 1100-200, Portugal',
    );
    expect(customerText('Organizações Silva, S.A.', 200)).toBe('Organizações Silva, S.A.');
    expect(customerText('Paguei 12.50 EUR', 200)).toBe('Paguei 12.50 EUR');
  });

  it("cuts to the field's length (in characters, not UTF-16 units) before defanging", () => {
    expect(customerText('Olá 😀😀😀', 6)).toBe('Olá 😀😀');
    expect(customerText(`${'a'.repeat(10)} evil.example`, 15)).toBe(`${'a'.repeat(10)} evil`);
  });

  it('keeps one line (a break would fake the mail\'s own lines), or the paragraphs of a message when told', () => {
    expect(customerText('Maria\r\n\r\nVer e pagar: x', 200)).toBe('Maria Ver e pagar: x');
    expect(customerText('Olá,\r\n\r\numa  pergunta.\nObrigada.', 200, { lines: true })).toBe('Olá,\n\numa pergunta.\nObrigada.');
  });
});
