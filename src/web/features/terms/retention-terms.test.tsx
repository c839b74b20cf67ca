import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { periodInWords, PURGED_BY_JOB, RETENTION, retentionSentence } from '#shared/retention.ts';
import { PURGES } from '../../../server/modules/privacy/retention-purge.ts';
import { termsSections } from './terms-sections.tsx';

/* issue #28: the terms' "Conservação dos dados" and the daily purge job read one table; they cannot disagree. */

const conservation = () => {
  const section = termsSections.find((s) => s.id === 'conservacao');
  if (!section) throw new Error('no conservation section');
  const html = renderToStaticMarkup(<>{section.body}</>);
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => (m[1] ?? '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"'));
};

describe('the terms state the retention the purge job carries out', () => {
  it('one line per rule of the table, in its words and period', () => {
    expect(conservation()).toEqual(RETENTION.map(retentionSentence));
  });

  it('says the periods the issue promises, and the job purges exactly the rules it says it does', () => {
    const lines = conservation();
    const said = (start: string) => lines.find((l) => l.startsWith(start)) ?? '';
    expect(said('Mensagens de contacto')).toContain('no máximo, 2 anos');
    expect(said('Subscrições da newsletter por confirmar')).toContain('30 dias');
    expect(said('Contas por confirmar')).toContain('30 dias');
    expect(said('Sessões e links')).toContain('quando expiram');
    expect(said('Encomendas e faturas')).toContain('10 anos');
    for (const rule of PURGED_BY_JOB) {
      expect(PURGES[rule.key], rule.key).toBeTypeOf('function');
      if (typeof rule.period === 'object') expect(lines).toContain(retentionSentence(rule).replace('{period}', periodInWords(rule.period)));
    }
  });
});
