import { HOME_HERO } from '#shared/schemas/content.ts';
import type { Db } from '../../db/client.ts';
import { sanitizeRichText } from '../../platform/html.ts';
import { contentBlocks } from './tables.ts';

/** The home page's welcome, written as the shop's owner would, until she writes her own. */
export const demoContent: Record<string, string> = {
  [HOME_HERO]: `<h2>Bem-vindo à Loja: organização pessoal para uma vida com mais espaço</h2>
<p>Sou especialista em organização pessoal e ajudo pessoas e famílias a transformar casas, rotinas e agendas em espaços calmos e fáceis de manter.</p>
<p>Aqui encontra <strong>produtos escolhidos a dedo</strong>, <strong>guias digitais</strong> para começar ainda hoje e <strong>sessões de organização</strong>, presenciais ou online, pensadas para o seu dia a dia.</p>`,
};

/**
 * Writes the demo blocks that do not exist yet; an owner's own text is never replaced. Answers how many
 * blocks it wrote.
 */
export async function seedDemoContent(db: Db): Promise<number> {
  const rows = Object.entries(demoContent).map(([section, value]) => ({ section, value: sanitizeRichText(value) }));
  const written = await db.insert(contentBlocks).values(rows).onConflictDoNothing().returning({ section: contentBlocks.section });
  return written.length;
}
