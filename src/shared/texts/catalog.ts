// The catalog texts and limits pages show, kept apart from the zod schemas: a page that only shows
// them does not load the validation library.

export const catalogMessages = {
  weight: 'O peso é um número inteiro de gramas (por exemplo 450), ou fica vazio.',
  unitQuantity: 'A quantidade é um número maior que zero, com até 3 casas decimais (por exemplo 0,75), ou fica vazia.',
  unit: 'Escolha uma das unidades da lista (kg, L, m, m², m³ ou unidade), ou deixe vazio.',
  unitPair: 'Indique a quantidade e a unidade, ou nenhuma das duas.',
  productNotFound: 'Produto não encontrado.',
  /** The one wording for a product or variant with nothing left, everywhere. */
  outOfStock: 'Fora de stock',
  nameRequired: 'Por favor insira o nome do produto.',
  descriptionRequired: 'Por favor insira a descrição do produto.',
  orderRequired: 'Por favor insira a ordem.',
  priceRequired: 'Por favor insira um preço válido (por exemplo 12,50).',
  stockRequired: 'Por favor insira o stock (um número inteiro, 0 ou mais).',
  withdrawalExemption: 'Escolha um dos motivos da lei, ou deixe «Com direito de livre resolução».',
  linkRequired: 'Por favor insira o link de acesso do produto digital (http:// ou https://).',
  variantsRequired: 'Adicione pelo menos uma variante.',
  variantName: 'Cada variante precisa de um nome.',
  variantPrice: 'Cada variante precisa de um preço válido.',
  variantStock: 'Cada variante precisa de stock (um número inteiro, 0 ou mais).',
  skuTaken: 'Este SKU já está a ser usado por outra variante.',
  skuRepeated: 'Os SKU das variantes têm de ser diferentes.',
  productDeleted: 'Produto eliminado.',
  productArchived: 'O produto aparece em encomendas: foi arquivado (deixa de aparecer na loja) e as encomendas mantêm-se.',
  tooManyImages: 'Cada produto pode ter no máximo 12 imagens.',
  minPriceInvalid: 'Preço mínimo inválido: escreva um valor em euros, por exemplo 12,50.',
  maxPriceInvalid: 'Preço máximo inválido: escreva um valor em euros, por exemplo 12,50.',
  priceRangeInverted: 'O preço máximo não pode ser inferior ao preço mínimo.',
} as const;

export const collectionMessages = {
  notFound: 'Coleção não encontrada.',
  nameRequired: 'Por favor insira o nome da coleção.',
  slugInvalid: 'O endereço só pode ter letras minúsculas sem acentos, números e hífenes (por exemplo arrumacao-da-casa).',
  slugTaken: 'Já existe uma coleção com este endereço.',
  imageNotFound: 'A imagem escolhida não existe na biblioteca de media.',
  productsNotFound: 'Alguns dos produtos escolhidos não existem.',
  collectionsNotFound: 'Algumas das coleções escolhidas não existem.',
  deleted: 'Coleção eliminada.',
} as const;

/** How a collection's page orders its products (the owner's choice). */
export const collectionSorts = [
  { value: 'manual', label: 'Ordem manual' },
  { value: 'price_asc', label: 'Preço: mais baixo primeiro' },
  { value: 'price_desc', label: 'Preço: mais alto primeiro' },
  { value: 'name', label: 'Nome (A-Z)' },
] as const;
export type CollectionSort = (typeof collectionSorts)[number]['value'];

export const mediaMessages = {
  nameRequired: 'Por favor, insira um nome para a imagem antes de fazer upload.',
  nameInvalid: 'O nome da imagem só pode ter letras, números, espaços, hífenes e sublinhados (sem extensão).',
  fileRequired: 'Escolha uma imagem para carregar.',
  notAnImage: 'O ficheiro não é uma imagem válida (aceitamos JPG, PNG, GIF, WebP e SVG).',
  tooLarge: 'A imagem excede o tamanho máximo de 10 MB.',
  svgActive: 'Este SVG contém conteúdo ativo (scripts, eventos ou ligações externas) e foi recusado.',
  svgNotAllowed: 'Imagens SVG só podem ser carregadas na biblioteca de media.',
  svgTooComplex: 'Este SVG tem demasiados elementos (no máximo 20 000) para ser convertido em imagem. Simplifique-o ou envie-o em PNG.',
  tooManyPixels: 'A imagem tem demasiados píxeis (no máximo 50 megapíxeis). Reduza as dimensões e tente novamente.',
  tooSlow: 'A imagem demorou demasiado tempo a ser processada e foi recusada. Reduza-a ou envie-a noutro formato.',
  imageNotFound: 'Imagem não encontrada.',
  imageDeleted: 'Imagem eliminada.',
} as const;
