/** The shop's own details, shown in the footer, contact page and e-mails. */
export const shop = {
  name: 'Loja',
  tagline: 'Organização pessoal, produtos e serviços',
  quote: 'Organizar é abrir espaço para o que realmente importa.',
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/', icon: 'bi-instagram' },
    { name: 'Facebook', url: 'https://www.facebook.com/', icon: 'bi-facebook' },
    { name: 'WhatsApp', url: 'https://wa.me/', icon: 'bi-whatsapp' },
  ],
} as const;
