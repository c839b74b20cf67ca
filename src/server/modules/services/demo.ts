import { sql } from 'drizzle-orm';
import { serviceFields } from '#shared/schemas/services.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lavender, mist, productArtwork, type Motif, type Palette, sage, terracotta } from '../catalog/demo/artwork.ts';
import { processImage, type ProcessedImage } from '../media/processing.ts';
import { createService } from './services.ts';
import { services } from './tables.ts';

// Two seeds at once (two `npm run db:seed` on one PostgreSQL) must not both fill the services.
const SEED_LOCK = 72_616_903;

type DemoService = {
  name: string;
  short_description: string;
  description: string;
  schedule_link: string;
  /** Indicative price in euros, when the specialist publishes one. */
  price?: string;
  motif: Motif;
  palette: Palette;
};

const calendar = 'https://calendly.com/loja-organizacao';

/** The specialist's services, in the order the shop shows them. */
export const demoServices: DemoService[] = [
  {
    name: 'Consultoria de organização em casa',
    short_description: 'Uma manhã em sua casa para organizar a divisão que mais a preocupa, lado a lado consigo.',
    description:
      'Vou a sua casa e trabalhamos juntas, durante quatro horas, na divisão que mais lhe pesa: roupeiro, cozinha, despensa ou escritório. ' +
      'Começamos por esvaziar e triar, decidimos o que fica, o que se doa e o que se deita fora, e arrumamos tudo com um sistema simples de manter. ' +
      'No fim recebe uma lista de compras de arrumação à medida (sem obrigação de comprar nada) e dicas para manter a ordem no dia a dia. ' +
      'Disponível na Grande Lisboa; para outras zonas, contacte-nos.',
    schedule_link: `${calendar}/consultoria-em-casa`,
    price: '120',
    motif: 'box',
    palette: sage,
  },
  {
    name: 'Sessão online de planeamento',
    short_description: 'Uma hora por videochamada para pôr a semana, a casa e a cabeça em ordem.',
    description:
      'Numa videochamada de 60 minutos olhamos para a sua rotina, as tarefas da casa e os compromissos da família, e montamos juntas um plano semanal realista. ' +
      'Sai da sessão com um planeamento em PDF feito para si, um quadro de tarefas partilhadas e três hábitos para começar já. ' +
      'Basta um computador ou telemóvel com câmara.',
    schedule_link: `${calendar}/sessao-online`,
    price: '45',
    motif: 'planner',
    palette: mist,
  },
  {
    name: 'Organização de mudanças',
    short_description: 'Planeamento da mudança, caixas etiquetadas por divisão e a casa nova arrumada desde o primeiro dia.',
    description:
      'Uma mudança corre bem quando começa semanas antes. Fazemos o plano e o calendário, triamos o que vai e o que fica, ' +
      'embalamos por divisão com etiquetas e inventário, e no destino desembalamos e arrumamos cada coisa no seu lugar. ' +
      'O orçamento depende do tamanho da casa: marque uma conversa inicial gratuita de 20 minutos.',
    schedule_link: `${calendar}/mudancas`,
    motif: 'boxes',
    palette: terracotta,
  },
  {
    name: 'Workshop de destralhe para grupos',
    short_description: 'Duas horas práticas para empresas, associações ou grupos de amigos, presencial ou online.',
    description:
      'Um workshop de duas horas com o método de destralhe por categorias, exercícios práticos e tempo para perguntas. ' +
      'Pensado para grupos de 6 a 20 pessoas: equipas de empresas, associações de pais ou grupos de amigos. ' +
      'Cada participante leva um caderno de exercícios e um plano de 30 dias.',
    schedule_link: `${calendar}/workshop-grupos`,
    motif: 'checklist',
    palette: lavender,
  },
];

const isEmpty = async (db: Tx) => (await db.select({ id: services.id }).from(services).limit(1)).length === 0;

/**
 * Fills a shop without services with the demo services and their pictures (drawn like the demo products').
 * Does nothing when any service exists, so it is safe at every start. Answers how many it created.
 */
export async function seedDemoServices(db: Db): Promise<number> {
  if (!(await isEmpty(db))) return 0;

  // Pictures first, outside the transaction: image work must not hold it open.
  const pictures: ProcessedImage[] = [];
  for (const item of demoServices) {
    const svg = productArtwork({ name: item.name, motif: item.motif, palette: item.palette, view: 0 });
    pictures.push(await processImage(Buffer.from(svg), { allowSvg: true }));
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return 0;
    for (const [position, item] of demoServices.entries()) {
      // Through the admin form's own rules: a demo service is a valid service.
      const fields = serviceFields.parse({ ...item, order: (position + 1) * 10 });
      await createService(tx, fields, pictures[position] ?? null);
    }
    return demoServices.length;
  });
}
