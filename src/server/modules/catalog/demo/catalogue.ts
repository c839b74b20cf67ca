import type { Unit } from '#shared/unit-price.ts';
import { blush, butter, lavender, mist, type Motif, type Palette, sage, sand, stone, teal, terracotta } from './artwork.ts';

type DemoVariant = { name: string; price: string; stock: number; sku: string };

/** A demo product as the admin form would send it (parsed by the same `productFields`), plus its pictures. */
export type DemoProduct = {
  name: string;
  description: string;
  price?: string;
  stock?: number;
  variants?: DemoVariant[];
  isDigital?: boolean;
  link?: string;
  /** How many of a unit one item holds, for the price per unit of measure (decision 0047): a pack of 60 is 60 'unidade'. */
  unitQuantity?: string;
  unit?: Unit;
  /** One item's weight in grams, for shipping by weight. */
  weightGrams?: number;
  motif: Motif;
  palette: Palette;
  /** Captions of the extra pictures (view 1); 'pattern' adds the motif pattern (view 2). */
  extra?: (string | 'pattern')[];
};

const downloads = 'https://loja.example.pt/downloads';
/** A digital product's fields: a file under the shop's downloads, never out of stock. */
const download = (file: string) => ({ stock: 9999, isDigital: true, link: `${downloads}/${file}` });

/** The demo shop: a personal-organisation specialist's range, in the order the shop shows it. */
export const demoCatalogue: DemoProduct[] = [
  {
    name: 'Caixa organizadora com tampa',
    description:
      'Caixa em cartão rígido forrado a linho, com tampa e pega embutida. Empilha-se sem deformar e tem porta-etiqueta na frente para saber o que guarda sem abrir.',
    variants: [
      { name: 'Pequena (25 × 18 × 12 cm)', price: '12,90', stock: 34, sku: 'CX-TAMPA-P' },
      { name: 'Média (33 × 25 × 16 cm)', price: '16,90', stock: 21, sku: 'CX-TAMPA-M' },
      { name: 'Grande (40 × 30 × 20 cm)', price: '21,90', stock: 0, sku: 'CX-TAMPA-G' },
    ],
    motif: 'box',
    palette: sand,
    extra: ['Três tamanhos: pequena, média e grande'],
  },
  {
    name: 'Conjunto de 3 caixas em cartão kraft',
    description: 'Três caixas encaixáveis em cartão kraft reciclado, ideais para prateleiras e roupeiros. Entregues planas e montam-se em segundos.',
    price: '19,90',
    stock: 25,
    motif: 'boxes',
    palette: sand,
  },
  {
    name: 'Etiquetas autocolantes para despensa (60 un.)',
    description:
      'Sessenta etiquetas impressas com os nomes mais usados na despensa (arroz, massa, farinha, café...) e doze em branco. Resistentes à humidade e fáceis de remover.',
    price: '4,90',
    stock: 120,
    unitQuantity: '60',
    unit: 'unidade',
    weightGrams: 90,
    motif: 'tag',
    palette: butter,
    extra: ['60 etiquetas: 48 impressas e 12 em branco'],
  },
  {
    name: 'Etiquetas de ardósia reutilizáveis (24 un.)',
    description: 'Etiquetas de efeito ardósia para escrever com giz líquido e apagar com um pano húmido. Incluem um marcador branco.',
    price: '6,50',
    stock: 0,
    motif: 'tag',
    palette: stone,
  },
  {
    name: 'Planner semanal A5',
    description:
      'Planner não datado com 52 semanas, páginas de objetivos mensais e listas de hábitos. Capa dura, papel de 100 g e elástico para o manter fechado.',
    variants: [
      { name: 'Verde-salva', price: '18,50', stock: 14, sku: 'PLN-A5-VERDE' },
      { name: 'Terracota', price: '18,50', stock: 9, sku: 'PLN-A5-TERRA' },
      { name: 'Azul-névoa', price: '18,50', stock: 11, sku: 'PLN-A5-AZUL' },
    ],
    motif: 'planner',
    palette: sage,
    extra: ['Verde-salva, terracota e azul-névoa', 'pattern'],
  },
  {
    name: 'Agenda anual dia por página',
    description: 'Uma página por dia com espaço para horário, tarefas e notas, e vista mensal no início de cada mês. Fita marcadora dupla e bolsa interior.',
    price: '24,90',
    stock: 40,
    motif: 'planner',
    palette: terracotta,
    extra: ['Uma página por dia, com vista mensal'],
  },
  {
    name: 'Cabides de veludo antideslizantes (10 un.)',
    description: 'Cabides finos em veludo que seguram as peças sem escorregar e poupam até metade do espaço no roupeiro. Gancho rotativo a 360°.',
    variants: [
      { name: 'Preto', price: '14,90', stock: 30, sku: 'CAB-VEL-PRETO' },
      { name: 'Rosa-velho', price: '14,90', stock: 18, sku: 'CAB-VEL-ROSA' },
      { name: 'Creme', price: '14,90', stock: 22, sku: 'CAB-VEL-CREME' },
    ],
    motif: 'hanger',
    palette: blush,
    extra: ['Preto, rosa-velho e creme'],
  },
  {
    name: 'Cabides de madeira para casacos (5 un.)',
    description: 'Cabides largos em madeira de faia, com ombros arredondados para casacos e blusões pesados.',
    price: '22,50',
    stock: 15,
    motif: 'hanger',
    palette: sand,
  },
  {
    name: 'Divisórias de gaveta extensíveis (4 un.)',
    description: 'Divisórias ajustáveis entre 32 e 52 cm, com pontas em borracha que não riscam. Separam roupa interior, meias ou utensílios de cozinha.',
    price: '11,90',
    stock: 35,
    motif: 'divider',
    palette: mist,
  },
  {
    name: 'Organizador de gaveta em bambu',
    description: 'Tabuleiro em bambu com compartimentos de vários tamanhos para talheres, material de escritório ou acessórios. Acabamento natural, fácil de limpar.',
    variants: [
      { name: 'Pequeno (5 compartimentos)', price: '15,90', stock: 16, sku: 'ORG-BAMBU-P' },
      { name: 'Grande (7 compartimentos)', price: '24,90', stock: 8, sku: 'ORG-BAMBU-G' },
    ],
    motif: 'divider',
    palette: butter,
    extra: ['Pequeno com 5 e grande com 7 compartimentos'],
  },
  {
    name: 'Cesto em algodão entrançado',
    description: 'Cesto macio em corda de algodão com pegas, para mantas, brinquedos ou roupa para passar. Mantém a forma mesmo vazio.',
    variants: [
      { name: 'Natural, médio', price: '17,90', stock: 12, sku: 'CST-ALG-NAT-M' },
      { name: 'Natural, grande', price: '23,90', stock: 7, sku: 'CST-ALG-NAT-G' },
      { name: 'Cinzento, médio', price: '17,90', stock: 10, sku: 'CST-ALG-CIN-M' },
    ],
    motif: 'basket',
    palette: stone,
    extra: ['Natural ou cinzento, em dois tamanhos', 'pattern'],
  },
  {
    name: 'Cesto de arrumação em feltro',
    description: 'Cesto dobrável em feltro reciclado, do tamanho certo para os cubos das estantes mais comuns.',
    price: '13,50',
    stock: 0,
    motif: 'basket',
    palette: mist,
  },
  {
    name: 'Sacos de vácuo para roupa (6 un.)',
    description: 'Seis sacos de vácuo de tamanhos variados que reduzem o volume de edredões e roupa de estação até 75%. Funcionam com qualquer aspirador.',
    price: '19,90',
    stock: 30,
    unitQuantity: '6',
    unit: 'unidade',
    weightGrams: 640,
    motif: 'bag',
    palette: lavender,
  },
  {
    name: 'Frascos herméticos para despensa (4 un.)',
    description: 'Quatro frascos em vidro com tampa de bambu e vedante em silicone, para cereais, leguminosas e snacks. Combinam com as etiquetas de despensa.',
    price: '29,90',
    stock: 18,
    motif: 'jar',
    palette: sage,
    extra: ['Vidro, tampa de bambu e vedante em silicone'],
  },
  {
    name: 'Organizador de maquilhagem em acrílico',
    description: 'Organizador transparente com gavetas e divisórias para batons, pincéis e paletas. Tudo à vista na bancada da casa de banho.',
    price: '26,90',
    stock: 12,
    motif: 'tiers',
    palette: blush,
  },
  {
    name: 'Organizador de cabos (10 un.)',
    description: 'Dez fitas reutilizáveis em silicone para arrumar carregadores, auscultadores e cabos da secretária.',
    price: '2,90',
    stock: 200,
    motif: 'cables',
    palette: teal,
  },
  {
    name: 'Bloco de listas magnético',
    description: 'Bloco de 60 folhas com íman para o frigorífico, com colunas para compras, refeições da semana e lembretes.',
    price: '5,90',
    stock: 60,
    motif: 'notepad',
    palette: butter,
  },
  {
    name: 'Kit Cozinha Arrumada',
    description:
      'Tudo para organizar a despensa de uma vez: oito frascos herméticos, divisórias de gaveta, 60 etiquetas e um guia passo a passo. Poupa 15% face à compra em separado.',
    price: '89,00',
    stock: 6,
    motif: 'kit',
    palette: terracotta,
    extra: ['Frascos, divisórias, etiquetas e guia', 'pattern'],
  },
  {
    name: 'Kit Roupeiro Organizado',
    description: 'Vinte cabides de veludo, quatro divisórias de gaveta, dois cestos em algodão e três sacos de vácuo, para pôr o roupeiro em ordem num fim de semana.',
    price: '64,90',
    stock: 8,
    motif: 'kit',
    palette: lavender,
    extra: ['Cabides, divisórias, cestos e sacos de vácuo'],
  },
  {
    name: 'Planner digital em PDF: rotina semanal',
    description: 'Planner para imprimir ou usar no tablet, com páginas de rotina semanal, refeições e tarefas da casa. Descarregue logo após o pagamento.',
    price: '7,90',
    ...download('planner-rotina-semanal.pdf'),
    motif: 'pdf',
    palette: sage,
  },
  {
    name: 'Guia Casa Arrumada em 30 Dias',
    description: 'Um guia em PDF com uma tarefa curta por dia, divisão a divisão, para arrumar a casa sem maratonas. Inclui calendário para imprimir.',
    price: '12,90',
    ...download('guia-casa-arrumada-30-dias.pdf'),
    motif: 'book',
    palette: teal,
    extra: ['30 tarefas curtas, uma por dia'],
  },
  {
    name: 'Checklists de destralhe para imprimir',
    description: 'Doze checklists de destralhe, da cozinha à garagem, para decidir o que fica, o que se doa e o que se recicla.',
    price: '3,90',
    ...download('checklists-destralhe.pdf'),
    motif: 'checklist',
    palette: mist,
  },
  {
    name: 'Workshop gravado: Roupeiro Cápsula',
    description:
      'Workshop de 90 minutos para criar um roupeiro cápsula: escolher peças, combinar cores e manter a ordem. Acesso vitalício à gravação e aos materiais de apoio.',
    price: '29,00',
    ...download('workshop-roupeiro-capsula'),
    motif: 'video',
    palette: blush,
    extra: ['90 minutos, com materiais de apoio'],
  },
  {
    name: 'Workshop gravado: Papéis e Documentos em Ordem',
    description: 'Aprenda a montar um arquivo doméstico simples para faturas, contratos e documentos da família, em papel e no computador.',
    price: '34,00',
    ...download('workshop-papeis-documentos'),
    motif: 'video',
    palette: stone,
  },
];

/** The demo shop's collections: published groups of its products (by name), as the owner's Coleções tab makes them. */
export const demoCollections: { name: string; description: string; sort: 'manual' | 'price_asc'; products: string[] }[] = [
  {
    name: 'Arrumação da casa',
    description: '<p>Caixas, cestos e organizadores para dar a cada coisa o seu lugar, da despensa ao roupeiro.</p>',
    sort: 'manual',
    products: [
      'Caixa organizadora com tampa',
      'Cesto de arrumação em feltro',
      'Cesto em algodão entrançado',
      'Conjunto de 3 caixas em cartão kraft',
      'Organizador de gaveta em bambu',
      'Divisórias de gaveta extensíveis (4 un.)',
      'Frascos herméticos para despensa (4 un.)',
      'Kit Cozinha Arrumada',
    ],
  },
  {
    name: 'Planear a semana',
    description: '<p>Agendas, planners e listas, em papel e em PDF, para planear a semana e não esquecer nada.</p>',
    sort: 'price_asc',
    products: ['Planner semanal A5', 'Agenda anual dia por página', 'Bloco de listas magnético', 'Planner digital em PDF: rotina semanal', 'Checklists de destralhe para imprimir'],
  },
];
