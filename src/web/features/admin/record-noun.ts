import type { TabName } from './admin-tabs.ts';

/**
 * How the back office names a kind of record in pt-PT, the one place its pages, buttons and messages take their
 * words from: «Novo produto», «A carregar os códigos de desconto...», «Método de envio guardado.».
 */
export type RecordNoun = {
  one: string;
  many: string;
  feminine?: boolean;
  /** The dashboard's tab the records are listed on. */
  list: TabName;
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The words of a kind of record (`one` and `many` in lower case, as in the middle of a sentence). */
export function nounWords({ one, many, feminine = false }: RecordNoun) {
  const [o, os, um, novo] = feminine ? ['a', 'as', 'uma', 'nova'] : ['o', 'os', 'um', 'novo'];
  return {
    create: capital(`${novo} ${one}`),
    createAbout: `Criar ${um} ${novo} ${one}.`,
    edit: `Editar ${one}`,
    editAbout: `Editar ${o} ${one}.`,
    loadingOne: `A carregar ${one}...`,
    loadingMany: `A carregar ${os} ${many}...`,
    loadManyError: `Erro ao carregar ${os} ${many}.`,
    backToList: `Voltar à lista de ${many}`,
    saveError: `Erro ao guardar ${o} ${one}.`,
    saved: capital(`${one} guardad${o}.`),
    created: capital(`${one} criad${o}.`),
    remove: `Eliminar ${one}`,
    removeError: `Erro ao eliminar ${o} ${one}.`,
  };
}
