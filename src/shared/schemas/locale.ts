// Every message a schema gives without one of its own is short European Portuguese, on the server and in
// the browser alike: no English (and no "esperava um número, recebeu undefined") ever reaches a person.
// Imported by every schema module. Schemas still give their own message wherever a field has one.
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

const count = new Intl.NumberFormat('pt-PT');
const plural = (n: number | bigint, one: string, many: string) => `${count.format(n)} ${Number(n) === 1 ? one : many}`;

type Issue = $ZodRawIssue;

function sizeMessage(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(limit) <= 1) return 'Este campo é obrigatório.';
      return big ? `Demasiado longo: no máximo ${plural(limit, 'carácter', 'caracteres')}.` : `Demasiado curto: pelo menos ${plural(limit, 'carácter', 'caracteres')}.`;
    case 'array':
    case 'set':
      return big ? `No máximo ${plural(limit, 'elemento', 'elementos')}.` : `Pelo menos ${plural(limit, 'elemento', 'elementos')}.`;
    case 'file':
      return big ? 'O ficheiro é demasiado grande.' : 'O ficheiro está vazio.';
    default:
      return big ? `O valor máximo é ${count.format(limit)}.` : `O valor mínimo é ${count.format(limit)}.`;
  }
}

export function ptMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Este campo é obrigatório.' : 'Valor inválido.';
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return issue.format === 'email' ? 'Email inválido.' : issue.format === 'url' ? 'Endereço inválido.' : 'Formato inválido.';
    case 'invalid_value':
      return 'Opção inválida.';
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} desconhecido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor inválido.';
  }
}

// In the browser the shop's CSP forbids eval: zod's compiled parsers could never run there, and its probe
// for them (a caught `new Function`) would still be reported as a CSP violation. The server keeps them.
z.config({ localeError: ptMessage, jitless: typeof document !== 'undefined' });
